import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBucket, type OpenBucket, type StoreObjectBody } from '../../../src-main/store/index';
import { expectError, tempBucket } from './helpers';

const MiB = 1024 * 1024;
let now = Date.UTC(2024, 0, 1);
let t: Awaited<ReturnType<typeof tempBucket>>;
let b: OpenBucket;
beforeEach(async () => {
  now = Date.UTC(2024, 0, 1);
  t = await tempBucket({ clock: () => now });
  b = t.bucket;
});
afterEach(async () => t.done());
const md5 = (x: Buffer | string) => createHash('md5').update(x).digest();
const E10001 = 'completeMultipartUpload: We encountered an internal error. Please try again. (10001)';

describe('multipart', () => {
  it('assembles parts by number, links them, and computes the multipart etag', async () => {
    const up = await b.createMultipartUpload('obj', { httpMetadata: new Headers({ 'Content-Type': 'video/mp4' }), customMetadata: { a: 'b' } });
    expect(up.key).toBe('obj');
    const p1data = Buffer.alloc(5 * MiB, 1);
    const p2data = Buffer.alloc(5 * MiB, 2);
    const p2 = await up.uploadPart(2, p2data);
    const p1 = await up.uploadPart(1, p1data);
    const p3 = await up.uploadPart(3, 'end');
    expect(p1).toEqual({ partNumber: 1, etag: md5(p1data).toString('hex') });
    expect(await b.head('obj')).toBeNull(); // invisible until complete
    expect((await b.list()).objects).toHaveLength(0);
    const done = await up.complete([p1, p2, p3]);
    const etag = createHash('md5').update(Buffer.concat([md5(p1data), md5(p2data), md5('end')])).digest('hex') + '-3';
    expect(done.etag).toBe(etag);
    expect(done.size).toBe(10 * MiB + 3);
    expect(done.checksums.toJSON()).toEqual({});
    expect(done.range).toBeUndefined();
    expect(done.httpMetadata).toEqual({ contentType: 'video/mp4' });
    expect(done.customMetadata).toEqual({ a: 'b' });
    const head = await b.head('obj');
    expect(head?.etag).toBe(etag);
    expect(head?.version).toBe(done.version);
    const across = (await b.get('obj', { range: { offset: 5 * MiB - 2, length: 4 } })) as StoreObjectBody;
    expect([...Buffer.from(await across.arrayBuffer())]).toEqual([1, 1, 2, 2]);
    const tail = (await b.get('obj', { range: { suffix: 4 } })) as StoreObjectBody;
    expect(Buffer.from(await tail.arrayBuffer()).toString('latin1')).toBe('\u0002end');
    const whole = Buffer.from(await ((await b.get('obj')) as StoreObjectBody).arrayBuffer());
    expect(whole.equals(Buffer.concat([p1data, p2data, Buffer.from('end')]))).toBe(true);
    // Completed: further use fails with 10024; abort resolves and keeps the object.
    await expectError(up.uploadPart(4, 'x'), Error, 'uploadPart: The specified multipart upload does not exist. (10024)');
    await expectError(up.complete([p1]), Error, 'completeMultipartUpload: The specified multipart upload does not exist. (10024)');
    await up.abort();
    expect(await b.head('obj')).not.toBeNull();
  });

  it('applies every completion rule, leaving the upload usable after a failure', async () => {
    const up = await b.createMultipartUpload('k');
    const small = await up.uploadPart(1, 'small');
    const big = await up.uploadPart(2, Buffer.alloc(5 * MiB));
    await expectError(up.complete([small, big]), Error, 'completeMultipartUpload: Your proposed upload is smaller than the minimum allowed object size. (10011)');
    await expectError(up.complete([big, small]), Error, 'completeMultipartUpload: There was a problem with the multipart upload. (10048)');
    await expectError(up.complete([{ partNumber: 2, etag: 'nope' }]), Error, 'completeMultipartUpload: One or more of the specified parts could not be found. (10025)');
    await expectError(up.complete([{ partNumber: 9, etag: big.etag }]), Error, 'completeMultipartUpload: One or more of the specified parts could not be found. (10025)');
    await expectError(up.complete([big, big]), Error, E10001);
    await expectError(up.complete([{ partNumber: 0, etag: 'x' }]), TypeError, 'Part number must be between 1 and 10000 (inclusive). Actual value was: 0');
    await expectError(up.uploadPart(10001, 'x'), TypeError, 'Part number must be between 1 and 10000 (inclusive). Actual value was: 10001');
    await expectError(up.uploadPart(1, null as unknown as string), TypeError, /uploadPart: value must be/);
    const replaced = await up.uploadPart(1, 'other');
    await expectError(up.complete([small]), Error, /\(10025\)$/);
    const done = await up.complete([replaced]); // unlisted part 2 is discarded
    expect(done.size).toBe(5);
    expect(await ((await b.get('k')) as StoreObjectBody).text()).toBe('other');
  });

  it('complete([]) is an empty object; abort is idempotent; unknown uploads are 10001/10024', async () => {
    const up = await b.createMultipartUpload('e');
    expect((await up.complete([])).etag).toBe('d41d8cd98f00b204e9800998ecf8427e-0');
    const a = await b.createMultipartUpload('a');
    await a.uploadPart(1, 'x');
    await a.abort();
    await a.abort();
    await expectError(a.uploadPart(1, 'x'), Error, 'uploadPart: The specified multipart upload does not exist. (10024)');
    const ghost = b.resumeMultipartUpload('a', 'no-such-id');
    await expectError(ghost.complete([]), Error, E10001);
    await expectError(ghost.abort(), Error, 'abortMultipartUpload: We encountered an internal error. Please try again. (10001)');
    await expectError(ghost.uploadPart(1, 'x'), Error, 'uploadPart: The specified multipart upload does not exist. (10024)');
    const other = await b.createMultipartUpload('right');
    await expectError(b.resumeMultipartUpload('wrong', other.uploadId).uploadPart(1, 'x'), Error, /\(10024\)$/);
  });

  it('aborts uploads not completed within 7 days (injected clock), also across reopen', async () => {
    const up = await b.createMultipartUpload('old');
    const part = await up.uploadPart(1, 'x');
    now += 7 * 24 * 3600 * 1000 - 1;
    await up.uploadPart(2, 'y');
    now += 2;
    await expectError(up.complete([part]), Error, 'completeMultipartUpload: The specified multipart upload does not exist. (10024)');
    const later = await b.createMultipartUpload('later');
    await b.close();
    now += 8 * 24 * 3600 * 1000;
    b = await openBucket({ dir: t.dir, clock: () => now });
    await expectError(b.resumeMultipartUpload('later', later.uploadId).uploadPart(1, 'x'), Error, /\(10024\)$/);
  });

  it('put and delete do not touch in-progress uploads; the later complete wins', async () => {
    const u1 = await b.createMultipartUpload('k');
    const u2 = await b.createMultipartUpload('k');
    const p1 = await u1.uploadPart(1, 'one');
    const p2 = await u2.uploadPart(1, 'two');
    await b.put('k', 'plain');
    await b.delete('k');
    await u2.complete([p2]);
    await u1.complete([p1]);
    expect(await ((await b.get('k')) as StoreObjectBody).text()).toBe('one');
  });
});
