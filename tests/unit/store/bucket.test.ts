import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBucket, type OpenBucket, type StoreObjectBody } from '../../../src-main/store/index';
import { expectError, streamOf, tempBucket } from './helpers';

let t: Awaited<ReturnType<typeof tempBucket>>;
let b: OpenBucket;
let now = Date.UTC(2024, 5, 1, 10, 0, 0, 250);
beforeEach(async () => {
  now = Date.UTC(2024, 5, 1, 10, 0, 0, 250);
  t = await tempBucket({ clock: () => now });
  b = t.bucket;
});
afterEach(async () => t.done());

const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');

describe('put / get / head / delete', () => {
  it('stores every value type', async () => {
    const ab = new TextEncoder().encode('xxhelloxx').buffer;
    const cases: [unknown, string][] = [
      ['héllo', 'héllo'],
      [ab, 'xxhelloxx'],
      [new Uint8Array(ab, 2, 5), 'hello'],
      [new DataView(ab, 2, 5), 'hello'],
      [new Blob(['blob!']), 'blob!'],
      [null, ''],
      [new Response('from response').body, 'from response'],
      [streamOf(3, 1, 0x7a), 'zzz'],
    ];
    for (const [i, [value, text]] of cases.entries()) {
      const put = await b.put(`k${i}`, value as string);
      expect(put.size).toBe(Buffer.byteLength(text));
      expect(put.etag).toBe(md5(text));
      expect(put.httpEtag).toBe(`"${md5(text)}"`);
      expect(put.range).toBeUndefined();
      const got = await b.get(`k${i}`);
      expect(await got?.text()).toBe(text);
    }
  });

  it('returns the object fields', async () => {
    const put = await b.put('k', 'value', { customMetadata: { a: '1' }, httpMetadata: { contentType: 'text/plain' } });
    expect(put.etag).toBe('2063c1608d6e0baf80249c42e2be5804');
    expect(put.version).toMatch(/^[0-9a-f]{32}$/);
    expect(put.uploaded.getTime()).toBe(now);
    expect(put.storageClass).toBe('Standard');
    expect(put.checksums.toJSON()).toEqual({ md5: '2063c1608d6e0baf80249c42e2be5804' });
    expect(Buffer.from(put.checksums.md5 as ArrayBuffer).toString('hex')).toBe(put.etag);
    const head = await b.head('k');
    expect(head?.range).toEqual({ offset: 0, length: 5 });
    expect(head?.customMetadata).toEqual({ a: '1' });
    expect(head?.httpMetadata).toEqual({ contentType: 'text/plain' });
    expect(head?.version).toBe(put.version);
    expect('body' in (head as object)).toBe(false);
    const again = await b.put('k', 'value');
    expect(again.version).not.toBe(put.version);
    expect((await b.head('k'))?.customMetadata).toEqual({}); // overwrite replaces wholesale
  });

  it('handles missing keys, empty keys and deletes', async () => {
    expect(await b.get('nope')).toBeNull();
    expect(await b.get('nope', { onlyIf: { etagMatches: 'x' }, range: { offset: 5 } })).toBeNull();
    expect(await b.head('nope')).toBeNull();
    await b.put('', 'empty key');
    expect(await (await b.get(''))?.text()).toBe('empty key');
    await b.put('x', '1');
    await b.delete(['x', 'missing']);
    await b.delete('');
    expect(await b.head('x')).toBeNull();
    expect(await b.head('')).toBeNull();
  });

  it('reads a body once, as stream, arrayBuffer, json or blob', async () => {
    await b.put('j', '{"a":[1,2]}', { httpMetadata: { contentType: 'application/json' } });
    const g = (await b.get('j')) as StoreObjectBody;
    expect(g.bodyUsed).toBe(false);
    expect(await g.json()).toEqual({ a: [1, 2] });
    expect(g.bodyUsed).toBe(true);
    await expectError(g.text(), TypeError, 'Body has already been used. It can only be used once. Use tee() first if you need to read it twice.');
    const blob = await ((await b.get('j')) as StoreObjectBody).blob();
    expect(blob.type).toBe('application/json');
    const chunks: Uint8Array[] = [];
    for await (const c of ((await b.get('j')) as StoreObjectBody).body) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('{"a":[1,2]}');
  });

  it('streams large values of unknown length and reads them back chunk by chunk', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const put = await b.put('big', streamOf(size, 100_000, 0x42));
    expect(put.size).toBe(size);
    expect(put.etag).toBe(md5(Buffer.alloc(size, 0x42)));
    const got = (await b.get('big')) as StoreObjectBody;
    let n = 0;
    let pieces = 0;
    for await (const c of got.body) {
      n += c.byteLength;
      pieces++;
    }
    expect(n).toBe(size);
    expect(pieces).toBeGreaterThan(1);
    const ranged = (await b.get('big', { range: { offset: size - 5, length: 100 } })) as StoreObjectBody;
    expect(ranged.range).toEqual({ offset: size - 5, length: 5 });
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(Buffer.alloc(5, 0x42));
  });

  it('persists everything across close and reopen', async () => {
    await b.put('p', 'persisted', { customMetadata: { z: 'y' }, httpMetadata: { cacheExpiry: new Date(1234567) }, sha256: createHash('sha256').update('persisted').digest('hex'), storageClass: 'InfrequentAccess' });
    await b.put('big', Buffer.alloc(600_000, 1));
    const before = await b.head('p');
    const up = await b.createMultipartUpload('m');
    await up.uploadPart(1, 'part');
    await b.close();
    const b2 = await openBucket({ dir: t.dir, clock: () => now });
    const after = await b2.head('p');
    expect(after?.version).toBe(before?.version);
    expect(after?.uploaded.getTime()).toBe(before?.uploaded.getTime());
    expect(after?.httpMetadata?.cacheExpiry?.getTime()).toBe(1234567);
    expect(after?.checksums.toJSON()).toEqual(before?.checksums.toJSON());
    expect(after?.storageClass).toBe('InfrequentAccess');
    expect((await (await b2.get('big'))?.arrayBuffer())?.byteLength).toBe(600_000);
    const resumed = b2.resumeMultipartUpload('m', up.uploadId);
    const done = await resumed.complete([{ partNumber: 1, etag: md5('part') }]);
    expect(done.size).toBe(4);
    await b2.close();
    b = await openBucket({ dir: t.dir }); // so afterEach closes a live handle
  });
});

