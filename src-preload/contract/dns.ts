import { z } from 'zod';
import type { DnsRecord, DnsRecordType, PlanLegacyId, ZoneStatus } from '../../src-main/dns/types';
import type { RecordTypeSpec } from '../../src-main/dns/record-fields';
import { channel } from './define';

export type { DnsRecordType, RecordTypeSpec };
export type { FieldSpec } from '../../src-main/dns/record-fields';

/**
 * DNS workbench: the records of a zone (cached in main, filtered in the renderer), validation on
 * every keystroke, writes through the service API, BIND import/export, and a local change
 * journal with undo. Every write goes through the active account's connection.
 */

/** A zone as the picker shows it. */
export interface DnsZoneSummary {
  id: string;
  name: string;
  status: ZoneStatus;
  plan: PlanLegacyId;
  planName: string;
}

export interface DnsZonesResult {
  account: { profileId: string; profileName: string; isSandbox: boolean };
  zones: DnsZoneSummary[];
  /** The zone last opened with this account, when it still exists. */
  rememberedZoneId: string | null;
}

/** A record as the table and forms need it (the API record minus the zone-wide constants). */
export type DnsRow = Omit<DnsRecord, 'zone_id' | 'zone_name' | 'meta' | 'locked'>;

export interface DnsRecordsResult {
  zoneId: string;
  zoneName: string;
  plan: PlanLegacyId;
  records: DnsRow[];
  /** ISO time the records were read from the service. */
  fetchedAt: string;
}

/** A problem tied to a form field ('name', 'content', 'ttl', 'proxied', 'data.port', …). */
export interface DnsFieldIssue {
  field: string;
  code: number;
  message: string;
}

export interface DnsWarning {
  code: 'cname-chain';
  message: string;
}

export interface DnsValidateResult {
  ok: boolean;
  issues: DnsFieldIssue[];
  /** Advice that does not block saving (spec rule 4: proxied CNAME chains). */
  warnings: DnsWarning[];
}

/** The part of a record the journal shows for "before" and "after". */
export interface DnsRecordSnapshot {
  id: string;
  type: DnsRecordType;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
  priority?: number;
  comment: string | null;
  tags: string[];
}

export type DnsJournalKind = 'create' | 'edit' | 'delete' | 'bulk' | 'batch' | 'import' | 'undo';

export interface DnsJournalChange {
  before: DnsRecordSnapshot | null;
  after: DnsRecordSnapshot | null;
}

export interface DnsJournalEntry {
  id: number;
  at: string;
  kind: DnsJournalKind;
  summary: string;
  /** Number of record changes in the entry. */
  count: number;
  /** The first changes (at most 50) for display. */
  changes: DnsJournalChange[];
  undoneAt: string | null;
  undoneBy: number | null;
  /** For kind 'undo': the entry it reverted. */
  undoOf: number | null;
}

/** What a write did, so the renderer patches its copy without fetching the zone again. */
export interface DnsMutationResult {
  upserted: DnsRow[];
  removedIds: string[];
  entry: DnsJournalEntry | null;
  fetchedAt: string;
}

export interface DnsUndoResult extends DnsMutationResult {
  undoneIds: number[];
  /** Set when an entry could not be undone (records changed since); entries after it were not tried. */
  conflict: { entryId: number; message: string } | null;
  /** Undo rewrites the whole view: the zone's records after the undo. */
  records: DnsRow[];
}

export const bulkActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delete') }),
  z.object({ kind: z.literal('ttl'), ttl: z.number().int().min(1).max(86_400) }),
  z.object({ kind: z.literal('proxy'), proxied: z.boolean() }),
]);
export type DnsBulkAction = z.infer<typeof bulkActionSchema>;

export interface DnsBulkPreviewItem {
  id: string;
  type: DnsRecordType;
  name: string;
  from: string;
  to: string;
}

export interface DnsBulkPreview {
  action: DnsBulkAction;
  changes: DnsBulkPreviewItem[];
  skipped: { id: string; type: DnsRecordType; name: string; reason: string }[];
}

