import type { DnsJournalChange, DnsJournalEntry, DnsJournalKind } from '../../src-preload/contract/dns';
import type { SettingsDb } from '../settings-db';
import { snapshot } from './record-input';
import type { StoredChange } from './undo-plan';

/** Changes kept in the list view of an entry (the full set stays in the database). */
const PREVIEW_CHANGES = 50;

interface EntryRow {
  id: number;
  at: string;
  kind: DnsJournalKind;
  summary: string;
  count: number;
  preview: string;
  undo_of: number | null;
  undone_by: number | null;
  undone_at: string | null;
}

/** A journal entry with every change, for undo. */
export interface StoredEntry extends DnsJournalEntry {
  zoneId: string;
  all: StoredChange[];
}

export interface JournalScope {
  profileId: string;
  zoneId: string;
}

const toView = (r: EntryRow): DnsJournalEntry => ({
  id: r.id,
  at: r.at,
  kind: r.kind,
  summary: r.summary,
  count: r.count,
  changes: JSON.parse(r.preview) as DnsJournalChange[],
  undoneAt: r.undone_at,
  undoneBy: r.undone_by,
  undoOf: r.undo_of,
});

/**
 * The local change journal: every write the app makes to a zone, per account and zone, with the
 * records before and after, so any entry can be undone later. Also keeps the id aliases of
 * records an undo recreated (the service gives them new ids) and small per-account UI memory.
 */
export function createJournalStore(db: SettingsDb, clock: () => Date = () => new Date()) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS dns_journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL,
      zone_id TEXT NOT NULL,
      zone_name TEXT NOT NULL,
      at TEXT NOT NULL,
      kind TEXT NOT NULL,
      summary TEXT NOT NULL,
      count INTEGER NOT NULL,
      preview TEXT NOT NULL,
      changes TEXT NOT NULL,
      undo_of INTEGER,
      undone_by INTEGER,
      undone_at TEXT
    );
    CREATE INDEX IF NOT EXISTS dns_journal_scope ON dns_journal (profile_id, zone_id, id);
    CREATE TABLE IF NOT EXISTS dns_record_alias (
      profile_id TEXT NOT NULL,
      zone_id TEXT NOT NULL,
      old_id TEXT NOT NULL,
      new_id TEXT NOT NULL,
      PRIMARY KEY (profile_id, zone_id, old_id)
    );
    CREATE TABLE IF NOT EXISTS dns_ui_memory (
      profile_id TEXT NOT NULL,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (profile_id, key)
    );
  `);
  const COLUMNS = 'id, at, kind, summary, count, preview, undo_of, undone_by, undone_at';
  const insert = db.prepare(
    `INSERT INTO dns_journal (profile_id, zone_id, zone_name, at, kind, summary, count, preview, changes, undo_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS}, changes FROM dns_journal WHERE profile_id = ? AND zone_id = ? AND id = ?`);
  const list = db.prepare(`SELECT ${COLUMNS} FROM dns_journal WHERE profile_id = ? AND zone_id = ? ORDER BY id DESC LIMIT ?`);
  const undoable = db.prepare(
    `SELECT ${COLUMNS}, changes FROM dns_journal WHERE profile_id = ? AND zone_id = ? AND undone_by IS NULL AND kind <> 'undo' ORDER BY id DESC LIMIT ?`,
  );
  const markUndone = db.prepare('UPDATE dns_journal SET undone_by = ?, undone_at = ? WHERE id = ?');
  const putAlias = db.prepare('INSERT OR REPLACE INTO dns_record_alias (profile_id, zone_id, old_id, new_id) VALUES (?, ?, ?, ?)');
  const getAlias = db.prepare('SELECT new_id FROM dns_record_alias WHERE profile_id = ? AND zone_id = ? AND old_id = ?');
  const putMemory = db.prepare('INSERT OR REPLACE INTO dns_ui_memory (profile_id, key, value) VALUES (?, ?, ?)');
  const getMemory = db.prepare('SELECT value FROM dns_ui_memory WHERE profile_id = ? AND key = ?');

  const stored = (row: EntryRow & { changes: string }, zoneId: string): StoredEntry => ({
    ...toView(row),
    zoneId,
    all: JSON.parse(row.changes) as StoredChange[],
  });

  return {
    /** Records one write; returns its view (null when nothing changed). */
    record(scope: JournalScope & { zoneName: string }, kind: DnsJournalKind, summary: string, changes: StoredChange[], undoOf: number | null = null): DnsJournalEntry | null {
      if (changes.length === 0) return null;
      const preview: DnsJournalChange[] = changes.slice(0, PREVIEW_CHANGES).map((c) => ({
        before: c.before ? snapshot(c.before) : null,
        after: c.after ? snapshot(c.after) : null,
      }));
      const info = insert.run(
        scope.profileId, scope.zoneId, scope.zoneName, clock().toISOString(), kind, summary, changes.length,
        JSON.stringify(preview), JSON.stringify(changes), undoOf,
      );
      const row = byId.get(scope.profileId, scope.zoneId, Number(info.lastInsertRowid)) as EntryRow;
      return toView(row);
    },
    /** Newest first. */
    list(scope: JournalScope, limit = 200): DnsJournalEntry[] {
      return (list.all(scope.profileId, scope.zoneId, limit) as EntryRow[]).map(toView);
    },
    get(scope: JournalScope, id: number): StoredEntry | undefined {
      const row = byId.get(scope.profileId, scope.zoneId, id) as (EntryRow & { changes: string }) | undefined;
      return row ? stored(row, scope.zoneId) : undefined;
    },
    /** The newest `n` entries not yet undone (undo entries themselves excluded), newest first. */
    lastUndoable(scope: JournalScope, n: number): StoredEntry[] {
      return (undoable.all(scope.profileId, scope.zoneId, n) as (EntryRow & { changes: string })[]).map((r) => stored(r, scope.zoneId));
    },
    markUndone(id: number, undoneBy: number): void {
      markUndone.run(undoneBy, clock().toISOString(), id);
    },
    addAlias(scope: JournalScope, oldId: string, newId: string): void {
      putAlias.run(scope.profileId, scope.zoneId, oldId, newId);
    },
    /** The current id of a record that undo may have recreated (follows chains of aliases). */
    resolveId(scope: JournalScope, id: string): string {
      let current = id;
      for (let i = 0; i < 100; i++) {
        const row = getAlias.get(scope.profileId, scope.zoneId, current) as { new_id: string } | undefined;
        if (!row) return current;
        current = row.new_id;
      }
      return current;
    },
    remember(profileId: string, key: string, value: string): void {
      putMemory.run(profileId, key, value);
    },
    recall(profileId: string, key: string): string | null {
      return (getMemory.get(profileId, key) as { value: string } | undefined)?.value ?? null;
    },
  };
}

export type JournalStore = ReturnType<typeof createJournalStore>;
