import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWafStore } from '../../../src-main/emulator/waf/store';
import { type EntrypointRuleset, type LegacyWafSettings, type MigrationStatus, type NewConfiguration } from '../../../src-main/migration';
import { call, start, zoneId, ZONE, type Emulator } from '../emulator/harness';
import { fwRule } from './fixtures';

// The migration's refusals, limits and transitions over real HTTP, against an emulator whose stored
// previous settings were edited between two runs on the same data directory.
let dir: string;
let emu: Emulator;
const ids: Record<string, string> = {};
const base = (name: string) => `/zones/${ids[name]}`;
const ep = (name: string, q = '') => `${base(name)}/rulesets/phases/http_request_firewall_managed/entrypoint${q}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-waf-http-'));
  const first = await start({ dataDir: dir });
  for (const name of Object.values(ZONE)) ids[name] = await zoneId(first, name);
  await first.stop();
  const db = new Database(path.join(dir, 'service-emulator.sqlite'));
  const store = createWafStore(db);
  const edit = (name: string, change: (l: LegacyWafSettings) => LegacyWafSettings) =>
    store.putLegacy(change(store.getLegacy({ id: ids[name] ?? '', name })));
  // Business: 201 firewall rules that bypass the WAF (over the limit of 200).
  edit(ZONE.business, (l) => ({ ...l, firewallRules: Array.from({ length: 201 }, (_, i) => fwRule(i + 1)) }));
  // Enterprise: one expression of 4,097 bytes (over 4 KB); multi-byte characters count as bytes.
  edit(ZONE.enterprise, (l) => ({ ...l, firewallRules: [...l.firewallRules, fwRule(900, { filter: { id: 'f', paused: false, expression: `(http.request.uri.path eq "/${'é'.repeat(2042)}")` } })] }));
  // Pro: exactly at both limits, so still eligible.
  edit(ZONE.pro, (l) => ({
    ...l,
    firewallRules: [
      ...Array.from({ length: 199 }, (_, i) => fwRule(i + 1)),
      fwRule(500, { filter: { id: 'g', paused: false, expression: `(http.request.uri.path eq "/${'a'.repeat(4096 - 30)}")` } }),
    ],
  }));
  db.close();
  emu = await start({ dataDir: dir, rateLimit: { requests: 100_000, windowSeconds: 300 } });
});
afterAll(async () => {
  await emu.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const codes = (r: { json: { errors: { code: number }[] } }) => r.json.errors.map((e) => e.code);
const check = (name: string) => call<{ compatible: boolean; migration_state: string }>(emu, 'GET', `${base(name)}/waf_migration/check?phase_two=1`);
const config = async (name: string) => (await call<NewConfiguration>(emu, 'GET', `${base(name)}/waf_migration/config?phase_two=1`)).json.result;

describe('eligibility limits (the service support must handle them)', () => {
  it('more than 200 firewall rules to migrate → not compatible, with a message; pending refused 409 10024', async () => {
    const r = await check(ZONE.business);
    expect([r.status, r.json.result]).toEqual([200, { compatible: false, migration_state: 'start' }]);
    const messages = r.json.messages as { reason: string; message: string }[];
    expect(messages.map((m) => m.reason)).toEqual(['too_many_firewall_rules']);
    expect(messages[0]?.message).toMatch(/201 firewall rules.*at most 200.*support/);
    const put = await call(emu, 'PUT', ep(ZONE.business, '?waf_migration=pending&phase_two=1'), { body: await config(ZONE.business) });
    expect([put.status, ...codes(put)]).toEqual([409, 10024]);
    expect((await call<MigrationStatus>(emu, 'GET', `${base(ZONE.business)}/waf_migration/status`)).json.result.migration_state).toBe('start');
  });

  it('an expression over 4 KB (bytes, not characters) → not compatible, naming the rule', async () => {
    const r = await check(ZONE.enterprise);
    expect(r.json.result.compatible).toBe(false);
    const messages = r.json.messages as { reason: string; message: string; items: string[] }[];
    expect(messages.map((m) => [m.reason, m.items])).toEqual([['expression_too_long', ['fw900']]]);
    expect(messages[0]?.message).toMatch(/4096 bytes \(4 KB\).*support/);
  });

  it('exactly 200 rules and a 4,096-byte expression are still eligible, and migrate', async () => {
    expect((await check(ZONE.pro)).json.result).toEqual({ compatible: true, migration_state: 'start' });
    const cfg = await config(ZONE.pro);
    expect(cfg.rules.filter((r) => r.action === 'skip')).toHaveLength(200 + 1); // + the page rule "Disable Security"
    const put = await call<EntrypointRuleset>(emu, 'PUT', ep(ZONE.pro, '?waf_migration=1&phase_two=1'), { body: cfg });
    expect(put.status).toBe(200);
  });
});

const ENABLED_CONFIG = { name: 'default', rules: [{ action: 'execute', expression: 'true', enabled: true, action_parameters: { id: 'efb7b8c949ac4650a09736fc376e9aee' } }] };

describe('refusals over HTTP, with both credential schemes', () => {
  it.each([
    ['check without phase_two', 'GET', () => `${base(ZONE.legacy)}/waf_migration/check`, undefined, 400, 10020],
    ['config without phase_two', 'GET', () => `${base(ZONE.legacy)}/waf_migration/config?phase_two=2`, undefined, 400, 10020],
    ['an unknown waf_migration mode', 'PUT', () => ep(ZONE.legacy, '?waf_migration=3&phase_two=1'), 'config', 400, 10021],
    ['a body that is not a ruleset', 'PUT', () => ep(ZONE.legacy, '?waf_migration=pending&phase_two=1'), { name: 'default', rules: [{ action: 'explode' }] }, 400, 10022],
    ['validation on a Business zone', 'PUT', () => ep(ZONE.legacy, '?waf_migration=validation&phase_two=1'), 'config', 403, 10023],
    ['enabled rules before migrating on Business', 'PUT', () => ep(ZONE.legacy), 'config', 403, 10026],
    ['an entry point that does not exist yet', 'GET', () => ep(ZONE.legacy), undefined, 404, 10003],
    ['an unknown URI-based override', 'DELETE', () => `${base(ZONE.legacy)}/firewall/waf/overrides/${'0'.repeat(32)}`, undefined, 404, 10028],
    ['an unknown zone', 'GET', () => `/zones/${'a'.repeat(32)}/waf_migration/status`, undefined, 404, 1001],
  ] as const)('%s → %i %i', async (_label, method, url, body, status, code) => {
    const sent = body === 'config' ? ENABLED_CONFIG : body;
    for (const auth of ['token', 'key'] as const) {
      const r = await call(emu, method, url(), { body: sent, auth });
      expect([r.status, r.json.success, codes(r)[0]]).toEqual([status, false, code]);
    }
  });

  it('a body error names the JSON pointer', async () => {
    const r = await call(emu, 'PUT', ep(ZONE.legacy, '?waf_migration=pending&phase_two=1'), { body: { name: 'default', rules: [{ action: 'execute', expression: 'true', action_parameters: { id: 'nothex' } }] } });
    expect(r.json.errors.map((e) => e.source?.pointer)).toContain('/rules/0/action_parameters/id');
  });

  it('migration endpoints need credentials like every other', async () => {
    const r = await call(emu, 'GET', `${base(ZONE.legacy)}/waf_migration/status`, { auth: 'none' });
    expect([r.status, ...codes(r)]).toEqual([400, 9106]);
  });
});

describe('transitions over HTTP', () => {
  it('URI overrides: listed, read, deleted one by one; the zone becomes eligible; then it migrates and the old API is gone', async () => {
    const z = ZONE.legacy;
    const list = await call<{ id: string }[]>(emu, 'GET', `${base(z)}/firewall/waf/overrides`);
    expect(list.json.result).toHaveLength(2);
    expect(list.json.result_info).toMatchObject({ total_count: 2 });
    const one = await call<{ id: string; urls: string[] }>(emu, 'GET', `${base(z)}/firewall/waf/overrides/${list.json.result[0]?.id}`);
    expect(one.json.result.urls.length).toBeGreaterThan(0);
    expect((await check(z)).json.result.compatible).toBe(false);
    for (const o of list.json.result) {
      const del = await call(emu, 'DELETE', `${base(z)}/firewall/waf/overrides/${o.id}`, { auth: 'key' });
      expect([del.status, del.json.result]).toEqual([200, { id: o.id }]);
    }
    expect((await check(z)).json.result).toEqual({ compatible: true, migration_state: 'start' });
    const done = await call(emu, 'PUT', ep(z, '?waf_migration=pending&phase_two=1'), { body: await config(z) });
    expect(done.status).toBe(200);
    const status = await call<MigrationStatus>(emu, 'GET', `${base(z)}/waf_migration/status`);
    expect(status.json.result).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled', new_waf_status: 'enabled' });
    expect(status.json.result.created).toMatch(/\.\d{1,6}Z$/);
    for (const p of ['firewall/waf/packages', 'firewall/waf/overrides', `firewall/waf/overrides/${list.json.result[0]?.id}`, 'settings/waf']) {
      const r = await call(emu, p.startsWith('firewall/waf/overrides/') ? 'DELETE' : 'GET', `${base(z)}/${p}`);
      expect([r.status, ...codes(r)]).toEqual([410, 10027]);
    }
    const again = await call(emu, 'PUT', ep(z, '?waf_migration=2&phase_two=1'), { body: await call(emu, 'GET', ep(z)).then((x) => x.json.result) });
    expect([again.status, ...codes(again)]).toEqual([409, 10025]);
    expect(codes(await call(emu, 'GET', `${base(z)}/waf_migration/config?phase_two=1`))).toEqual([10025]);
    expect((await check(z)).json.result).toEqual({ compatible: false, migration_state: 'finished' });
  });
});
