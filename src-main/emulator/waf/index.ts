/**
 * The emulator's managed-WAF migration (Area C). Decisions where the spec is silent:
 * - States: `start` → `validation` (Enterprise, both versions on) → `finished` (name chosen; the
 *   spec does not show it). `pending` is a mode, not a state: the emulator completes it at once.
 * - Refusals (codes in `../../migration/error-codes`): phase_two missing 400/10020, bad mode
 *   400/10021, bad body 400/10022 (with `source.pointer`), validation on Pro/Business 403/10023,
 *   not eligible 409/10024, already migrated 409/10025, enabled rules before migrating on
 *   Pro/Business 403/10026, previous managed-rules API after migration 410/10027, unknown
 *   package/group/rule/override 404/10028; no entry point 404/10003 (the real code).
 * - Check on a non-eligible zone: `compatible: false` plus one `messages` entry per reason
 *   (`{code, message, reason, items}`).
 * - `GET /zones/:id/firewall/waf/legacy_settings` is emulator-only (the whole LegacyWafSettings);
 *   the client assembles the same from the real endpoints (packages, groups, rules, overrides,
 *   `settings/waf`, `firewall/rules`, `pagerules`), which the emulator also serves.
 */
import type Database from 'better-sqlite3';
import type { Route } from '../routing';
import type { WafZone } from './helpers';
import { createLegacyRoutes } from './legacy-routes';
import { createMigrationRoutes } from './migration-routes';
import { buildLegacySettings } from './seed';
import { createWafStore, migrateWafSchema } from './store';

export { migrateWafSchema } from './store';
export { buildLegacySettings, seedId } from './seed';
export type { WafZone } from './helpers';

/**
 * Seeds previous managed-WAF settings for the given zones (a `Zone` of `../../dns/types` fits
 * `WafZone`). Known demo names get their hand-made configuration; other zones a default one.
 */
export function seedWaf(db: Database.Database, zones: WafZone[]): void {
  migrateWafSchema(db);
  const store = createWafStore(db);
  store.transaction(() => {
    for (const zone of zones) store.putLegacy(buildLegacySettings(zone));
  });
}

/**
 * Routes of the managed-WAF migration (check, config, status, entry point) and of the previous
 * managed-rules API. State lives in the tables of `migrateWafSchema`.
 */
export function createWafRoutes(deps: {
  db: Database.Database;
  getZone(id: string): WafZone | undefined;
  clock: () => number;
}): Route[] {
  migrateWafSchema(deps.db);
  const store = createWafStore(deps.db);
  return [...createMigrationRoutes(store, deps), ...createLegacyRoutes(store, deps)];
}
