import type { DnsJournalChange, DnsJournalEntry, DnsRecordSnapshot } from '../../../../../src-preload/contract/dns';
import { ttlLabel } from './record-form';

/** How a journal change reads: created / deleted / changed, and the fields that differ. */
export function describeChange(change: DnsJournalChange): { action: 'created' | 'deleted' | 'changed'; label: string; diffs: string[] } {
  const { before, after } = change;
  const rec = (after ?? before) as DnsRecordSnapshot;
  const label = `${rec.type} ${rec.name}`;
  if (!before) return { action: 'created', label, diffs: [summary(rec)] };
  if (!after) return { action: 'deleted', label, diffs: [summary(rec)] };
  const diffs: string[] = [];
  if (before.name !== after.name) diffs.push(`name ${before.name} → ${after.name}`);
  if (before.content !== after.content) diffs.push(`content ${before.content} → ${after.content}`);
  if (before.proxied !== after.proxied) diffs.push(`${before.proxied ? 'proxied' : 'DNS only'} → ${after.proxied ? 'proxied' : 'DNS only'}`);
  if (ttlLabel(before) !== ttlLabel(after)) diffs.push(`TTL ${ttlLabel(before)} → ${ttlLabel(after)}`);
  if ((before.priority ?? null) !== (after.priority ?? null)) diffs.push(`priority ${before.priority ?? '–'} → ${after.priority ?? '–'}`);
  if ((before.comment ?? '') !== (after.comment ?? '')) diffs.push(`comment “${before.comment ?? ''}” → “${after.comment ?? ''}”`);
  if (before.tags.join(',') !== after.tags.join(',')) diffs.push(`tags ${before.tags.join(', ') || '–'} → ${after.tags.join(', ') || '–'}`);
  return { action: 'changed', label, diffs: diffs.length ? diffs : ['no visible change'] };
}

function summary(r: DnsRecordSnapshot): string {
  return `${r.content} · TTL ${ttlLabel(r)}${r.proxied ? ' · proxied' : ''}`;
}

/** An entry can be undone once; undo entries can be undone too (that is a redo). */
export function canUndo(entry: DnsJournalEntry): boolean {
  return entry.undoneBy === null;
}

/** Entries "undo last N" would revert, newest first (undo entries and undone ones are skipped). */
export function lastUndoable(entries: readonly DnsJournalEntry[], n: number): DnsJournalEntry[] {
  return entries.filter((e) => e.undoneBy === null && e.kind !== 'undo').slice(0, n);
}

/** "just now", "3 min ago", "2 h ago", or the date. */
export function timeAgo(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleString();
}
