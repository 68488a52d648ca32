import type Database from 'better-sqlite3';
import type { ExistingRecord } from '../dns/conflicts';
import type { DnsRecord, DnsRecordData, DnsRecordSettings, DnsRecordType, Zone } from '../dns/types';
import type { NormalizedRecord } from '../dns/validate';
import { formatTimestamp, randomId, type Clock } from './clock';

export interface RecordRow {
  seq: number;
  id: string;
  zone_id: string;
  name: string;
  type: string;
  content: string;
  proxiable: number;
  proxied: number;
  ttl: number;
  priority: number | null;
  data: string | null;
  settings: string;
  comment: string | null;
  tags: string;
  created_on: string;
  modified_on: string;
  comment_modified_on: string | null;
  tags_modified_on: string | null;
}

const PRIORITY_TYPES = new Set(['MX', 'SRV', 'URI']);

/** A stored row in the API's record shape. */
export function rowToRecord(r: RecordRow, zoneName: string): DnsRecord {
  const rec: DnsRecord = {
    id: r.id,
    zone_id: r.zone_id,
    zone_name: zoneName,
    name: r.name,
    type: r.type as DnsRecordType,
    content: r.content,
    proxiable: r.proxiable === 1,
    proxied: r.proxied === 1,
    ttl: r.ttl,
    locked: false,
    settings: JSON.parse(r.settings) as DnsRecordSettings,
    meta: { auto_added: false, managed_by_apps: false, managed_by_tunnel: false, source: 'primary' },
    comment: r.comment,
    tags: JSON.parse(r.tags) as string[],
    created_on: r.created_on,
    modified_on: r.modified_on,
  };
  if (r.priority !== null && PRIORITY_TYPES.has(r.type)) rec.priority = r.priority;
  if (r.data !== null) rec.data = JSON.parse(r.data) as DnsRecordData;
  if (r.comment_modified_on) rec.comment_modified_on = r.comment_modified_on;
  if (r.tags_modified_on) rec.tags_modified_on = r.tags_modified_on;
  return rec;
}

/** A stored row as the rules module's normalised record (for PATCH merges). */
export function rowToNormalized(r: RecordRow): NormalizedRecord {
  const n: NormalizedRecord = {
    type: r.type as DnsRecordType, name: r.name, content: r.content, ttl: r.ttl, proxied: r.proxied === 1,
    proxiable: r.proxiable === 1, settings: JSON.parse(r.settings) as DnsRecordSettings, comment: r.comment,
    tags: JSON.parse(r.tags) as string[],
  };
  if (r.priority !== null) n.priority = r.priority;
  if (r.data !== null) n.data = JSON.parse(r.data) as DnsRecordData;
  return n;
}

/** Prepared statements over the records table; ids and timestamps are set here. */
export function createDnsStore(db: Database.Database, clock: Clock) {
  const byId = db.prepare('SELECT * FROM dns_records WHERE zone_id = ? AND id = ?');
  const byName = db.prepare('SELECT id, name, type, content, priority FROM dns_records WHERE zone_id = ? AND name = ?');
  const allInZone = db.prepare('SELECT * FROM dns_records WHERE zone_id = ? ORDER BY type, name, seq');
  const conflictView = db.prepare('SELECT id, name, type, content, priority FROM dns_records WHERE zone_id = ?');
  const insert = db.prepare(`INSERT INTO dns_records
    (id, zone_id, name, type, content, proxiable, proxied, ttl, priority, data, settings, comment, tags, created_on, modified_on, comment_modified_on, tags_modified_on)
    VALUES (@id, @zone_id, @name, @type, @content, @proxiable, @proxied, @ttl, @priority, @data, @settings, @comment, @tags, @created_on, @modified_on, @comment_modified_on, @tags_modified_on)`);
  const update = db.prepare(`UPDATE dns_records SET name=@name, type=@type, content=@content, proxiable=@proxiable, proxied=@proxied,
    ttl=@ttl, priority=@priority, data=@data, settings=@settings, comment=@comment, tags=@tags, modified_on=@modified_on,
    comment_modified_on=@comment_modified_on, tags_modified_on=@tags_modified_on WHERE zone_id=@zone_id AND id=@id`);
  const remove = db.prepare('DELETE FROM dns_records WHERE zone_id = ? AND id = ?');

  const columns = (r: NormalizedRecord) => ({
    name: r.name, type: r.type, content: r.content, proxiable: r.proxiable ? 1 : 0, proxied: r.proxied ? 1 : 0, ttl: r.ttl,
    priority: r.priority ?? null, data: r.data ? JSON.stringify(r.data) : null, settings: JSON.stringify(r.settings),
    comment: r.comment, tags: JSON.stringify(r.tags),
  });

  return {
    get(zoneId: string, id: string): RecordRow | undefined {
      return byId.get(zoneId, id) as RecordRow | undefined;
    },
    /** Records at one name, for the conflict checks. */
    atName(zoneId: string, name: string): ExistingRecord[] {
      return byName.all(zoneId, name) as ExistingRecord[];
    },
    /** The whole zone as conflict-check entries (imports). */
    conflictView(zoneId: string): ExistingRecord[] {
      return conflictView.all(zoneId) as ExistingRecord[];
    },
    all(zoneId: string): RecordRow[] {
      return allInZone.all(zoneId) as RecordRow[];
    },
    insert(zone: Zone, r: NormalizedRecord, id = randomId()): RecordRow {
      const now = formatTimestamp(clock());
      const row = {
        id, zone_id: zone.id, ...columns(r), created_on: now, modified_on: now,
        comment_modified_on: r.comment !== null ? now : null, tags_modified_on: r.tags.length > 0 ? now : null,
      };
      insert.run(row);
      return { seq: 0, ...row };
    },
    update(zone: Zone, before: RecordRow, r: NormalizedRecord): RecordRow {
      const now = formatTimestamp(clock());
      const cols = columns(r);
      const row: RecordRow = {
        ...before, ...cols, modified_on: now,
        comment_modified_on: cols.comment !== before.comment ? (cols.comment === null ? null : now) : before.comment_modified_on,
        tags_modified_on: cols.tags !== before.tags ? (r.tags.length === 0 ? null : now) : before.tags_modified_on,
      };
      update.run({ ...row, zone_id: zone.id });
      return row;
    },
    remove(zoneId: string, id: string): void {
      remove.run(zoneId, id);
    },
  };
}

export type DnsStore = ReturnType<typeof createDnsStore>;