export interface DnsImportPreviewItem {
  line: number;
  type: DnsRecordType;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
}

export interface DnsImportPreview {
  toAdd: DnsImportPreviewItem[];
  duplicates: DnsImportPreviewItem[];
  invalid: { line: number; message: string }[];
  totalParsed: number;
}

const zoneId = z.string().regex(/^[0-9a-f]{32}$/, 'Not a zone id.');
const recordId = z.string().regex(/^[0-9a-f]{32}$/, 'Not a record id.');
/** A record body from a form; the rules module checks it field by field. */
const recordInput = z.record(z.string(), z.unknown());
const MAX_ZONE_FILE_CHARS = 256 * 1024;
const zoneFile = z.object({ zoneId, text: z.string().max(MAX_ZONE_FILE_CHARS, 'Zone files are limited to 256 KiB.'), proxied: z.boolean() });
const batchSchema = z.object({
  deletes: z.array(z.object({ id: recordId })).optional(),
  patches: z.array(recordInput.and(z.object({ id: recordId }))).optional(),
  puts: z.array(recordInput.and(z.object({ id: recordId }))).optional(),
  posts: z.array(recordInput).optional(),
});

export const dnsChannels = {
  'dns.listZones': channel<DnsZonesResult>()(z.undefined()),
  'dns.rememberZone': channel<{ zoneId: string }>()(z.object({ zoneId })),
  'dns.recordTypes': channel<Record<DnsRecordType, RecordTypeSpec>>()(z.undefined()),
  'dns.listRecords': channel<DnsRecordsResult>()(z.object({ zoneId, refresh: z.boolean().optional() })),
  'dns.validateRecord': channel<DnsValidateResult>()(z.object({ zoneId, input: recordInput, recordId: recordId.optional() })),
  'dns.createRecord': channel<DnsMutationResult>()(z.object({ zoneId, input: recordInput })),
  'dns.updateRecord': channel<DnsMutationResult>()(z.object({ zoneId, recordId, input: recordInput })),
  'dns.setProxied': channel<DnsMutationResult>()(z.object({ zoneId, recordId, proxied: z.boolean() })),
  'dns.deleteRecords': channel<DnsMutationResult>()(z.object({ zoneId, ids: z.array(recordId).min(1).max(5000) })),
  'dns.previewBulk': channel<DnsBulkPreview>()(z.object({ zoneId, ids: z.array(recordId).min(1).max(5000), action: bulkActionSchema })),
  'dns.applyBulk': channel<DnsMutationResult>()(z.object({ zoneId, ids: z.array(recordId).min(1).max(5000), action: bulkActionSchema })),
  /** A raw atomic batch (scripts, benchmarks); journaled like every other write. */
  'dns.batch': channel<DnsMutationResult>()(z.object({ zoneId, batch: batchSchema, summary: z.string().max(200).optional() })),
  'dns.previewImport': channel<DnsImportPreview>()(zoneFile),
  /** Refuses a file with invalid lines unless `skipInvalid` (then only the valid records are added). */
  'dns.applyImport': channel<DnsMutationResult>()(zoneFile.extend({ skipInvalid: z.boolean().optional() })),
  'dns.exportZone': channel<{ fileName: string; text: string }>()(z.object({ zoneId })),
  'dns.listJournal': channel<DnsJournalEntry[]>()(z.object({ zoneId })),
  'dns.undo': channel<DnsUndoResult>()(
    z.union([z.object({ zoneId, entryId: z.number().int().positive() }), z.object({ zoneId, last: z.number().int().min(1).max(50) })]),
  ),
};

/** "Auto", "30 s", "5 min", "1 h", "1 day" — how TTLs read everywhere (tables, forms, previews). */
export function formatTtl(ttl: number): string {
  if (ttl === 1) return 'Auto';
  if (ttl % 86_400 === 0) return `${ttl / 86_400} day${ttl === 86_400 ? '' : 's'}`;
  if (ttl % 3600 === 0) return `${ttl / 3600} h`;
  if (ttl % 60 === 0) return `${ttl / 60} min`;
  return `${ttl} s`;
}
