import type { DnsRecordSnapshot, DnsRow } from '../../src-preload/contract/dns';
import { PROXIABLE_TYPES, RECORD_TYPE_FIELDS } from '../dns/record-fields';
import type { DnsRecord, DnsRecordInput } from '../dns/types';

/**
 * The body that recreates `record` exactly (POST or PUT): structured types send `data`, the
 * others `content`; `proxied`, `comment`, `tags` and `settings` are always explicit because a
 * PUT resets whatever it does not name.
 */
export function recordToInput(record: DnsRow | DnsRecord): DnsRecordInput {
  const spec = RECORD_TYPE_FIELDS[record.type];
  const input: DnsRecordInput = { type: record.type, name: record.name, ttl: record.ttl };
  if (spec.data && record.data) input.data = { ...record.data };
  else input.content = record.content;
  if (spec.priority && record.priority !== undefined) input.priority = record.priority;
  if (PROXIABLE_TYPES.includes(record.type)) input.proxied = record.proxied;
  input.comment = record.comment;
  input.tags = [...record.tags];
  if (record.settings && Object.keys(record.settings).length > 0) input.settings = { ...record.settings };
  return input;
}

/** The record without the zone-wide constants, as the renderer receives it. */
export function toRow(record: DnsRecord): DnsRow {
  const { zone_id: _z, zone_name: _n, meta: _m, locked: _l, ...row } = record;
  return row;
}

/** What the journal shows of a record. */
export function snapshot(record: DnsRecord): DnsRecordSnapshot {
  const s: DnsRecordSnapshot = {
    id: record.id, type: record.type, name: record.name, content: record.content, ttl: record.ttl,
    proxied: record.proxied, comment: record.comment, tags: record.tags,
  };
  if (record.priority !== undefined) s.priority = record.priority;
  return s;
}

/** True when two versions of a record say the same thing (ids and timestamps aside). */
export function sameRecordContent(a: DnsRecord, b: DnsRecord): boolean {
  return (
    a.type === b.type &&
    a.name === b.name &&
    a.content === b.content &&
    a.ttl === b.ttl &&
    a.proxied === b.proxied &&
    (a.priority ?? null) === (b.priority ?? null) &&
    (a.comment ?? null) === (b.comment ?? null) &&
    a.tags.join('\n') === b.tags.join('\n')
  );
}

/** A short label naming a record for messages: `A www.example.com → 192.0.2.1`. */
export function describeRecord(record: Pick<DnsRecord, 'type' | 'name' | 'content'>): string {
  const content = record.content.length > 60 ? `${record.content.slice(0, 57)}…` : record.content;
  return `${record.type} ${record.name} → ${content}`;
}
