import { describe, expect, it } from 'vitest';
import {
  checkEligibility,
  confirmsZoneName,
  validationAvailability,
  withDeployedRuleIds,
  deriveNewConfiguration,
  initialWizardState,
  migrationBackup,
  parseWizardState,
  serializeWizardState,
  reachableSteps,
  runStep,
  transition,
  type CompatibilityResult,
  type EntrypointRuleset,
  type MigrationClient,
  type MigrationStatus,
  type WizardEvent,
  type WizardState,
} from '../../../src-main/migration';
import { legacy } from './fixtures';

const L = legacy();
const config = deriveNewConfiguration(L);
const ruleset: EntrypointRuleset = {
  id: 'r', name: 'default', description: '', kind: 'zone', phase: 'http_request_firewall_managed', version: '1', last_updated: 'now', rules: [],
};
const ok: CompatibilityResult = { compatible: true, migration_state: 'start' };
const checked = (c = ok): WizardEvent => ({ type: 'checked', compatibility: c, eligibility: checkEligibility(L), legacy: L });
const run = (s: WizardState, ...events: WizardEvent[]) => events.reduce(transition, s);

const pro = initialWizardState({ id: 'z', name: 'example.test', plan: 'pro' });
const ent = initialWizardState({ id: 'z', name: 'example.test', plan: 'enterprise' });

describe('transition', () => {
  it('Pro: eligibility → review → adjust → finish → status, validation skipped', () => {
    let s = run(pro, checked());
    expect([s.step, s.done]).toEqual(['review', ['eligibility']]);
    s = run(s, { type: 'configLoaded', config });
    expect(s.step).toBe('adjust');
    s = run(s, { type: 'adjusted', config });
    expect(s.step).toBe('finish');
    expect(reachableSteps(s)).not.toContain('validation');
    expect(run(s, { type: 'validationDeployed', ruleset }).error?.code).toBe('validation_unavailable');
    s = run(s, { type: 'finished', ruleset });
    expect([s.step, s.migrationState]).toEqual(['status', 'finished']);
  });

  it('Enterprise goes through validation', () => {
    const s = run(ent, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config });
    expect(s.step).toBe('validation');
    const v = run(s, { type: 'validationDeployed', ruleset });
    expect([v.step, v.migrationState, v.done]).toEqual(['finish', 'validation', ['eligibility', 'review', 'adjust', 'validation']]);
  });

  it('not compatible stays on eligibility and nothing later is reachable', () => {
    const s = run(pro, checked({ compatible: false, migration_state: 'start' }));
    expect([s.step, s.done, reachableSteps(s)]).toEqual(['eligibility', [], ['eligibility']]);
    expect(run(s, { type: 'configLoaded', config }).error?.code).toBe('out_of_order');
  });

  it.each<[string, WizardEvent]>([
    ['config before check', { type: 'configLoaded', config }],
    ['adjust before review', { type: 'adjusted', config }],
    ['finish before adjust', { type: 'finished', ruleset }],
  ])('refuses %s without losing progress', (_n, e) => {
    const s = run(pro, e);
    expect(s.error?.code).toBe('out_of_order');
    expect(s.done).toEqual([]);
  });

  it('inputsChanged invalidates the step and later ones', () => {
    const s = run(ent, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config }, { type: 'validationDeployed', ruleset }, { type: 'inputsChanged', step: 'adjust' });
    expect([s.step, s.done, s.adjusted, s.validation, s.config]).toEqual(['adjust', ['eligibility', 'review'], null, null, config]);
  });

  it('a changed adjustment invalidates a deployed validation; the same one does not', () => {
    const base = run(ent, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config }, { type: 'validationDeployed', ruleset });
    expect(run(base, { type: 'adjusted', config }).done).toContain('validation');
    const changed = { ...config, rules: config.rules.slice(1) };
    expect(run(base, { type: 'adjusted', config: changed }).done).not.toContain('validation');
  });

  it('a re-check with the same result keeps progress; a different one resets it', () => {
    const base = run(pro, checked(), { type: 'configLoaded', config });
    expect(run(base, checked()).step).toBe('adjust');
    expect(run(base, checked({ compatible: false, migration_state: 'start' })).config).toBeNull();
  });

  it('finished is irreversible: inputsChanged and further events are refused', () => {
    const s = run(pro, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config }, { type: 'finished', ruleset });
    expect(run(s, { type: 'inputsChanged', step: 'adjust' }).error?.code).toBe('finished');
    expect(run(s, { type: 'finished', ruleset }).error?.code).toBe('finished');
    expect(reachableSteps(s)).toEqual(['status']);
  });

  it('a zone found already migrated jumps to status', () => {
    const s = run(pro, checked({ compatible: false, migration_state: 'finished' }));
    expect([s.step, s.migrationState]).toEqual(['status', 'finished']);
  });

  it('validation is optional on Enterprise: after Adjust both it and Finish are open, and finishing directly works', () => {
    const s = run(ent, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config });
    expect(reachableSteps(s)).toEqual(['eligibility', 'review', 'adjust', 'validation', 'finish']);
    expect(run(s, { type: 'navigate', step: 'finish' }).step).toBe('finish');
    const done = run(s, { type: 'finished', ruleset });
    expect([done.error, done.migrationState, reachableSteps(done)]).toEqual([null, 'finished', ['status']]);
    // Before Adjust neither is open.
    expect(reachableSteps(run(ent, checked(), { type: 'configLoaded', config }))).toEqual(['eligibility', 'review', 'adjust']);
  });

  it('validation is never offered on Pro or Business, with the reason', () => {
    for (const plan of ['pro', 'business']) {
      const s = run(initialWizardState({ id: 'z', name: 'example.test', plan }), checked(), { type: 'configLoaded', config }, { type: 'adjusted', config });
      expect(reachableSteps(s)).toEqual(['eligibility', 'review', 'adjust', 'finish']);
      const v = validationAvailability(plan);
      expect(v.available).toBe(false);
      expect(v.available ? '' : v.reason).toMatch(/only on Enterprise/);
    }
    expect(validationAvailability('enterprise').available).toBe(true);
  });

  it.each([
    ['example.test', true],
    ['Example.test', false],
    ['example.test ', false],
    [' example.test', false],
    ['example.test.', false],
    ['', false],
  ])('confirmsZoneName(%j) → %s', (typed, ok) => {
    expect(confirmsZoneName(typed, 'example.test')).toBe(ok);
  });

  it('navigate only to reachable steps', () => {
    const s = run(pro, checked(), { type: 'configLoaded', config });
    expect(run(s, { type: 'navigate', step: 'review' }).step).toBe('review');
    expect(run(s, { type: 'navigate', step: 'finish' }).error?.code).toBe('unreachable');
  });
});

