import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenBucket } from '../../../src-main/store/index';
import { expectError, tempBucket } from './helpers';

let t: Awaited<ReturnType<typeof tempBucket>>;
let b: OpenBucket;
beforeAll(async () => {
  t = await tempBucket();
  b = t.bucket;
});
afterAll(async () => t.done());

type Call = () => Promise<unknown> | unknown;
const key1025 = 'k'.repeat(1025);
const put = (opts: unknown, value: unknown = 'v', key: unknown = 'rejected') => () => b.put(key as string, value as string, opts as object);

const cases: [string, Call, ErrorConstructor | TypeErrorConstructor | RangeErrorConstructor, string | RegExp][] = [
  ['key not a string', put({}, 'v', 42), TypeError, /key must be a string/],
  ['key over 1024 bytes', put({}, 'v', key1025), Error, 'put: The specified object name is not valid. (10020)'],
  ['key over 1024 UTF-8 bytes', put({}, 'v', 'é'.repeat(513)), Error, 'put: The specified object name is not valid. (10020)'],
  ['value a number', put({}, 42), TypeError, /put: value must be a ReadableStream/],
  ['value a plain object', put({}, { a: 1 }), TypeError, /put: value must be/],
  ['options a string', put('x'), TypeError, /options must be an object/],
  ['two hashes', put({ md5: 'a'.repeat(32), sha1: 'a'.repeat(40) }), TypeError, 'You cannot specify multiple hashing algorithms.'],
  ['md5 wrong length', put({ md5: 'abc' }), TypeError, 'MD5 is 32 hex characters, not 3'],
  ['sha1 wrong length', put({ sha1: 'a' }), TypeError, 'SHA-1 is 40 hex characters, not 1'],
  ['sha512 binary length', put({ sha512: new ArrayBuffer(3) }), TypeError, 'SHA-512 is 64 bytes, not 3'],
  ['sha256 not hex', put({ sha256: 'z'.repeat(64) }), TypeError, "Provided SHA-256 wasn't a valid hex string"],
  ['hash a number', put({ sha384: 5 }), TypeError, /SHA-384 must be/],
  ['customMetadata not object', put({ customMetadata: 'x' }), TypeError, /customMetadata must be an object/],
  ['customMetadata nested', put({ customMetadata: { a: { b: 1 } } }), TypeError, /customMetadata value for "a"/],
  ['customMetadata too large', put({ customMetadata: { a: 'x'.repeat(9000) } }), Error, 'put: Your metadata headers exceed the maximum allowed metadata size. (10012)'],
  ['httpMetadata wrong field type', put({ httpMetadata: { contentType: 5 } }), TypeError, /httpMetadata.contentType must be a string/],
  ['cacheExpiry not a Date', put({ httpMetadata: { cacheExpiry: '2020' } }), TypeError, /cacheExpiry must be a valid Date/],
  ['storageClass unknown', put({ storageClass: 'Cold' }), RangeError, /Invalid storage class/],
  ['onlyIf a string', put({ onlyIf: 'x' }), TypeError, /onlyIf must be/],
  ['onlyIf quoted etag', put({ onlyIf: { etagMatches: '"x"' } }), TypeError, 'Conditional ETag should not be wrapped in quotes ("x").'],
  ['onlyIf date not Date', put({ onlyIf: { uploadedBefore: 5 } }), TypeError, /uploadedBefore must be a valid Date/],
  ['If-Match unparsable', put({ onlyIf: new Headers({ 'If-Match': 'abc' }) }), Error, 'Invalid ETag in if-match header'],
  ['If-None-Match unclosed', put({ onlyIf: new Headers({ 'If-None-Match': '"abc' }) }), Error, 'Unclosed double quote for Etag'],
  ['stream of strings', put({}, new ReadableStream({ start: (c) => { c.enqueue('text'); c.close(); } })), TypeError, /chunks must be Uint8Array/],
  ['range negative offset', () => b.get('k', { range: { offset: -1 } }), RangeError, 'Invalid range. Starting offset (-1) must be greater than or equal to 0.'],
  ['range fractional offset', () => b.get('k', { range: { offset: 1.5 } }), RangeError, 'Invalid range. Starting offset (1.5) must be an integer, not floating point.'],
  ['range negative length', () => b.get('k', { range: { length: -2 } }), RangeError, 'Invalid range. Length (-2) must be greater than or equal to 0.'],
  ['range negative suffix', () => b.get('k', { range: { suffix: -1 } }), RangeError, 'Invalid suffix. Suffix (-1) must be greater than or equal to 0.'],
  ['range fractional suffix', () => b.get('k', { range: { suffix: 0.5 } }), RangeError, 'Invalid range. Suffix (0.5) must be an integer, not floating point.'],
  ['suffix with offset', () => b.get('k', { range: { suffix: 1, offset: 1 } as never }), TypeError, 'Suffix is incompatible with offset.'],
  ['suffix with length', () => b.get('k', { range: { suffix: 1, length: 1 } as never }), TypeError, 'Suffix is incompatible with length.'],
  ['range a string', () => b.get('k', { range: 'bytes=0-1' as never }), TypeError, /range must be/],
  ['get key too long', () => b.get(key1025), Error, 'get: The specified object name is not valid. (10020)'],
  ['head key too long', () => b.head(key1025), Error, 'head: The specified object name is not valid. (10020)'],
  ['delete empty array', () => b.delete([]), Error, 'delete: The number of keys in the request must be between 1 and 1000 inclusive. (10027)'],
  ['delete 1001 keys', () => b.delete(Array.from({ length: 1001 }, (_, i) => `k${i}`)), Error, 'delete: The number of keys in the request must be between 1 and 1000 inclusive. (10027)'],
  ['delete key too long', () => b.delete(['k', key1025]), Error, 'delete: The specified object name is not valid. (10020)'],
  ['delete a number', () => b.delete(5 as never), TypeError, /keys must be a string or an array/],
  ['list prefix not string', () => b.list({ prefix: 5 as never }), TypeError, /prefix must be a string/],
  ['list include not array', () => b.list({ include: 'httpMetadata' as never }), TypeError, /include must be an array/],
  ['create key too long', () => b.createMultipartUpload(key1025), Error, 'createMultipartUpload: The specified object name is not valid. (10020)'],
  ['create bad storage class', () => b.createMultipartUpload('m', { storageClass: 'X' as never }), RangeError, /Invalid storage class/],
  ['resume uploadId not string', () => b.resumeMultipartUpload('k', 5 as never), TypeError, /uploadId must be a string/],
];

describe('bad input', () => {
  it.each(cases)('%s', async (_name, call, ctor, message) => {
    await expectError(async () => call(), ctor, message);
  });

  it('stored nothing for any rejected call, and the bucket is still usable', async () => {
    await b.put('k', 'still works');
    const listed = await b.list();
    expect(listed.objects.map((o) => o.key)).toEqual(['k']);
    expect(await (await b.get('k'))?.text()).toBe('still works');
  });
});
