import { describe, expect, it } from 'vitest';
import type { DnsRow } from '../../../src-preload/contract/dns';
import { applyChanges, filterRecords, nextSort, sortRecords, tagCounts, typeCounts } from '../../../src-renderer/src/screens/dns/logic/filter-sort';
import { idSet, moveCursor, prune, screenShortcut, selectRange, toggle, toggleAllVisible, visibleSelectionState } from '../../../src-renderer/src/screens/dns/logic/selection';

let n = 0;
function row(over: Partial<DnsRow>): DnsRow {
  n++;
  return {
    id: `id${n}`, name: 'www.example.com', type: 'A', content: '192.0.2.1', proxiable: true, proxied: false, ttl: 300,
    settings: {}, comment: null, tags: [], created_on: '', modified_on: '', ...over,
  };
}

const www = row({ name: 'www.example.com', type: 'CNAME', content: 'example.com', proxied: true, ttl: 1 });
const api = row({ name: 'api.example.com', type: 'A', content: '192.0.2.50', proxied: true, ttl: 1, comment: 'Origin API', tags: ['env:prod'] });
const mail = row({ name: 'mail.example.com', type: 'A', content: '198.51.100.5', ttl: 3600, tags: ['env:prod', 'team:mail'] });
const mx = row({ name: 'example.com', type: 'MX', content: 'mail.example.com', priority: 10, ttl: 3600 });
const spf = row({ name: 'example.com', type: 'TXT', content: 'v=spf1 include:_spf.Mailhost.example -all', ttl: 600, comment: 'SPF' });
const all = [www, api, mail, mx, spf];
const names = (rows: DnsRow[]) => rows.map((r) => `${r.type} ${r.name}`);

describe('sortRecords', () => {
  it.each([
    [{ key: 'type', dir: 'asc' }, ['A api.example.com', 'A mail.example.com', 'CNAME www.example.com', 'MX example.com', 'TXT example.com']],
    [{ key: 'name', dir: 'asc' }, ['A api.example.com', 'MX example.com', 'TXT example.com', 'A mail.example.com', 'CNAME www.example.com']],
    [{ key: 'name', dir: 'desc' }, ['CNAME www.example.com', 'A mail.example.com', 'MX example.com', 'TXT example.com', 'A api.example.com']],
    // Proxied rows read "Auto" = 300 s; ties go by name.
    [{ key: 'ttl', dir: 'asc' }, ['A api.example.com', 'CNAME www.example.com', 'TXT example.com', 'MX example.com', 'A mail.example.com']],
    [{ key: 'proxied', dir: 'desc' }, ['A api.example.com', 'CNAME www.example.com', 'MX example.com', 'TXT example.com', 'A mail.example.com']],
    [{ key: 'comment', dir: 'desc' }, ['TXT example.com', 'A api.example.com', 'MX example.com', 'A mail.example.com', 'CNAME www.example.com']],
  ] as const)('by %o', (spec, expected) => {
    expect(names(sortRecords(all, spec))).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const copy = [...all];
    sortRecords(all, { key: 'name', dir: 'desc' });
    expect(all).toEqual(copy);
  });

  it('flips direction on the same column, starts ascending on a new one', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'ttl')).toEqual({ key: 'ttl', dir: 'asc' });
  });
});

describe('filterRecords', () => {
  it.each([
    ['', '', 'all', 5],
    ['mail', '', 'all', 3], // name of mail, content of MX, content of SPF (mailhost)
    ['MAILHOST', '', 'all', 1], // case-insensitive
    ['origin', '', 'all', 1], // comment
    ['example.com mail', '', 'all', 3], // every word must match
    ['', 'A', 'all', 2],
    ['', '', 'proxied', 2],
    ['', 'A', 'dns-only', 1],
    ['zzz', '', 'all', 0],
  ] as const)('search %j, type %j, proxy %s → %i rows', (search, type, proxy, count) => {
    expect(filterRecords(all, { search, type, proxy })).toHaveLength(count);
  });

  it.each([
    ['env:prod', 'all', ['A api.example.com', 'A mail.example.com']],
    ['team:mail', 'all', ['A mail.example.com']],
    ['env:prod', 'proxied', ['A api.example.com']],
    ['env', 'all', []], // a tag matches exactly, not by prefix
    ['', 'proxied', ['CNAME www.example.com', 'A api.example.com']],
  ] as const)('tag %j with proxy %s → %j', (tag, proxy, expected) => {
    expect(names(filterRecords(all, { search: '', type: '', proxy, tag }))).toEqual(expected);
  });

  it('keeps the sorted order', () => {
    const sorted = sortRecords(all, { key: 'name', dir: 'desc' });
    expect(names(filterRecords(sorted, { search: 'example', type: '', proxy: 'all' }))).toEqual(names(sorted));
  });

  it('handles 10,000 rows per keystroke in well under a frame', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => row({ name: `host-${i}.example.com`, content: `198.51.${i % 250}.${i % 200}` }));
    const sorted = sortRecords(many, { key: 'name', dir: 'asc' });
    filterRecords(sorted, { search: 'x', type: '', proxy: 'all' }); // builds the search index once
    const t0 = performance.now();
    const hits = filterRecords(sorted, { search: 'host-42', type: '', proxy: 'all' });
    expect(performance.now() - t0).toBeLessThan(50);
    expect(hits.length).toBe(111); // host-42, host-420…429, host-4200…4299
  });
});

