import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ScopedApiClient } from '../../../src-main/api';
import {
  OWASP_CORE_RULESET_ID,
  checkEligibility,
  deriveNewConfiguration,
  initialWizardState,
  runStep,
  toUserError,
  transition,
  type WizardState,
  type WizardStep,
  type StepInput,
} from '../../../src-main/migration';
import { startServiceEmulator, type RunningEmulatorHandle } from './emulator-handle';

let emu: RunningEmulatorHandle;
let api: ScopedApiClient;
const zones = new Map<string, { id: string; name: string; plan: string }>();

beforeAll(async () => {
  emu = await startServiceEmulator();
  api = createApiClient({ baseUrl: emu.baseUrl, sleep: async () => {} }).withCredential({ kind: 'token', token: emu.credentials.token });
  for await (const z of api.listAllZones()) zones.set(z.name, { id: z.id, name: z.name, plan: z.plan.legacy_id });
});
afterAll(() => emu.stop());

async function step(s: WizardState, st: WizardStep, input?: StepInput): Promise<WizardState> {
  return transition(s, await runStep(api, s, st, input));
}

describe('migration over HTTP with the typed client and the wizard', () => {
  it('assembles the previous settings from the real endpoints, equal to what the emulator stores', async () => {
    const z = zones.get('globex.example')!;
    const legacy = await api.getLegacySettings(z.id);
    expect(legacy).toMatchObject({ zoneId: z.id, zoneName: 'globex.example', wafEnabled: true });
    expect(legacy.packages).toHaveLength(2);
    expect(legacy.groups.length).toBeGreaterThan(5);
    expect(await api.getNewConfiguration(z.id)).toEqual(deriveNewConfiguration(legacy));
  });

  it('Pro zone migrates in one step; then the old API is gone and a second migration is refused', async () => {
    const z = zones.get('acme-shop.example')!;
    let s = initialWizardState(z);
    s = await step(s, 'eligibility');
    expect([s.step, s.compatibility]).toEqual(['review', { compatible: true, migration_state: 'start', messages: [] }]);
    s = await step(s, 'review');
    s = await step(s, 'adjust', { overrides: [{ rulesetId: OWASP_CORE_RULESET_ID, rules: [{ id: 'c'.repeat(32), action: 'log', enabled: false }] }] });
    expect(s.step).toBe('finish');
    expect((await runStep(api, s, 'validation')).type).toBe('error');
    s = await step(s, 'finish', { confirmZoneName: 'acme-shop.example' });
    expect(s.migrationState).toBe('finished');
    s = await step(s, 'status');
    expect(s.status).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled', new_waf_status: 'enabled' });
    expect(s.entrypoint?.rules.length).toBe(s.adjusted?.rules.length);
    const old = (await api.listWafPackages(z.id).catch((e: unknown) => e)) as ApiError;
    expect([old.status, old.code]).toEqual([410, 10027]);
    // The wizard refuses a second migration before any call; the service refuses it too.
    const again = await runStep(api, s, 'finish', { confirmZoneName: 'acme-shop.example' });
    expect(again).toMatchObject({ type: 'error', error: { code: 'finished' } });
    const direct = (await api.updateEntrypoint(z.id, 'pending', s.adjusted!).catch((e: unknown) => e)) as ApiError;
    expect([direct.status, direct.code]).toEqual([409, 10025]);
    expect(toUserError(direct).code).toBe('alreadyMigrated');
    const recheck = await step(initialWizardState(z), 'eligibility');
    expect([recheck.step, recheck.migrationState]).toEqual(['status', 'finished']);
  });

  it('Business zone: validation mode is refused by the API with a clear error', async () => {
    const z = zones.get('globex.example')!;
    const err = (await api.updateEntrypoint(z.id, 'validation', await api.getNewConfiguration(z.id)).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([403, 10023]);
    expect(err.message).toMatch(/Enterprise/);
  });

  it('Enterprise zone goes through validation (both enabled) then finishes', async () => {
    const z = zones.get('initech.example')!;
    expect(await api.getEntrypoint(z.id)).toBeNull();
    let s = initialWizardState(z);
    for (const st of ['eligibility', 'review', 'adjust'] as const) s = await step(s, st);
    expect(s.step).toBe('validation');
    s = await step(s, 'validation');
    expect(s.step).toBe('finish');
    expect(await api.getMigrationStatus(z.id)).toMatchObject({ migration_state: 'validation', old_waf_status: 'enabled', new_waf_status: 'enabled' });
    const deployed = s.validation!.rules.map((r) => [r.id, r.version, r.ref]);
    s = await step(s, 'finish', { confirmZoneName: 'initech.example' });
    expect(s.entrypoint?.version).toBe('2');
    // Finishing updates the rules validation deployed (same ids, unchanged versions), not new ones.
    expect(s.entrypoint?.rules.map((r) => [r.id, r.version, r.ref])).toEqual(deployed);
    expect((await api.getMigrationStatus(z.id)).migration_state).toBe('finished');
  });

  it('the zone with URI-based overrides is blocked until they are deleted', async () => {
    const z = zones.get('umbrella-legacy.example')!;
    let s = await step(initialWizardState(z), 'eligibility');
    expect(s.step).toBe('eligibility');
    expect(s.eligibility?.reasons.map((r) => r.code)).toEqual(['uri_overrides']);
    const check = await api.checkCompatibility(z.id);
    expect(check.compatible).toBe(false);
    expect(check.messages.length).toBe(1);
    for (const oid of s.eligibility!.reasons[0]!.items!) await api.deleteWafOverride(z.id, oid);
    s = transition(s, { type: 'inputsChanged', step: 'eligibility' });
    s = await step(s, 'eligibility');
    expect([s.step, s.compatibility?.compatible]).toEqual(['review', true]);
    expect(checkEligibility(s.legacy!).compatible).toBe(true);
  });

  it('page rules and firewall rules keep working in their real shapes', async () => {
    const z = zones.get('globex.example')!;
    expect((await api.listPageRules(z.id)).length).toBeGreaterThan(0);
    expect((await api.listFirewallRules(z.id))[0]).toMatchObject({ action: 'bypass', products: ['waf'] });
  });
});

describe('rate limit', () => {
  it('a 429 with Retry-After is waited out and retried', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limited = await startServiceEmulator({ rateLimit: { requests: 2, windowSeconds: 60 }, clock: () => now });
    try {
      const sleeps: number[] = [];
      const c = createApiClient({ baseUrl: limited.baseUrl, sleep: async (ms) => { sleeps.push(ms); now += ms; } })
        .withCredential({ kind: 'token', token: limited.credentials.token });
      for (let i = 0; i < 3; i++) await c.listZones();
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThan(0);
      expect(sleeps[0]).toBeLessThanOrEqual(60_000);
      const noRetry = createApiClient({ baseUrl: limited.baseUrl, maxRetries: 0 }).withCredential({ kind: 'token', token: limited.credentials.token });
      await noRetry.listZones();
      const err = (await noRetry.listZones().catch((e: unknown) => e)) as ApiError;
      expect([err.status, err.code]).toEqual([429, 10100]);
    } finally {
      await limited.stop();
    }
  });
});
