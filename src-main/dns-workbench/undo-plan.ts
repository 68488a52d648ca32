import type { DnsBatchRequest, DnsBatchResult, DnsRecord } from '../dns/types';
import { describeRecord, recordToInput, sameRecordContent } from './record-input';

/** One change of a journal entry: the record before and after (null = did not exist). */
export interface StoredChange {
  before: DnsRecord | null;
  after: DnsRecord | null;
}

export type UndoPlan =
  | {
      ok: true;
      batch: DnsBatchRequest;
      /** The live records the batch deletes and overwrites, in batch order (the undo's "before"). */
      deleted: DnsRecord[];
      replaced: DnsRecord[];
      /** Id each post recreates (the deleted record's old id), in batch order, for id aliases. */
      recreatedFrom: string[];
    }
  | { ok: false; message: string; conflicts: string[] };

/** A record was edited by someone else when its timestamp moved AND what it says differs. */
function changedSince(live: DnsRecord, expected: DnsRecord): boolean {
  return live.modified_on !== expected.modified_on && !sameRecordContent(live, expected);
}

function identicalExists(record: DnsRecord, live: ReadonlyMap<string, DnsRecord>): boolean {
  for (const r of live.values()) {
    if (r.type === record.type && r.name === record.name && r.content.toLowerCase() === record.content.toLowerCase() && (r.priority ?? null) === (record.priority ?? null)) return true;
  }
  return false;
}

/**
 * The batch that reverts `changes` against the zone as it is now (`live`): created records are
 * deleted, edited ones are put back, deleted ones are posted again. Refuses — naming every
 * record — when any of them changed since the entry was made, so undo never overwrites
 * someone else's edit. `resolveId` follows ids of records that an earlier undo recreated.
 */
export function planUndo(changes: readonly StoredChange[], live: ReadonlyMap<string, DnsRecord>, resolveId: (id: string) => string): UndoPlan {
  const batch: Required<Pick<DnsBatchRequest, 'deletes' | 'puts' | 'posts'>> = { deletes: [], puts: [], posts: [] };
  const deleted: DnsRecord[] = [];
  const replaced: DnsRecord[] = [];
  const recreatedFrom: string[] = [];
  const conflicts: string[] = [];
  for (const { before, after } of changes) {
    if (after) {
      const id = resolveId(after.id);
      const current = live.get(id);
      if (!current) {
        conflicts.push(`${describeRecord(after)} was deleted since.`);
        continue;
      }
      if (changedSince(current, after)) {
        conflicts.push(`${describeRecord(after)} changed since (now ${describeRecord(current)}, modified ${current.modified_on}).`);
        continue;
      }
      if (before) {
        batch.puts.push({ id, ...recordToInput(before) });
        replaced.push(current);
      } else {
        batch.deletes.push({ id });
        deleted.push(current);
      }
    } else if (before) {
      if (identicalExists(before, live)) {
        conflicts.push(`${describeRecord(before)} exists again already.`);
        continue;
      }
      batch.posts.push(recordToInput(before));
      recreatedFrom.push(before.id);
    }
  }
  if (conflicts.length > 0) {
    const head = conflicts.length === 1 ? 'A record changed since this change was made' : `${conflicts.length} records changed since this change was made`;
    return { ok: false, message: `${head}; undo would overwrite it: ${conflicts.slice(0, 3).join(' ')}${conflicts.length > 3 ? ' …' : ''}`, conflicts };
  }
  const out: DnsBatchRequest = {};
  if (batch.deletes.length) out.deletes = batch.deletes;
  if (batch.puts.length) out.puts = batch.puts;
  if (batch.posts.length) out.posts = batch.posts;
  return { ok: true, batch: out, deleted, replaced, recreatedFrom };
}

/** The changes an executed undo made (to journal it, so an undo can be undone in turn). */
export function undoChanges(plan: Extract<UndoPlan, { ok: true }>, result: DnsBatchResult): StoredChange[] {
  const puts = result.puts ?? [];
  const posts = result.posts ?? [];
  return [
    ...plan.deleted.map((before) => ({ before, after: null })),
    ...plan.replaced.map((before, i) => ({ before, after: puts[i] ?? null })),
    ...posts.map((after) => ({ before: null, after })),
  ];
}

/**
 * The changes a batch made, from the records as they were (`lookup`) and the batch's result.
 * Deletes answer with the deleted records; patches and puts with the new versions.
 */
export function batchChanges(batch: DnsBatchRequest, result: DnsBatchResult, lookup: (id: string) => DnsRecord | undefined): StoredChange[] {
  const changes: StoredChange[] = [];
  (batch.deletes ?? []).forEach((d, i) => {
    const before = lookup(d.id) ?? result.deletes?.[i];
    if (before) changes.push({ before, after: null });
  });
  const rewrite = (items: { id: string }[] | undefined, after: DnsRecord[] | undefined) =>
    (items ?? []).forEach((item, i) => {
      const next = after?.[i];
      if (next) changes.push({ before: lookup(item.id) ?? null, after: next });
    });
  rewrite(batch.patches, result.patches);
  rewrite(batch.puts, result.puts);
  for (const after of result.posts ?? []) changes.push({ before: null, after });
  return changes;
}
