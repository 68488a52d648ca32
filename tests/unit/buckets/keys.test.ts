import { describe, expect, it } from 'vitest';
import { breadcrumbs, displayName, folderPrefix, sortObjects, uploadKey } from '../../../src-renderer/src/screens/buckets/keys';
import { formatBytes, formatDuration } from '../../../src-renderer/src/screens/buckets/format';

describe('object keys as folders', () => {
  it.each([
    ['', []],
    ['a/', [{ label: 'a', prefix: 'a/' }]],
    ['a/b/', [{ label: 'a', prefix: 'a/' }, { label: 'b', prefix: 'a/b/' }]],
    ['a//', [{ label: 'a', prefix: 'a/' }, { label: '(empty)', prefix: 'a//' }]],
  ])('breadcrumbs(%j)', (prefix, crumbs) => {
    expect(breadcrumbs(prefix)).toEqual(crumbs);
  });

  it.each([
    ['a/b.txt', 'a/', 'b.txt'],
    ['a/b/', 'a/', 'b'],
    ['top.txt', '', 'top.txt'],
  ])('displayName(%s, %s) = %s', (key, prefix, name) => {
    expect(displayName(key, prefix)).toBe(name);
  });

  it.each([
    ['', 'photos', 'photos/'],
    ['a/', ' 2024/june/ ', 'a/2024/june/'],
    ['a/', '', undefined],
    ['a/', 'x//y', undefined],
    ['a/', '../up', undefined],
  ])('folderPrefix(%j, %j)', (parent, name, prefix) => {
    expect(folderPrefix(parent, name)).toBe(prefix);
  });

  it.each([
    ['', 'a.txt', 'a.txt'],
    ['docs/', 'album/sub/x.txt', 'docs/album/sub/x.txt'],
    ['docs/', 'win\\path\\y.txt', 'docs/win/path/y.txt'],
  ])('uploadKey(%j, %j)', (prefix, rel, key) => {
    expect(uploadKey(prefix, rel)).toBe(key);
  });

  const objs = [
    { key: 'b', size: 3, etag: '', uploaded: '2024-01-02T00:00:00.000Z', storageClass: 'Standard' as const },
    { key: 'a', size: 10, etag: '', uploaded: '2024-01-03T00:00:00.000Z', storageClass: 'Standard' as const },
    { key: 'c', size: 3, etag: '', uploaded: '2024-01-01T00:00:00.000Z', storageClass: 'Standard' as const },
  ];
  it.each([
    ['name', false, ['c', 'b', 'a']],
    ['size', true, ['b', 'c', 'a']], // ties by key
    ['size', false, ['a', 'b', 'c']], // ties stay in key order
    ['date', true, ['c', 'b', 'a']],
  ] as const)('sortObjects by %s asc=%s', (field, asc, keys) => {
    expect(sortObjects(objs, field, asc).map((o) => o.key)).toEqual(keys);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0 B'],
    [1536, '1.50 KiB'],
    [200 * 1024 * 1024, '200 MiB'],
    [-1, '—'],
  ])('formatBytes(%d) = %s', (n, text) => expect(formatBytes(n)).toBe(text));
  it.each([
    [12.4, '12 s'],
    [185, '3 min 05 s'],
    [3725, '1 h 02 min'],
    [Number.NaN, '—'],
  ])('formatDuration(%d) = %s', (n, text) => expect(formatDuration(n)).toBe(text));
});
