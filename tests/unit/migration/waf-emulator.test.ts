import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveNewConfiguration, type EntrypointRuleset, type LegacyWafSettings, type NewConfiguration } from '../../../src-main/migration';
import { wafHarness, zoneId } from './waf-harness';

let h: ReturnType<typeof wafHarness>;
beforeEach(() => (h = wafHarness()));
afterEach(() => h.close());

const base = (name: string) => `/zones/${zoneId(name)}`;
const ep = (name: string, q = '') => `${base(name)}/rulesets/phases/http_request_firewall_managed/entrypoint${q}`;
const config = (name: string) => h.call('GET', `${base(name)}/waf_migration/config?phase_two=1`).result as NewConfiguration;
const codeOf = (r: { errors?: { code: number }[] }) => r.errors?.[0]?.code;

describe('check / config', () => {
  it('requires phase_two=1', () => {
    for (const p of ['check', 'config']) {
      const r = h.call('GET', `${base('acme')}/waf_migration/${p}`);
      expect([r.status, codeOf(r)]).toEqual([400, 10020]);
    }
  });

  it.each([['acme', true], ['globex', true], ['initech', true], ['umbrella', false]])('%s compatible: %s', (zone, compatible) => {
    const r = h.call('GET', `${base(zone)}/waf_migration/check?phase_two=1`);
    expect(r.result).toEqual({ compatible, migration_state: 'start' });
    expect((r.messages ?? []).length > 0).toBe(!compatible);
  });

  it('config is deriveNewConfiguration of the stored legacy settings (one module)', () => {
    const legacy = h.call('GET', `${base('globex')}/firewall/waf/legacy_settings`).result as LegacyWafSettings;
    expect(config('globex')).toEqual(deriveNewConfiguration(legacy));
    expect(config('globex').rules.some((r) => r.action === 'skip')).toBe(true);
  });

  it('unknown and malformed zone ids', () => {
    expect(h.call('GET', `/zones/${'f'.repeat(32)}/waf_migration/status`).status).toBe(404);
    expect(codeOf(h.call('GET', '/zones/nothex/waf_migration/status'))).toBe(7003);
  });
});