describe('typeCounts and applyChanges', () => {
  it('counts types alphabetically', () => {
    expect(typeCounts(all)).toEqual([['A', 2], ['CNAME', 1], ['MX', 1], ['TXT', 1]]);
  });

  it('counts tags alphabetically for the tag filter', () => {
    expect(tagCounts(all)).toEqual([['env:prod', 2], ['team:mail', 1]]);
  });

  it('replaces updated rows in place, appends new ones, drops removed ones', () => {
    const edited = { ...mail, content: '198.51.100.99' };
    const added = row({ name: 'new.example.com' });
    const out = applyChanges(all, [edited, added], [www.id]);
    expect(out.map((r) => r.id)).toEqual([api.id, mail.id, mx.id, spf.id, added.id]);
    expect(out[1]?.content).toBe('198.51.100.99');
  });
});

describe('selection', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  it('toggles one id', () => {
    expect([...toggle(idSet(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggle(idSet(['a', 'b']), 'a')]).toEqual(['b']);
  });

  it.each([
    ['b', 'd', ['b', 'c', 'd']],
    ['d', 'b', ['b', 'c', 'd']],
    [null, 'c', ['c']],
  ] as const)('shift-selects from %s to %s', (anchor, id, expected) => {
    expect([...selectRange(idSet(), ids, anchor, id)].sort()).toEqual(expected);
  });

  it('selects all visible, or clears them when all are on', () => {
    const some = toggleAllVisible(idSet(['a', 'z']), ['a', 'b']);
    expect([...some].sort()).toEqual(['a', 'b', 'z']);
    expect([...toggleAllVisible(some, ['a', 'b'])]).toEqual(['z']);
    expect(visibleSelectionState(idSet(['a']), ['a', 'b'])).toBe('some');
    expect(visibleSelectionState(idSet(['a', 'b']), ['a', 'b'])).toBe('all');
    expect(visibleSelectionState(idSet(), ['a'])).toBe('none');
  });

  it('prunes ids no longer present, keeping identity when nothing changed', () => {
    const s = idSet(['a', 'b']);
    expect(prune(s, idSet(['a', 'b', 'c']))).toBe(s);
    expect([...prune(s, idSet(['b']))]).toEqual(['b']);
  });

  it.each([
    [-1, 'ArrowDown', 0], [0, 'ArrowDown', 1], [4, 'ArrowDown', 4], [2, 'ArrowUp', 1], [0, 'ArrowUp', 0],
    [1, 'PageDown', 4], [3, 'PageUp', 0], [2, 'Home', 0], [1, 'End', 4], [1, 'x', null],
  ] as const)('cursor %i + %s → %s', (index, key, expected) => {
    expect(moveCursor(index, key, 5, 3)).toBe(expected);
  });

  it.each([
    ['/', false, 'focus-search'], ['n', false, 'new-record'], ['n', true, null], ['/', true, null], ['x', false, null],
  ] as const)('key %s (typing: %s) → %s', (key, typing, expected) => {
    expect(screenShortcut({ key, ctrlKey: false, metaKey: false, altKey: false }, typing)).toBe(expected);
  });

  it('leaves modified keys to the app', () => {
    expect(screenShortcut({ key: 'n', ctrlKey: true, metaKey: false, altKey: false }, false)).toBeNull();
  });
});
