import { formatTtl, type DnsBulkAction, type DnsBulkPreview } from '../../src-preload/contract/dns';
import { PROXIABLE_TYPES } from '../dns/record-fields';
import type { DnsBatchRequest, DnsRecord } from '../dns/types';

/**
 * The one atomic batch a bulk action sends, and the preview shown before it: what each selected
 * record goes from and to, and which records are left alone and why (not proxiable, already so…).
 */
export function planBulk(ids: readonly string[], lookup: (id: string) => DnsRecord | undefined, action: DnsBulkAction): { batch: DnsBatchRequest; preview: DnsBulkPreview } {
  const preview: DnsBulkPreview = { action, changes: [], skipped: [] };
  const batch: DnsBatchRequest = {};
  for (const id of new Set(ids)) {
    const r = lookup(id);
    if (!r) {
      preview.skipped.push({ id, type: 'A', name: id, reason: 'No longer in the zone (refresh).' });
      continue;
    }
    const item = { id, type: r.type, name: r.name };
    const skip = (reason: string) => preview.skipped.push({ ...item, reason });
    if (action.kind === 'delete') {
      (batch.deletes ??= []).push({ id });
      preview.changes.push({ ...item, from: r.content, to: 'deleted' });
    } else if (action.kind === 'ttl') {
      if (r.proxied) skip('Proxied: TTL stays Auto.');
      else if (r.ttl === action.ttl) skip(`TTL is already ${formatTtl(r.ttl)}.`);
      else {
        (batch.patches ??= []).push({ id, ttl: action.ttl });
        preview.changes.push({ ...item, from: `TTL ${formatTtl(r.ttl)}`, to: `TTL ${formatTtl(action.ttl)}` });
      }
    } else if (action.proxied && (!PROXIABLE_TYPES.includes(r.type) || !r.proxiable)) {
      skip(PROXIABLE_TYPES.includes(r.type) ? `${r.content} is not a public address; it cannot be proxied.` : `${r.type} records cannot be proxied.`);
    } else if (r.proxied === action.proxied) {
      skip(action.proxied ? 'Already proxied.' : 'Already DNS only.');
    } else {
      (batch.patches ??= []).push({ id, proxied: action.proxied });
      preview.changes.push({
        ...item,
        from: r.proxied ? 'Proxied' : `DNS only, TTL ${formatTtl(r.ttl)}`,
        to: action.proxied ? 'Proxied, TTL Auto' : 'DNS only, TTL Auto',
      });
    }
  }
  return { batch, preview };
}

/** Operations in a batch (the service limits them per request by plan). */
export function batchSize(batch: DnsBatchRequest): number {
  return (batch.deletes?.length ?? 0) + (batch.patches?.length ?? 0) + (batch.puts?.length ?? 0) + (batch.posts?.length ?? 0);
}

/** Operations one batch may hold: Free 200; Pro, Business, Enterprise 3,500. */
export function batchLimit(plan: string): number {
  return plan === 'free' ? 200 : 3500;
}
