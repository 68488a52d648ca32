import type { SettingsDb } from '../settings-db';
import { parseWizardState, serializeWizardState, type WizardState } from '../migration';

/** One saved wizard: its state and when it was last written. */
export interface SavedProgress {
  state: WizardState;
  updatedAt: string;
}

export interface ProgressStore {
  load(profileId: string, zoneId: string): SavedProgress | null;
  save(profileId: string, state: WizardState): SavedProgress;
  remove(profileId: string, zoneId: string): void;
  /** Every saved wizard of a profile, keyed by zone id (for the zone picker). */
  list(profileId: string): Map<string, SavedProgress>;
}

interface Row {
  state_json: string;
  updated_at: string;
}

/**
 * Per-profile, per-zone wizard progress in the settings database, so the migration resumes after
 * a restart. Errors are not saved: they belong to the moment they happened.
 */
export function createProgressStore(db: SettingsDb, clock: () => number = Date.now): ProgressStore {
  db.exec(`CREATE TABLE IF NOT EXISTS migration_wizard (
    profile_id TEXT NOT NULL,
    zone_id TEXT NOT NULL,
    state_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, zone_id)
  )`);
  const getStmt = db.prepare<[string, string], Row>('SELECT state_json, updated_at FROM migration_wizard WHERE profile_id = ? AND zone_id = ?');
  const putStmt = db.prepare(
    `INSERT INTO migration_wizard (profile_id, zone_id, state_json, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (profile_id, zone_id) DO UPDATE SET state_json = excluded.state_json, updated_at = excluded.updated_at`,
  );
  const delStmt = db.prepare('DELETE FROM migration_wizard WHERE profile_id = ? AND zone_id = ?');
  const listStmt = db.prepare<[string], Row & { zone_id: string }>('SELECT zone_id, state_json, updated_at FROM migration_wizard WHERE profile_id = ?');

  // The row is outside the process (another version may have written it): parseWizardState
  // checks it, and an unreadable row means the wizard starts afresh rather than failing the screen.
  const parse = (row: Row): SavedProgress | null => {
    const state = parseWizardState(row.state_json);
    return state ? { state, updatedAt: row.updated_at } : null;
  };

  return {
    load(profileId, zoneId) {
      const row = getStmt.get(profileId, zoneId);
      return row ? parse(row) : null;
    },
    save(profileId, state) {
      const updatedAt = new Date(clock()).toISOString();
      const toSave: WizardState = { ...state, error: null };
      putStmt.run(profileId, state.zoneId, serializeWizardState(toSave), updatedAt);
      return { state: toSave, updatedAt };
    },
    remove(profileId, zoneId) {
      delStmt.run(profileId, zoneId);
    },
    list(profileId) {
      const out = new Map<string, SavedProgress>();
      for (const row of listStmt.all(profileId)) {
        const saved = parse(row);
        if (saved) out.set(row.zone_id, saved);
      }
      return out;
    },
  };
}
