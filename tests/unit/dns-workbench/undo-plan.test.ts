import { describe, expect, it } from 'vitest';
import { batchChanges, planUndo, undoChanges } from '../../../src-main/dns-workbench/undo-plan';
import type { DnsRecord } from '../../../src-main/dns/types';
import { rec } from './fixtures';

const live = (...records: DnsRecord[]) => new Map(records.map((r) => [r.id, r]));
const same = (id: string) => id;

describe('planUndo', () => {
  it('deletes a record the entry created, when unchanged', () => {
    const created = rec();
    const plan = planUndo([{ before: null, after: created }], live(created), same);
    expect(plan).toMatchObject({ ok: true, batch: { deletes: [{ id: created.id }] } });
  });

  it('puts back the "before" of an edit, with every field explicit', () => {
    const before = rec({ content: '192.0.2.1', proxied: true, ttl: 1, comment: 'web' });
    const after = { ...before, content: '192.0.2.9', modified_on: '2025-02-01T00:00:00Z' };
    const plan = planUndo([{ before, after }], live(after), same);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.batch.puts).toEqual([
      { id: before.id, type: 'A', name: before.name, content: '192.0.2.1', ttl: 1, proxied: true, comment: 'web', tags: [] },
    ]);
  });

  it('posts a deleted record again and remembers which id it recreates', () => {
    const gone = rec({ type: 'MX', content: 'mail.example.com', priority: 10, proxiable: false });
    const plan = planUndo([{ before: gone, after: null }], live(), same);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.batch.posts).toEqual([{ type: 'MX', name: gone.name, content: 'mail.example.com', priority: 10, ttl: 300, comment: null, tags: [] }]);
    expect(plan.recreatedFrom).toEqual([gone.id]);
  });

  it('sends structured data for data types', () => {
    const srv = rec({ type: 'SRV', name: '_sip._tcp.example.com', content: '5 5060 sip.example.com', priority: 10, data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } });
    const plan = planUndo([{ before: srv, after: null }], live(), same);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.batch.posts?.[0]).toMatchObject({ type: 'SRV', data: { port: 5060 } });
    expect(plan.batch.posts?.[0]).not.toHaveProperty('content');
  });

  it.each([
    ['was deleted since', (_after: DnsRecord) => live(), /was deleted since/],
    ['changed since', (after: DnsRecord) => live({ ...after, content: '198.51.100.7', modified_on: '2025-03-01T00:00:00Z' }), /changed since .*198\.51\.100\.7/],
  ])('refuses when the record %s, naming it', (_label, makeLive, pattern) => {
    const after = rec({ name: 'api.example.com' });
    const plan = planUndo([{ before: null, after }], makeLive(after), same);
    expect(plan.ok).toBe(false);
    if (!plan.ok) {
      expect(plan.message).toMatch(pattern);
      expect(plan.message).toContain('api.example.com');
    }
  });

  it('accepts a newer timestamp when the content is the same (re-saved unchanged)', () => {
    const after = rec();
    const plan = planUndo([{ before: null, after }], live({ ...after, modified_on: '2030-01-01T00:00:00Z' }), same);
    expect(plan.ok).toBe(true);
  });

  it('refuses to recreate a record that exists again', () => {
    const gone = rec();
    const back = { ...gone, id: 'f'.repeat(32) };
    const plan = planUndo([{ before: gone, after: null }], live(back), same);
    expect(plan).toMatchObject({ ok: false, conflicts: [expect.stringMatching(/exists again/)] });
  });

  it('follows id aliases of records an earlier undo recreated', () => {
    const after = rec();
    const recreated = { ...after, id: 'e'.repeat(32), modified_on: '2026-01-01T00:00:00Z' };
    const plan = planUndo([{ before: null, after }], live(recreated), (id) => (id === after.id ? recreated.id : id));
    expect(plan).toMatchObject({ ok: true, batch: { deletes: [{ id: recreated.id }] } });
  });

  it('is all or nothing: one conflict blocks the whole entry', () => {
    const a = rec();
    const b = rec({ name: 'b.example.com' });
    const plan = planUndo([{ before: null, after: a }, { before: null, after: b }], live(a), same);
    expect(plan.ok).toBe(false);
  });
});

describe('undoChanges / batchChanges', () => {
  it('journals an undo as deletes, replacements and posts', () => {
    const created = rec();
    const edited = rec({ name: 'e.example.com' });
    const editedBefore = { ...edited, content: '192.0.2.77' };
    const gone = rec({ name: 'g.example.com' });
    const plan = planUndo(
      [{ before: null, after: created }, { before: editedBefore, after: edited }, { before: gone, after: null }],
      live(created, edited),
      same,
    );
    if (!plan.ok) throw new Error(plan.message);
    const restored = { ...editedBefore, modified_on: 'x' };
    const reposted = { ...gone, id: 'a'.repeat(32) };
    const changes = undoChanges(plan, { deletes: [created], puts: [restored], posts: [reposted] });
    expect(changes).toEqual([
      { before: created, after: null },
      { before: edited, after: restored },
      { before: null, after: reposted },
    ]);
  });

  it('reads "before" from the cache and "after" from the batch result', () => {
    const a = rec();
    const b = rec({ name: 'b.example.com' });
    const patched = { ...b, ttl: 3600 };
    const posted = rec({ name: 'new.example.com' });
    const cache = live(a, b);
    const changes = batchChanges(
      { deletes: [{ id: a.id }], patches: [{ id: b.id, ttl: 3600 }], posts: [{ type: 'A', name: 'new', content: '192.0.2.3' }] },
      { deletes: [a], patches: [patched], posts: [posted] },
      (id) => cache.get(id),
    );
    expect(changes).toEqual([
      { before: a, after: null },
      { before: b, after: patched },
      { before: null, after: posted },
    ]);
  });
});