describe('entry point state machine', () => {
  it('no entry point yet → 404 10003', () => {
    const r = h.call('GET', ep('acme'));
    expect([r.status, codeOf(r), r.errors?.[0]?.message]).toEqual([404, 10003, 'could not find entrypoint ruleset in the http_request_firewall_managed phase']);
  });

  it('Pro: validation refused, pending finishes; second migration refused; old API gone', () => {
    const v = h.call('PUT', ep('acme', '?waf_migration=validation&phase_two=1'), config('acme'));
    expect([v.status, codeOf(v)]).toEqual([403, 10023]);
    const done = h.call('PUT', ep('acme', '?waf_migration=1&phase_two=1'), config('acme'));
    expect(done.status).toBe(200);
    const rs = done.result as EntrypointRuleset;
    expect(rs).toMatchObject({ name: 'default', kind: 'zone', phase: 'http_request_firewall_managed', version: '1' });
    expect(rs.rules.every((r) => /^[0-9a-f]{32}$/.test(r.id) && r.ref === r.id && r.version === '1')).toBe(true);
    expect(rs.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,6}Z$/);
    expect(h.call('GET', `${base('acme')}/waf_migration/status`).result).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled', new_waf_status: 'enabled', source: 'api' });
    const again = h.call('PUT', ep('acme', '?waf_migration=pending&phase_two=1'), config('globex'));
    expect([again.status, codeOf(again)]).toEqual([409, 10025]);
    for (const path of ['firewall/waf/packages', 'firewall/waf/overrides', 'settings/waf']) {
      const r = h.call('GET', `${base('acme')}/${path}`);
      expect([r.status, codeOf(r)]).toEqual([410, 10027]);
    }
    expect(h.call('GET', ep('acme')).result).toEqual(rs);
  });

  it('Enterprise: validation runs both, then pending finishes; rule ids and versions follow updates', () => {
    const cfg = config('initech');
    const v = h.call('PUT', ep('initech', '?waf_migration=2&phase_two=1'), cfg);
    expect(v.status).toBe(200);
    expect(h.call('GET', `${base('initech')}/waf_migration/status`).result).toMatchObject({ migration_state: 'validation', old_waf_status: 'enabled', new_waf_status: 'enabled' });
    const first = v.result as EntrypointRuleset;
    const changed = { name: 'default', rules: first.rules.map((r, i) => (i === 0 ? { ...r, enabled: !r.enabled } : r)) };
    const fin = h.call('PUT', ep('initech', '?waf_migration=pending&phase_two=1'), changed).result as EntrypointRuleset;
    expect(fin.version).toBe('2');
    expect(fin.rules.map((r) => r.id)).toEqual(first.rules.map((r) => r.id));
    expect(fin.rules.map((r) => r.version)).toEqual(first.rules.map((_, i) => (i === 0 ? '2' : '1')));
    expect(h.call('GET', `${base('initech')}/waf_migration/status`).result).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled' });
    const back = h.call('PUT', ep('initech', '?waf_migration=validation&phase_two=1'), changed);
    expect(codeOf(back)).toBe(10025);
    expect(h.call('PUT', ep('initech'), changed).status).toBe(200); // a normal ruleset update after migration
  });

  it('not eligible until the URI-based overrides are deleted', () => {
    const refused = h.call('PUT', ep('umbrella', '?waf_migration=pending&phase_two=1'), config('umbrella'));
    expect([refused.status, codeOf(refused)]).toEqual([409, 10024]);
    expect(h.call('GET', ep('umbrella')).status).toBe(404); // nothing half-written
    const list = h.call('GET', `${base('umbrella')}/firewall/waf/overrides`).result as { id: string }[];
    expect(list).toHaveLength(2);
    expect(h.call('GET', `${base('umbrella')}/firewall/waf/overrides/${list[0]!.id}`).result).toMatchObject({ id: list[0]!.id });
    for (const o of list) expect(h.call('DELETE', `${base('umbrella')}/firewall/waf/overrides/${o.id}`).result).toEqual({ id: o.id });
    expect(codeOf(h.call('DELETE', `${base('umbrella')}/firewall/waf/overrides/${list[0]!.id}`))).toBe(10028);
    expect(h.call('GET', `${base('umbrella')}/waf_migration/check?phase_two=1`).result).toEqual({ compatible: true, migration_state: 'start' });
    expect(h.call('PUT', ep('umbrella', '?waf_migration=pending&phase_two=1'), config('umbrella')).status).toBe(200);
  });

  it('without waf_migration before migrating: Pro only with every rule disabled; Enterprise allowed', () => {
    const cfg = config('acme');
    expect(codeOf(h.call('PUT', ep('acme'), cfg))).toBe(10026);
    const off = { ...cfg, rules: cfg.rules.map((r) => ({ ...r, enabled: false })) };
    expect(h.call('PUT', ep('acme'), off).status).toBe(200);
    expect(h.call('GET', `${base('acme')}/waf_migration/status`).result).toMatchObject({ migration_state: 'start', new_waf_status: 'disabled' });
    expect(h.call('PUT', ep('initech'), config('initech')).status).toBe(200);
    expect(h.call('GET', `${base('initech')}/waf_migration/status`).result).toMatchObject({ migration_state: 'start', new_waf_status: 'enabled' });
  });

  it.each<[string, string, unknown, number]>([
    ['bad mode', '?waf_migration=3&phase_two=1', { name: 'default', rules: [] }, 10021],
    ['mode without phase_two', '?waf_migration=pending', { name: 'default', rules: [] }, 10020],
    ['no body', '?waf_migration=pending&phase_two=1', undefined, 10022],
    ['missing name', '?waf_migration=pending&phase_two=1', { rules: [] }, 10022],
    ['unknown field', '?waf_migration=pending&phase_two=1', { name: 'd', rules: [], extra: 1 }, 10022],
    ['bad action', '?waf_migration=pending&phase_two=1', { name: 'd', rules: [{ action: 'nuke', expression: 'true', action_parameters: { ruleset: 'current' } }] }, 10022],
    ['execute without id', '?waf_migration=pending&phase_two=1', { name: 'd', rules: [{ action: 'execute', expression: 'true', action_parameters: { ruleset: 'current' } }] }, 10022],
    ['override with a bad rule id', '?waf_migration=pending&phase_two=1', { name: 'd', rules: [{ action: 'execute', expression: 'true', action_parameters: { id: 'efb7b8c949ac4650a09736fc376e9aee', overrides: { rules: [{ id: 'x', action: 'log' }] } } }] }, 10022],
    ['enabled as string', '?waf_migration=pending&phase_two=1', { name: 'd', rules: [{ action: 'skip', enabled: 'yes', expression: 'true', action_parameters: { ruleset: 'current' } }] }, 10022],
  ])('rejects %s with a 4xx and writes nothing', (_n, q, body, code) => {
    const r = h.call('PUT', ep('globex', q), body);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(codeOf(r)).toBe(code);
    expect(h.call('GET', `${base('globex')}/waf_migration/status`).result).toMatchObject({ migration_state: 'start' });
  });

  it('reports the JSON pointer of a body error', () => {
    const r = h.call('PUT', ep('globex', '?waf_migration=pending&phase_two=1'), { name: 'd', rules: [{ action: 'nuke', expression: 'true', action_parameters: { ruleset: 'current' } }] });
    expect(r.errors?.[0]).toMatchObject({ source: { pointer: '/rules/0/action' } });
  });
});

