import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServiceEmulator, type RunningEmulator } from '../../../src-main/emulator/index';
import { AppError } from '../../../src-main/ipc/app-error';
import { OWASP_CORE_RULESET_ID, VENDOR_MANAGED_RULESET_ID } from '../../../src-main/migration';
import { createMigrationWorkbench, type MigrationWorkbench } from '../../../src-main/migration-workbench';
import { openSettingsDb, type SettingsDb } from '../../../src-main/settings-db';

const STRUTS_RULE = '23ee7cebe6e8443e99ecf932ab579455';

let emu: RunningEmulator;
let dir: string;
let db: SettingsDb;
let wb: MigrationWorkbench;
const zones = new Map<string, string>();

function workbench(database: SettingsDb): MigrationWorkbench {
  return createMigrationWorkbench({
    db: database,
    connection: async () => ({ profileId: 'sandbox', baseUrl: emu.baseUrl, credential: { kind: 'token', token: emu.credentials.token } }),
  });
}

// One emulator per file (in memory); each test gets a fresh emulator state via a new one where it migrates.
beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zonedesk-mwb-'));
  db = openSettingsDb(dir);
  wb = workbench(db);
  if (zones.size === 0) for (const z of await wb.listZones()) zones.set(z.name, z.id);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const id = (name: string) => zones.get(name)!;

describe('zone picker', () => {
  it('lists the sandbox zones with plan and the service state', async () => {
    const list = await wb.listZones();
    const byName = Object.fromEntries(list.map((z) => [z.name, [z.plan, z.planName]]));
    expect(byName).toMatchObject({
      'acme-shop.example': ['pro', 'Pro'],
      'globex.example': ['business', 'Business'],
      'initech.example': ['enterprise', 'Enterprise'],
      'umbrella-legacy.example': ['business', 'Business'],
    });
    expect(list.every((z) => z.migrationState !== null && z.statusError === null)).toBe(true);
  });
});

describe('eligibility', () => {
  it('blocks the zone with URI-based overrides until every one is deleted', async () => {
    const zone = id('umbrella-legacy.example');
    let v = await wb.check(zone);
    expect(v.state.compatibility).toMatchObject({ compatible: false, migration_state: 'start' });
    expect(v.state.eligibility?.reasons.map((r) => r.code)).toEqual(['uri_overrides']);
    expect(v.reachable).toEqual(['eligibility']);
    const overrides = v.state.legacy!.overrides.map((o) => o.id);
    expect(overrides).toHaveLength(2);

    v = await wb.deleteOverride(zone, overrides[0]!);
    expect(v.state.compatibility?.compatible).toBe(false);
    expect(v.state.legacy!.overrides).toHaveLength(1);
    v = await wb.deleteOverride(zone, overrides[0]!);
    expect(v.state.error?.code).toBe('legacyItemNotFound');

    v = await wb.deleteOverride(zone, overrides[1]!);
    expect(v.state.compatibility).toMatchObject({ compatible: true, migration_state: 'start' });
    expect(v.state.step).toBe('eligibility');
    expect(v.reachable).toEqual(['eligibility', 'review']);
  });
});

describe('Pro zone: one step, no validation', () => {
  it('check → review → adjust → finish (zone name typed exactly) → status; the old API is gone', async () => {
    const zone = id('acme-shop.example');
    let v = await wb.open(zone);
    expect(v.zone).toMatchObject({ name: 'acme-shop.example', plan: 'pro' });
    expect(v.validation.available).toBe(false);
    v = await wb.check(zone);
    expect(v.state.step).toBe('eligibility');
    v = await wb.loadConfig(zone);
    expect(v.state.step).toBe('review');
    expect(v.diff?.some((r) => r.area === 'owasp_action' && r.note.includes('Simulate becomes Log'))).toBe(true);
    expect(v.diff?.some((r) => !r.carriesOver)).toBe(true);

    v = await wb.saveAdjustments(zone, [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: STRUTS_RULE, action: 'log', enabled: true }] }]);
    expect(v.state.step).toBe('finish');
    expect(v.reachable).not.toContain('validation');
    expect(v.rulesets.find((r) => r.rulesetId === VENDOR_MANAGED_RULESET_ID)?.overrides).toEqual([{ id: STRUTS_RULE, action: 'log', enabled: true }]);

    await expect(wb.deployValidation(zone)).resolves.toMatchObject({ state: { error: { code: 'validation_unavailable' } } });

    for (const typed of ['', 'ACME-SHOP.EXAMPLE', ' acme-shop.example', 'acme-shop']) {
      v = await wb.finish(zone, typed);
      expect(v.state.error?.code).toBe('confirmation_required');
      expect(v.state.migrationState).not.toBe('finished');
    }
    expect((await wb.listZones()).find((z) => z.id === zone)?.migrationState).toBe('start');

    v = await wb.finish(zone, 'acme-shop.example');
    expect(v.state.error).toBeNull();
    expect(v.state.step).toBe('status');
    expect(v.reachable).toEqual(['status']);
    expect(v.state.status).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled', new_waf_status: 'enabled' });
    const vendorRule = v.state.entrypoint?.rules.find((r) => 'id' in r.action_parameters && r.action_parameters.id === VENDOR_MANAGED_RULESET_ID);
    expect(vendorRule?.action_parameters).toMatchObject({ overrides: { rules: [{ id: STRUTS_RULE, action: 'log' }] } });

    // Irreversible: a second finish is refused, and the service confirms the old API is gone.
    v = await wb.finish(zone, 'acme-shop.example');
    expect(v.state.error?.code).toBe('finished');
    const checks = await wb.verify(zone);
    expect(checks.map((c) => c.ok)).toEqual([true, true, true, true]);
    expect(checks[2]?.detail).toContain('no longer works');
    v = await wb.check(zone);
    expect(v.state.step).toBe('status');
  });
});

