import { join } from 'node:path';
import Database from 'better-sqlite3';

export type SettingsDb = Database.Database;

/**
 * The app's own SQLite database (profiles, DNS change journal, migration wizard progress,
 * UI memory). Each domain creates its tables with `CREATE TABLE IF NOT EXISTS` in its factory.
 * Never holds a secret: those live in the OS keychain only.
 */
export function openSettingsDb(dataDir: string): SettingsDb {
  const db = new Database(join(dataDir, 'zonedesk.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
