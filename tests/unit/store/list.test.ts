import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenBucket, StoreListOptions } from '../../../src-main/store/index';
import { expectError, tempBucket } from './helpers';

let t: Awaited<ReturnType<typeof tempBucket>>;
let b: OpenBucket;
beforeEach(async () => {
  t = await tempBucket({ compatibilityDate: '2024-01-01' });
  b = t.bucket;
});
afterEach(async () => t.done());

async function all(options: StoreListOptions): Promise<{ keys: string[]; prefixes: string[]; pages: number }> {
  const keys: string[] = [];
  const prefixes: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await b.list({ ...options, cursor });
    pages++;
    keys.push(...page.objects.map((o) => o.key));
    prefixes.push(...page.delimitedPrefixes);
    if (!page.truncated) {
      expect(page.cursor).toBeUndefined();
      return { keys, prefixes, pages };
    }
    expect(typeof page.cursor).toBe('string');
    cursor = page.cursor;
  }
}

describe('list', () => {
  it('orders keys by UTF-8 bytes', async () => {
    const keys = ['~', 'key3', 'key10', 'key1', 'a', '_', 'Key2', 'A', ', ', '!', '\u{1F600}', '\uFFFD'];
    for (const k of keys) await b.put(k, k);
    const listed = (await b.list()).objects.map((o) => o.key);
    expect(listed).toEqual(['!', ', ', 'A', 'Key2', '_', 'a', 'key1', 'key10', 'key3', '~', '\uFFFD', '\u{1F600}']);
  });

  it('filters by literal prefix and pages with cursors', async () => {
    for (let i = 0; i < 25; i++) await b.put(`p%/${String(i).padStart(2, '0')}`, 'x');
    await b.put('p_x', 'x');
    await b.put('q', 'x');
    const r = await all({ prefix: 'p%/', limit: 7 });
    expect(r.keys).toHaveLength(25);
    expect(r.pages).toBe(4);
    expect((await b.list({ prefix: 'p%' })).objects).toHaveLength(25);
    const first = await b.list({ limit: 25, prefix: 'p%/' });
    expect(first.truncated).toBe(false);
  });

  it('groups by delimiter (spec form: no trailing delimiter), counting prefixes in limit', async () => {
    for (const k of ['a/b/c', 'a/b/d', 'a/e', 'b', 'c/x', 'c/y', 'd']) await b.put(k, 'x');
    const top = await b.list({ delimiter: '/' });
    expect(top.objects.map((o) => o.key)).toEqual(['b', 'd']);
    expect(top.delimitedPrefixes).toEqual(['a', 'c']);
    const inA = await b.list({ delimiter: '/', prefix: 'a/' });
    expect(inA.objects.map((o) => o.key)).toEqual(['a/e']);
    expect(inA.delimitedPrefixes).toEqual(['a/b']);
    const paged = await all({ delimiter: '/', limit: 1 });
    expect(paged).toEqual({ keys: ['b', 'd'], prefixes: ['a', 'c'], pages: 4 });
    const multi = await b.list({ delimiter: 'b/' });
    expect(multi.delimitedPrefixes).toEqual(['a/']);
  });

  it('validates limit and include', async () => {
    await expectError(b.list({ limit: 0 }), Error, 'list: MaxKeys params must be positive integer <= 1000. (10022)');
    await expectError(b.list({ limit: 1001 }), Error, 'list: MaxKeys params must be positive integer <= 1000. (10022)');
    await expectError(b.list({ include: ['body' as 'httpMetadata'] }), RangeError, 'Unsupported include value body');
    await expectError(b.list({ limit: '5' as unknown as number }), TypeError, /limit must be a number/);
    await b.put('a', 'x');
    await b.put('b', 'x');
    const p = await b.list({ limit: 1.5 });
    expect(p.objects).toHaveLength(1);
    expect(p.truncated).toBe(true);
  });

  it('honours include with a recent compatibility date, and a garbage cursor is harmless', async () => {
    await b.put('k', 'x', { httpMetadata: { contentType: 'text/plain' }, customMetadata: { a: '1' } });
    const none = (await b.list()).objects[0];
    expect(none?.httpMetadata).toBeUndefined();
    expect(none?.customMetadata).toBeUndefined();
    expect(() => none?.writeHttpMetadata(new Headers())).toThrow("HTTP metadata unknown for key `k`. Did you forget to add 'httpMetadata' to `include` when listing?");
    const custom = (await b.list({ include: ['customMetadata'] })).objects[0];
    expect(custom?.customMetadata).toEqual({ a: '1' });
    expect(custom?.httpMetadata).toBeUndefined();
    const both = (await b.list({ include: ['httpMetadata', 'customMetadata'] })).objects[0];
    expect(both?.httpMetadata).toEqual({ contentType: 'text/plain' });
    expect(both?.checksums.toJSON()).toEqual({ md5: both?.etag });
    expect(both?.range).toBeUndefined();
    expect((await b.list({ cursor: '%%%not-base64' })).truncated).toBe(false);
  });

  it.each([
    [undefined, undefined],
    ['2022-08-03', undefined],
    ['2020-01-01', ['store_list_honor_include']],
  ])('with compatibility date %s and flags %o', async (date, flags) => {
    const old = await tempBucket({ compatibilityDate: date, compatibilityFlags: flags });
    await old.bucket.put('k', 'x', { httpMetadata: { contentType: 'text/plain' }, customMetadata: { a: '1' } });
    const o = (await old.bucket.list({ include: ['customMetadata'] })).objects[0];
    expect(o?.customMetadata).toEqual({ a: '1' });
    if (flags) expect(o?.httpMetadata).toBeUndefined();
    else expect(o?.httpMetadata).toEqual({ contentType: 'text/plain' }); // both kinds, whatever include says
    await old.done();
  });

  it('keeps continuing after the cursor key is deleted, and sees keys added after it', async () => {
    for (const k of ['a', 'b', 'c', 'd']) await b.put(k, 'x');
    const p1 = await b.list({ limit: 2 });
    await b.delete('b');
    await b.put('bb', 'x');
    await b.put('aa', 'x');
    const p2 = await b.list({ limit: 10, cursor: p1.cursor });
    expect(p2.objects.map((o) => o.key)).toEqual(['bb', 'c', 'd']);
  });
});