describe('Enterprise zone: validation then finish', () => {
  it('deploys side by side (both enabled), then finishes', async () => {
    const zone = id('initech.example');
    await wb.check(zone);
    await wb.loadConfig(zone);
    let v = await wb.saveAdjustments(zone, []);
    expect(v.state.step).toBe('validation');
    expect(v.reachable).toEqual(['eligibility', 'review', 'adjust', 'validation', 'finish']);
    v = await wb.deployValidation(zone);
    expect(v.state.error).toBeNull();
    expect(v.state.step).toBe('validation');
    expect(v.state.migrationState).toBe('validation');
    expect(v.state.status).toMatchObject({ migration_state: 'validation', old_waf_status: 'enabled', new_waf_status: 'enabled' });

    // Changing the adjustments after validation invalidates the validation step (not the deployment).
    v = await wb.saveAdjustments(zone, [{ rulesetId: OWASP_CORE_RULESET_ID, rules: [{ id: STRUTS_RULE, enabled: false }] }]);
    expect(v.state.done).not.toContain('validation');
    expect(v.state.validation).toBeNull();
    v = await wb.deployValidation(zone);
    expect(v.state.done).toContain('validation');

    v = await wb.finish(zone, 'initech.example');
    expect(v.state.status).toMatchObject({ migration_state: 'finished', old_waf_status: 'disabled', new_waf_status: 'enabled' });
  });
});

describe('adjustments', () => {
  it('refuses invalid overrides with field issues and keeps the previous progress', async () => {
    const zone = id('globex.example');
    await wb.check(zone);
    await wb.loadConfig(zone);
    const bad = wb.saveAdjustments(zone, [
      { rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: 'nothex', action: 'log' }, { id: STRUTS_RULE, action: 'explode' }] },
    ]);
    await expect(bad).rejects.toBeInstanceOf(AppError);
    const err = (await bad.catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect((err.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      `${VENDOR_MANAGED_RULESET_ID}.0.id`,
      `${VENDOR_MANAGED_RULESET_ID}.1.action`,
    ]);
    const v = await wb.open(zone);
    expect(v.state.done).toEqual(['eligibility', 'review']);
  });

  it('removing a row removes the override (lists replace, not merge)', async () => {
    const zone = id('globex.example');
    await wb.check(zone);
    await wb.loadConfig(zone);
    await wb.saveAdjustments(zone, [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: STRUTS_RULE, action: 'block' }] }]);
    const v = await wb.saveAdjustments(zone, [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [] }]);
    expect(v.rulesets.find((r) => r.rulesetId === VENDOR_MANAGED_RULESET_ID)?.overrides).toEqual([]);
  });
});

describe('persistence', () => {
  it('resumes after a restart (new database handle, new workbench) at the saved step', async () => {
    const zone = id('globex.example');
    await wb.check(zone);
    const before = await wb.loadConfig(zone);
    db.close();
    db = openSettingsDb(dir);
    wb = workbench(db);
    const after = await wb.open(zone);
    expect(after.state.step).toBe('review');
    expect(after.state.done).toEqual(before.state.done);
    expect(after.state.config).toEqual(before.state.config);
    expect(after.savedAt).not.toBeNull();
    expect((await wb.listZones()).find((z) => z.id === zone)).toMatchObject({ step: 'review', stepsDone: 2 });
  });

  it('an unreadable saved row starts a fresh wizard instead of failing', async () => {
    const zone = id('globex.example');
    await wb.check(zone);
    db.prepare('UPDATE migration_wizard SET state_json = ?').run('{"zoneId": 1');
    const v = await wb.open(zone);
    expect(v.state.done).toEqual([]);
    expect(v.state.zoneName).toBe('globex.example');
  });

  it('navigation only to reachable steps', async () => {
    const zone = id('globex.example');
    let v = await wb.navigate(zone, 'finish');
    expect(v.state.error?.code).toBe('unreachable');
    await wb.check(zone);
    v = await wb.navigate(zone, 'review');
    expect([v.state.step, v.state.error]).toEqual(['review', null]);
  });

  it('reset forgets the progress, not the service state', async () => {
    const zone = id('globex.example');
    await wb.check(zone);
    const v = await wb.reset(zone);
    expect(v.state.done).toEqual([]);
    expect(v.savedAt).not.toBeNull();
  });
});

describe('reconciliation with the service', () => {
  it('a zone migrated elsewhere opens on its status, whatever the saved progress', async () => {
    const { createApiClient } = await import('../../../src-main/api');
    const zone = id('globex.example');
    await wb.check(zone);
    const v0 = await wb.loadConfig(zone);
    const client = createApiClient({ baseUrl: emu.baseUrl }).withCredential({ kind: 'token', token: emu.credentials.token });
    await client.updateEntrypoint(zone, 'pending', v0.state.config!);
    const v = await wb.open(zone);
    expect([v.state.step, v.state.migrationState, v.reachable]).toEqual(['status', 'finished', ['status']]);
    expect(v.state.entrypoint?.rules.length).toBe(v0.state.config!.rules.length);
  });
});
