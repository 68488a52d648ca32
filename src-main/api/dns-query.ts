import type { DnsListQuery, DnsTextFilter } from '../dns/types';

function addText(p: URLSearchParams, field: string, f: DnsTextFilter | undefined): void {
  if (!f) return;
  for (const op of ['exact', 'contains', 'startswith', 'endswith'] as const) {
    const v = f[op];
    if (v !== undefined) p.append(`${field}.${op}`, v);
  }
}

/** Serialises DNS list filters the way the service (and its SDK) expects: dotted keys, repeated tags. */
export function dnsListParams(q: DnsListQuery = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (q.type) p.set('type', q.type);
  addText(p, 'name', q.name);
  addText(p, 'content', q.content);
  addText(p, 'comment', q.comment);
  if (q.comment?.present) p.set('comment.present', '');
  if (q.comment?.absent) p.set('comment.absent', '');
  for (const t of q.tag?.present ?? []) p.append('tag', t);
  for (const t of q.tag?.exact ?? []) p.append('tag.exact', t);
  for (const t of q.tag?.absent ?? []) p.append('tag.absent', t);
  for (const op of ['contains', 'startswith', 'endswith'] as const) for (const t of q.tag?.[op] ?? []) p.append(`tag.${op}`, t);
  if (q.tag_match) p.set('tag_match', q.tag_match);
  if (q.match) p.set('match', q.match);
  if (q.proxied !== undefined) p.set('proxied', String(q.proxied));
  if (q.search !== undefined) p.set('search', q.search);
  if (q.order) p.set('order', q.order);
  if (q.direction) p.set('direction', q.direction);
  if (q.page !== undefined) p.set('page', String(q.page));
  if (q.per_page !== undefined) p.set('per_page', String(q.per_page));
  return p;
}