describe('previous managed-rules API and carried-over reads', () => {
  it('packages, groups and rules in the real shapes, paged', () => {
    const pk = h.call('GET', `${base('acme')}/firewall/waf/packages`);
    const pkgs = pk.result as { id: string; detection_mode: string; sensitivity?: string; action_mode?: string }[];
    expect(pkgs.map((p) => p.detection_mode)).toEqual(['traditional', 'anomaly']);
    expect(pkgs[1]).toMatchObject({ sensitivity: 'medium', action_mode: 'simulate' });
    expect(pk.resultInfo).toMatchObject({ page: 1, count: 2, total_count: 2 });
    const groups = h.call('GET', `${base('acme')}/firewall/waf/packages/${pkgs[1]!.id}/groups`).result as { name: string; mode: string }[];
    expect(groups.find((g) => g.name === 'OWASP Bad Robots')?.mode).toBe('off');
    const rules = h.call('GET', `${base('acme')}/firewall/waf/packages/${pkgs[0]!.id}/rules?per_page=2&page=2`);
    expect(rules.resultInfo).toMatchObject({ page: 2, per_page: 2, count: 2 });
    expect(codeOf(h.call('GET', `${base('acme')}/firewall/waf/packages/${'0'.repeat(32)}`))).toBe(10028);
  });

  it('firewall rules and page rules', () => {
    const fw = h.call('GET', `${base('acme')}/firewall/rules`).result as { action: string; products: string[] }[];
    expect(fw.filter((r) => r.action === 'bypass' && r.products.includes('waf'))).toHaveLength(2);
    const pr = h.call('GET', `${base('globex')}/pagerules`).result as { actions: { id: string; value?: string }[] }[];
    expect(pr.flatMap((r) => r.actions)).toEqual([{ id: 'waf', value: 'off' }, { id: 'waf', value: 'on' }]);
  });

  it('seeded zones cover every sensitivity and Simulate', () => {
    const seen = ['acme', 'globex', 'initech', 'umbrella'].map((z) => {
      const p = (h.call('GET', `${base(z)}/firewall/waf/packages`).result as { sensitivity?: string; action_mode?: string }[])[1]!;
      return [p.sensitivity, p.action_mode];
    });
    expect(seen).toEqual([['medium', 'simulate'], ['low', 'challenge'], ['high', 'block'], ['default', 'block']]);
  });
});
