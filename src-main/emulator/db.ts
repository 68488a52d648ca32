import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Opens the emulator's SQLite database (file under dataDir, or in memory) with the core schema. */
export function openEmulatorDb(dataDir?: string): Database.Database {
  let file = ':memory:';
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, 'service-emulator.sqlite');
  }
  const db = new Database(file);
  if (dataDir) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.exec(`
    CREATE TABLE IF NOT EXISTS emulator_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS zones (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL,
      paused INTEGER NOT NULL DEFAULT 0,
      type TEXT NOT NULL DEFAULT 'full',
      plan TEXT NOT NULL,
      account_id TEXT NOT NULL,
      account_name TEXT NOT NULL,
      name_servers TEXT NOT NULL,
      original_name_servers TEXT,
      created_on TEXT NOT NULL,
      modified_on TEXT NOT NULL,
      activated_on TEXT
    );
    CREATE TABLE IF NOT EXISTS dns_records (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      zone_id TEXT NOT NULL REFERENCES zones(id),
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      content TEXT NOT NULL,
      proxiable INTEGER NOT NULL,
      proxied INTEGER NOT NULL,
      ttl INTEGER NOT NULL,
      priority INTEGER,
      data TEXT,
      settings TEXT NOT NULL,
      comment TEXT,
      tags TEXT NOT NULL,
      created_on TEXT NOT NULL,
      modified_on TEXT NOT NULL,
      comment_modified_on TEXT,
      tags_modified_on TEXT
    );
    CREATE INDEX IF NOT EXISTS dns_records_zone_type_name ON dns_records(zone_id, type, name);
    CREATE INDEX IF NOT EXISTS dns_records_zone_name ON dns_records(zone_id, name);
  `);
  return db;
}

/** Reads a value the emulator keeps about itself (its credentials), or undefined. */
export function readMeta(db: Database.Database, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM emulator_meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Stores a value the emulator keeps about itself. */
export function writeMeta(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT INTO emulator_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