function fakeClient(calls: string[], fail?: Error): MigrationClient {
  const status: MigrationStatus = { created: null, migration_state: 'start', old_waf_status: 'enabled', new_waf_status: 'disabled', source: null };
  const f = <T>(name: string, v: T) => async () => { calls.push(name); if (fail) throw fail; return v; };
  return {
    checkCompatibility: f('check', ok), getNewConfiguration: f('config', config), getLegacySettings: f('legacy', L),
    updateEntrypoint: async (_z, mode) => { calls.push(`put:${mode}`); if (fail) throw fail; return ruleset; },
    getEntrypoint: f('entry', ruleset), getMigrationStatus: f('status', status),
  };
}

describe('runStep', () => {
  it('drives a Pro migration end to end', async () => {
    const calls: string[] = [];
    const c = fakeClient(calls);
    let s = pro;
    s = transition(s, await runStep(c, s, 'eligibility'));
    s = transition(s, await runStep(c, s, 'review'));
    s = transition(s, await runStep(c, s, 'adjust', { overrides: [{ rulesetId: '4814384a9e5d4991b9815dcfc25d2f1f', rules: [{ id: 'b'.repeat(32), action: 'log' }] }] }));
    expect(s.adjusted).not.toEqual(config);
    expect((await runStep(c, s, 'validation')).type).toBe('error');
    const refused = await runStep(c, s, 'finish', { confirmZoneName: 'wrong.test' });
    expect(refused).toMatchObject({ type: 'error', error: { code: 'confirmation_required' } });
    // Exactly the zone name: neither case folding nor trimming.
    for (const typed of ['Example.test', 'example.test ', ' example.test', '']) {
      expect(await runStep(c, s, 'finish', { confirmZoneName: typed })).toMatchObject({ type: 'error', error: { code: 'confirmation_required' } });
    }
    s = transition(s, await runStep(c, s, 'finish', { confirmZoneName: 'example.test' }));
    expect(s.migrationState).toBe('finished');
    expect(calls).toEqual(['check', 'legacy', 'config', 'put:pending']);
  });

  it('rejects invalid overrides without calling the API', async () => {
    const calls: string[] = [];
    const s = run(pro, checked(), { type: 'configLoaded', config });
    const e = await runStep(fakeClient(calls), s, 'adjust', { overrides: [{ rulesetId: 'x', rules: [{ id: 'nope' }] }] });
    expect(e).toMatchObject({ type: 'error', error: { code: 'invalid_overrides' } });
  });

  it.each<[string, Error, string]>([
    ['already migrated', Object.assign(new Error('done'), { status: 409, code: 10025 }), 'alreadyMigrated'],
    ['enterprise only', Object.assign(new Error('x'), { status: 403, code: 10023 }), 'validationEnterpriseOnly'],
    ['rate limit', Object.assign(new Error('x'), { status: 429, code: 10100 }), 'rate_limited'],
    ['auth', Object.assign(new Error('x'), { status: 403, code: 9109 }), 'auth'],
    ['timeout', Object.assign(new Error('x'), { name: 'TimeoutError' }), 'timeout'],
    ['network', Object.assign(new Error('ECONNREFUSED'), { name: 'NetworkError' }), 'network'],
  ])('maps API errors to user messages: %s', async (_n, error, code) => {
    const e = await runStep(fakeClient([], error), ent, 'status');
    expect(e).toMatchObject({ type: 'error', error: { code } });
  });
});

