/** The bucket database: pragmas, tables and the prepared statements every operation reuses. */
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/**
 * bodies   — one row per stored byte run: small ones inline (`data`), large ones in a file
 *            `bodies/<id % 256>/<id>`; state 0 live, 1 being written (owner = pid), 2 dead.
 * objects  — the key index (byte-wise BLOB order, WITHOUT ROWID so a list page is one range scan).
 * segments — the bodies of a multipart object, in part-number order (linked, never copied).
 * uploads / parts — multipart uploads; rows stay after complete/abort so 10024 and 10001 differ.
 */
const DDL = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stats (id INTEGER PRIMARY KEY CHECK (id = 1), objects INTEGER NOT NULL, bytes INTEGER NOT NULL);
INSERT OR IGNORE INTO stats VALUES (1, 0, 0);
CREATE TABLE IF NOT EXISTS bodies (id INTEGER PRIMARY KEY, size INTEGER NOT NULL, data BLOB, state INTEGER NOT NULL, owner INTEGER);
CREATE INDEX IF NOT EXISTS bodies_pending ON bodies (state) WHERE state <> 0;
CREATE TABLE IF NOT EXISTS objects (
  key BLOB PRIMARY KEY, version TEXT NOT NULL, size INTEGER NOT NULL, etag TEXT NOT NULL, uploaded INTEGER NOT NULL,
  http TEXT, custom TEXT, checksums TEXT, class TEXT NOT NULL, body INTEGER, parts INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS segments (
  version TEXT NOT NULL, idx INTEGER NOT NULL, body INTEGER NOT NULL, start INTEGER NOT NULL, size INTEGER NOT NULL,
  PRIMARY KEY (version, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS uploads (
  id TEXT PRIMARY KEY, key BLOB NOT NULL, created INTEGER NOT NULL, http TEXT, custom TEXT, class TEXT NOT NULL, state INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS uploads_ongoing ON uploads (created) WHERE state = 0;
CREATE TABLE IF NOT EXISTS parts (
  upload TEXT NOT NULL, num INTEGER NOT NULL, etag TEXT NOT NULL, size INTEGER NOT NULL, body INTEGER NOT NULL,
  PRIMARY KEY (upload, num)
) WITHOUT ROWID;
`;

export const BODY_LIVE = 0;
export const BODY_WRITING = 1;
export const BODY_DEAD = 2;
export const UPLOAD_ONGOING = 0;
export const UPLOAD_COMPLETED = 1;
export const UPLOAD_ABORTED = 2;

export interface ObjectRow {
  key: Buffer;
  version: string;
  size: number;
  etag: string;
  uploaded: number;
  http: string | null;
  custom: string | null;
  checksums: string | null;
  class: string;
  body: number | null;
  parts: number;
}

export interface ObjectRowWithData extends ObjectRow {
  data: Buffer | null;
}

export interface SegmentRow {
  body: number;
  start: number;
  size: number;
  data: Buffer | null;
}

export interface UploadRow {
  id: string;
  key: Buffer;
  created: number;
  http: string | null;
  custom: string | null;
  class: string;
  state: number;
}

export interface PartRow {
  num: number;
  etag: string;
  size: number;
  body: number;
}

/** Opens (creating if needed) the bucket database with WAL and the schema. */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the WAL (OS cache) when it returns, so it survives a
  // process kill; only power loss can drop the last commits, never corrupt the file.
  db.pragma('synchronous = NORMAL');
  // Checkpoints (each with two fsyncs) cost about a third of a small put at 4000 pages; at 16000
  // (a WAL of up to 64 MB) they are four times rarer, and one copies fewer distinct pages per put.
  db.pragma('wal_autocheckpoint = 16000');
  db.exec(DDL);
  return db;
}

/** Prepared statements, created once per connection (preparing per call costs more than the query). */
export function prepareStatements(db: Database.Database) {
  const s = <T extends unknown[] = unknown[]>(sql: string): Statement<T> => db.prepare<T>(sql);
  return {
    getMeta: s<[string]>('SELECT v FROM meta WHERE k = ?'),
    setMeta: s<[string, string]>('INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)'),
    getStats: s('SELECT objects, bytes FROM stats WHERE id = 1'),
    addStats: s<[number, number]>('UPDATE stats SET objects = objects + ?, bytes = bytes + ? WHERE id = 1'),
    insertBody: s<[number, Buffer | null, number, number | null]>('INSERT INTO bodies (size, data, state, owner) VALUES (?, ?, ?, ?)'),
    setBodyState: s<[number, number | null, number]>('UPDATE bodies SET state = ?, owner = ? WHERE id = ?'),
    finishBody: s<[number, number]>('UPDATE bodies SET state = 0, owner = NULL, size = ? WHERE id = ?'),
    deleteBody: s<[number]>('DELETE FROM bodies WHERE id = ?'),
    deleteInlineBody: s<[number]>('DELETE FROM bodies WHERE id = ? AND data IS NOT NULL'),
    bodyInfo: s<[number]>('SELECT id, size, data IS NULL AS isFile, state FROM bodies WHERE id = ?'),
    bodyData: s<[number]>('SELECT data FROM bodies WHERE id = ?'),
    pendingBodies: s('SELECT id, data IS NULL AS isFile, state, owner FROM bodies WHERE state <> 0'),
    headObject: s<[Buffer]>('SELECT * FROM objects WHERE key = ?'),
    getObject: s<[Buffer]>(
      'SELECT o.*, b.data AS data FROM objects o LEFT JOIN bodies b ON b.id = o.body WHERE o.key = ?',
    ),
    objectTarget: s<[Buffer]>('SELECT version, etag, uploaded, size, body, parts FROM objects WHERE key = ?'),
    upsertObject: s(
      'INSERT OR REPLACE INTO objects (key, version, size, etag, uploaded, http, custom, checksums, class, body, parts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    maxKeyBetween: s<[Buffer, Buffer]>('SELECT max(key) AS key FROM objects WHERE key >= ? AND key < ?'),
    maxKeyFrom: s<[Buffer]>('SELECT max(key) AS key FROM objects WHERE key >= ?'),
    deleteObject: s<[Buffer]>('DELETE FROM objects WHERE key = ?'),
    segments: s<[string]>(
      'SELECT s.body, s.start, s.size, b.data AS data FROM segments s JOIN bodies b ON b.id = s.body WHERE s.version = ? ORDER BY s.idx',
    ),
    segmentBodies: s<[string]>('SELECT body FROM segments WHERE version = ?'),
    insertSegment: s<[string, number, number, number, number]>('INSERT INTO segments (version, idx, body, start, size) VALUES (?, ?, ?, ?, ?)'),
    deleteSegments: s<[string]>('DELETE FROM segments WHERE version = ?'),
    insertUpload: s<[string, Buffer, number, string | null, string | null, string]>(
      'INSERT INTO uploads (id, key, created, http, custom, class, state) VALUES (?, ?, ?, ?, ?, ?, 0)',
    ),
    getUpload: s<[string]>('SELECT * FROM uploads WHERE id = ?'),
    setUploadState: s<[number, string]>('UPDATE uploads SET state = ? WHERE id = ?'),
    expiredUploads: s<[number]>('SELECT id FROM uploads WHERE state = 0 AND created < ?'),
    getPart: s<[string, number]>('SELECT num, etag, size, body FROM parts WHERE upload = ? AND num = ?'),
    listParts: s<[string]>('SELECT num, etag, size, body FROM parts WHERE upload = ?'),
    upsertPart: s<[string, number, string, number, number]>('INSERT OR REPLACE INTO parts (upload, num, etag, size, body) VALUES (?, ?, ?, ?, ?)'),
    deleteParts: s<[string]>('DELETE FROM parts WHERE upload = ?'),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