describe('checksums', () => {
  const algos = { md5: 'md5', sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' } as const;
  it.each(Object.keys(algos))('verifies and stores %s (hex or binary)', async (alg) => {
    const digest = createHash(alg).update('data').digest();
    const r1 = await b.put('a', 'data', { [alg]: digest.toString('hex').toUpperCase() });
    expect(r1.checksums.toJSON()).toEqual({ md5: md5('data'), [alg]: digest.toString('hex') });
    const r2 = await b.put('b', 'data', { [alg]: new Uint8Array(digest).buffer });
    expect(Buffer.from((r2.checksums as unknown as Record<string, ArrayBuffer>)[alg] as ArrayBuffer)).toEqual(digest);
    expect((await b.head('b'))?.checksums.toJSON()).toEqual(r1.checksums.toJSON());
  });
  it('rejects a mismatch with 10037 and stores nothing', async () => {
    const wrong = createHash('sha256').update('other').digest('hex');
    const actual = createHash('sha256').update('data').digest('hex');
    await expectError(
      b.put('a', 'data', { sha256: wrong }),
      Error,
      `put: The SHA-256 checksum you specified did not match what we received.\nYou provided a SHA-256 checksum with value: ${wrong}\nActual SHA-256 was: ${actual} (10037)`,
    );
    await expectError(b.put('big', streamOf(400_000), { md5: md5('x') }), Error, /^put: The MD5 checksum .*\(10037\)$/s);
    expect(await b.head('a')).toBeNull();
    expect(await b.head('big')).toBeNull();
  });
});

describe('httpMetadata', () => {
  it('takes Headers, ignores other headers, writes them back', async () => {
    const h = new Headers({ 'content-type': 'image/png', 'cache-control': 'max-age=60', expires: 'Wed, 21 Oct 2037 07:28:00 GMT', etag: 'x', 'x-other': '1', 'content-language': 'fr', 'content-disposition': 'inline', 'content-encoding': 'gzip' });
    await b.put('h', 'x', { httpMetadata: h });
    const head = await b.head('h');
    expect(head?.httpMetadata).toEqual({ contentType: 'image/png', cacheControl: 'max-age=60', cacheExpiry: new Date('2037-10-21T07:28:00Z'), contentLanguage: 'fr', contentDisposition: 'inline', contentEncoding: 'gzip' });
    const out = new Headers({ 'x-keep': '1', 'content-type': 'text/old' });
    head?.writeHttpMetadata(out);
    expect(Object.fromEntries(out)).toEqual({ 'x-keep': '1', 'content-type': 'image/png', 'cache-control': 'max-age=60', expires: 'Wed, 21 Oct 2037 07:28:00 GMT', 'content-language': 'fr', 'content-disposition': 'inline', 'content-encoding': 'gzip' });
  });
  it('echoes get overrides without changing storage', async () => {
    await b.put('h', 'x', { httpMetadata: { contentType: 'text/plain', cacheControl: 'no-cache' } });
    const g = await b.get('h', { httpMetadata: { contentType: 'application/octet-stream' } });
    expect(g?.httpMetadata).toEqual({ contentType: 'application/octet-stream', cacheControl: 'no-cache' });
    expect((await b.head('h'))?.httpMetadata?.contentType).toBe('text/plain');
  });
});

describe('storage classes', () => {
  it('honours, defaults and validates', async () => {
    expect((await b.put('s', 'x')).storageClass).toBe('Standard');
    expect((await b.put('ia', 'x', { storageClass: 'InfrequentAccess' })).storageClass).toBe('InfrequentAccess');
    expect((await b.list()).objects.map((o) => o.storageClass)).toEqual(['InfrequentAccess', 'Standard']);
    await expectError(b.put('bad', 'x', { storageClass: 'Glacier' as 'Standard' }), RangeError, /Invalid storage class "Glacier"/);
    const ia = await tempBucket({ defaultStorageClass: 'InfrequentAccess' });
    expect((await ia.bucket.put('k', 'x')).storageClass).toBe('InfrequentAccess');
    const up = await ia.bucket.createMultipartUpload('m');
    expect((await up.complete([])).storageClass).toBe('InfrequentAccess');
    await ia.done();
  });
});

describe('conditionals on put and get', () => {
  it('get returns a body-less object when the condition fails', async () => {
    const put = await b.put('c', 'value');
    const miss = await b.get('c', { onlyIf: { etagDoesNotMatch: put.etag } });
    expect(miss).not.toBeNull();
    expect('body' in (miss as object)).toBe(false);
    expect(miss?.range).toEqual({ offset: 0, length: 5 });
    const hit = await b.get('c', { onlyIf: new Headers({ 'If-Match': put.httpEtag }) });
    expect(await (hit as StoreObjectBody).text()).toBe('value');
  });
  it('put returns null and stores nothing when the condition fails', async () => {
    const first = await b.put('c', 'v1', { onlyIf: new Headers({ 'If-None-Match': '*' }) });
    expect(first).not.toBeNull();
    expect(await b.put('c', 'v2', { onlyIf: new Headers({ 'If-None-Match': '*' }) })).toBeNull();
    expect(await b.put('c', 'v2', { onlyIf: { etagMatches: 'nope' } })).toBeNull();
    expect(await b.put('absent', 'v', { onlyIf: { etagMatches: '*' } })).toBeNull();
    expect(await b.head('absent')).toBeNull();
    expect(await (await b.get('c'))?.text()).toBe('v1');
    expect(await b.put('c', 'v3', { onlyIf: { etagMatches: first?.etag } })).not.toBeNull();
    // If-Unmodified-Since equal to the upload second passes (RFC 7232, as the spec says).
    const sec = new Date(Math.floor(now / 1000) * 1000).toUTCString();
    expect(await b.put('c', 'v4', { onlyIf: new Headers({ 'If-Unmodified-Since': sec }) })).not.toBeNull();
  });
});

describe('ranges on get', () => {
  it.each([
    [{ offset: 2 }, 'cdefghij', { offset: 2, length: 8 }],
    [{ offset: 2, length: 3 }, 'cde', { offset: 2, length: 3 }],
    [{ length: 4 }, 'abcd', { offset: 0, length: 4 }],
    [{ suffix: 3 }, 'hij', { offset: 7, length: 3 }],
    [{ offset: 8, length: 50 }, 'ij', { offset: 8, length: 2 }],
    [new Headers({ Range: 'bytes=1-2' }), 'bc', { offset: 1, length: 2 }],
    [new Headers({ Range: 'bytes=0-1, 4-5' }), 'abcdefghij', { offset: 0, length: 10 }],
    [new Headers(), 'abcdefghij', { offset: 0, length: 10 }],
  ])('%o → %s', async (range, text, want) => {
    await b.put('r', 'abcdefghij');
    const g = (await b.get('r', { range })) as StoreObjectBody;
    expect(g.range).toEqual(want);
    expect(await g.text()).toBe(text);
  });
  it('rejects unsatisfiable ranges with 10039', async () => {
    await b.put('r', 'abc');
    await expectError(b.get('r', { range: { offset: 3 } }), Error, 'get: The requested range is not satisfiable (10039)');
    await expectError(b.get('r', { range: { suffix: 0 } }), Error, 'get: The requested range is not satisfiable (10039)');
  });
});
