import type Database from 'better-sqlite3';
import type { EntrypointRuleset, LegacyWafSettings, MigrationState } from '../../migration/types';

/** Creates the WAF/migration tables (idempotent). Legacy settings are one JSON document per zone. */
export function migrateWafSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS waf_legacy (
      zone_id TEXT PRIMARY KEY,
      settings TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS waf_migration (
      zone_id TEXT PRIMARY KEY,
      state TEXT NOT NULL CHECK (state IN ('start', 'validation', 'finished')),
      created TEXT,
      source TEXT,
      updated TEXT
    );
    CREATE TABLE IF NOT EXISTS waf_entrypoint (
      zone_id TEXT PRIMARY KEY,
      ruleset TEXT NOT NULL
    );
  `);
}

export interface MigrationRow {
  state: MigrationState;
  created: string | null;
  source: string | null;
}

/** Typed access to the WAF tables; every write goes through here. */
export function createWafStore(db: Database.Database) {
  const getLegacyStmt = db.prepare<[string], { settings: string }>('SELECT settings FROM waf_legacy WHERE zone_id = ?');
  const putLegacyStmt = db.prepare<[string, string]>(
    'INSERT INTO waf_legacy (zone_id, settings) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET settings = excluded.settings',
  );
  const getMigrationStmt = db.prepare<[string], MigrationRow>('SELECT state, created, source FROM waf_migration WHERE zone_id = ?');
  const putMigrationStmt = db.prepare<[string, string, string | null, string | null, string]>(
    `INSERT INTO waf_migration (zone_id, state, created, source, updated) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(zone_id) DO UPDATE SET state = excluded.state, created = excluded.created, source = excluded.source, updated = excluded.updated`,
  );
  const getEntrypointStmt = db.prepare<[string], { ruleset: string }>('SELECT ruleset FROM waf_entrypoint WHERE zone_id = ?');
  const putEntrypointStmt = db.prepare<[string, string]>(
    'INSERT INTO waf_entrypoint (zone_id, ruleset) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET ruleset = excluded.ruleset',
  );

  return {
    /** The zone's previous settings; a zone never seeded has an empty, switched-off previous WAF. */
    getLegacy(zone: { id: string; name: string }): LegacyWafSettings {
      const row = getLegacyStmt.get(zone.id);
      if (row) return JSON.parse(row.settings) as LegacyWafSettings;
      return { zoneId: zone.id, zoneName: zone.name, wafEnabled: false, packages: [], groups: [], rules: [], overrides: [], firewallRules: [], pageRules: [] };
    },
    putLegacy(settings: LegacyWafSettings): void {
      putLegacyStmt.run(settings.zoneId, JSON.stringify(settings));
    },
    getMigration(zoneId: string): MigrationRow {
      return getMigrationStmt.get(zoneId) ?? { state: 'start', created: null, source: null };
    },
    putMigration(zoneId: string, row: MigrationRow, now: string): void {
      putMigrationStmt.run(zoneId, row.state, row.created, row.source, now);
    },
    getEntrypoint(zoneId: string): EntrypointRuleset | null {
      const row = getEntrypointStmt.get(zoneId);
      return row ? (JSON.parse(row.ruleset) as EntrypointRuleset) : null;
    },
    putEntrypoint(zoneId: string, ruleset: EntrypointRuleset): void {
      putEntrypointStmt.run(zoneId, JSON.stringify(ruleset));
    },
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}

export type WafStore = ReturnType<typeof createWafStore>;
