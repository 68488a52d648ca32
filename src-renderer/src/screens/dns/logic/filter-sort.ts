import type { DnsRow } from '../../../../../src-preload/contract/dns';

export type SortKey = 'type' | 'name' | 'content' | 'proxied' | 'ttl' | 'comment' | 'tags';
export interface SortSpec {
  key: SortKey;
  dir: 'asc' | 'desc';
}
export type ProxyFilter = 'all' | 'proxied' | 'dns-only';
export interface RecordFilter {
  search: string;
  /** '' = every type. */
  type: string;
  proxy: ProxyFilter;
  /** '' or absent = any; else records carrying exactly this tag (`name` or `name:value`). */
  tag?: string;
}

export const DEFAULT_SORT: SortSpec = { key: 'type', dir: 'asc' };
export const EMPTY_FILTER: RecordFilter = { search: '', type: '', proxy: 'all', tag: '' };

// Lower-cased "name content comment" per record, built once per record object (rows are immutable).
const haystacks = new WeakMap<DnsRow, string>();
function haystack(r: DnsRow): string {
  let h = haystacks.get(r);
  if (h === undefined) {
    h = `${r.name}\n${r.content}\n${r.comment ?? ''}`.toLowerCase();
    haystacks.set(r, h);
  }
  return h;
}

function sortValue(r: DnsRow, key: SortKey): string | number {
  switch (key) {
    case 'ttl':
      // Auto (1) means 300 s; proxied records always show Auto.
      return r.proxied || r.ttl === 1 ? 300 : r.ttl;
    case 'proxied':
      return r.proxied ? 1 : 0;
    case 'comment':
      return (r.comment ?? '').toLowerCase();
    case 'tags':
      return r.tags.join(',').toLowerCase();
    default:
      return r[key].toLowerCase();
  }
}

/**
 * A new array sorted by one column (ties by name, then type, then content, so the order is stable
 * and meaningful). Keys are computed once per record: 10,000 rows sort in a few milliseconds.
 */
export function sortRecords(records: readonly DnsRow[], spec: SortSpec): DnsRow[] {
  const sign = spec.dir === 'asc' ? 1 : -1;
  const keyed = records.map((r) => ({ r, k: sortValue(r, spec.key), n: r.name, t: r.type, c: r.content }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) return (a.k < b.k ? -1 : 1) * sign;
    if (a.n !== b.n) return a.n < b.n ? -1 : 1;
    if (a.t !== b.t) return a.t < b.t ? -1 : 1;
    return a.c < b.c ? -1 : a.c > b.c ? 1 : 0;
  });
  return keyed.map((x) => x.r);
}

/** Search (every word must appear in name, content or comment), type, proxy and tag filters; order kept. */
export function filterRecords(sorted: readonly DnsRow[], filter: RecordFilter): DnsRow[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  const { type, proxy } = filter;
  const tag = filter.tag ?? '';
  if (words.length === 0 && !type && proxy === 'all' && !tag) return sorted as DnsRow[];
  return sorted.filter((r) => {
    if (type && r.type !== type) return false;
    if (tag && !r.tags.includes(tag)) return false;
    if (proxy === 'proxied' && !r.proxied) return false;
    if (proxy === 'dns-only' && r.proxied) return false;
    if (words.length === 0) return true;
    const h = haystack(r);
    return words.every((w) => h.includes(w));
  });
}

/** Clicking a column: same column flips direction, a new one sorts ascending. */
export function nextSort(current: SortSpec, key: SortKey): SortSpec {
  return current.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
}

/** The record types present in the zone, with counts, for the type filter. */
export function typeCounts(records: readonly DnsRow[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The tags used in the zone, with how many records carry each, for the tag filter. */
export function tagCounts(records: readonly DnsRow[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of records) for (const t of r.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The records after a write: new versions replace old ones (or are added), removed ids go. */
export function applyChanges(records: readonly DnsRow[], upserted: readonly DnsRow[], removedIds: readonly string[]): DnsRow[] {
  if (upserted.length === 0 && removedIds.length === 0) return records as DnsRow[];
  const removed = new Set(removedIds);
  const byId = new Map(upserted.map((r) => [r.id, r]));
  const out: DnsRow[] = [];
  for (const r of records) {
    if (removed.has(r.id)) continue;
    const next = byId.get(r.id);
    if (next) byId.delete(r.id);
    out.push(next ?? r);
  }
  out.push(...byId.values());
  return out;
}