/** The same value with every object's keys in reverse order. */
const reversedKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(reversedKeys)
    : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversedKeys(x)])) : v;

describe('withDeployedRuleIds', () => {
  const deployed: EntrypointRuleset = {
    ...ruleset,
    rules: config.rules.map((r, i) => ({
      ...r, id: String(i).repeat(32), version: '1', ref: String(i).repeat(32), last_updated: 'now',
      // the service may answer with other key orders
      action_parameters: reversedKeys(r.action_parameters) as typeof r.action_parameters,
    })),
  };
  it('carries the ids and refs of the same configuration deployed in validation mode', () => {
    const out = withDeployedRuleIds(config, deployed);
    expect(out.rules.map((r) => [r.id, r.ref])).toEqual(deployed.rules.map((r) => [r.id, r.ref]));
    expect(out.rules.map((r) => r.version)).toEqual(config.rules.map(() => ''));
  });
  it('leaves the ids empty when the deployed rules differ', () => {
    const changed = { ...config, rules: config.rules.map((r, i) => (i === 0 ? { ...r, enabled: !r.enabled } : r)) };
    expect(withDeployedRuleIds(changed, deployed)).toEqual(changed);
    expect(withDeployedRuleIds({ ...config, rules: config.rules.slice(1) }, deployed).rules.every((r) => r.id === '')).toBe(true);
  });
  it('runStep finishes with the deployed ids after validation', async () => {
    const sent: unknown[] = [];
    const c: MigrationClient = { ...fakeClient([]), updateEntrypoint: async (_z, _m, cfg) => { sent.push(cfg); return ruleset; } };
    const s = run(ent, checked(), { type: 'configLoaded', config }, { type: 'adjusted', config }, { type: 'validationDeployed', ruleset: deployed });
    await runStep(c, s, 'finish', { confirmZoneName: 'example.test' });
    expect((sent[0] as typeof config).rules.map((r) => r.id)).toEqual(deployed.rules.map((r) => r.id));
  });
});

describe('persistence', () => {
  it('round-trips a saved wizard and rejects corrupt rows', () => {
    const s = run(ent, checked(), { type: 'configLoaded', config });
    expect(parseWizardState(serializeWizardState(s))).toEqual(s);
    expect(parseWizardState('{')).toBeNull();
    expect(parseWizardState(JSON.stringify({ ...s, step: 'launch' }))).toBeNull();
    expect(parseWizardState(JSON.stringify({ ...s, adjusted: { name: 'x', rules: [{ action: 'nuke' }] } }))).toBeNull();
  });

  it('the backup file holds both configurations', () => {
    const s = run(ent, checked(), { type: 'configLoaded', config });
    const b = JSON.parse(migrationBackup(s, new Date(0))) as Record<string, unknown>;
    expect(b).toMatchObject({ savedAt: '1970-01-01T00:00:00.000Z', zone: { name: 'example.test' }, previousConfiguration: L, newConfiguration: config });
  });
});
