// Large bodies: the pipelined writer (write + background datasync beside hashing) must store
// exactly the bytes given, verify supplied hashes, and leave no file behind when a put is rejected.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenBucket, StoreObjectBody } from '../../../src-main/store/index';
import { expectError, tempBucket } from './helpers';

const MiB = 1024 * 1024;
const hex = (alg: string, b: Uint8Array) => createHash(alg).update(b).digest('hex');

/** Files under the bucket's body folder (file bodies only; small bodies live in SQLite). */
function bodyFiles(dir: string): string[] {
  const root = path.join(dir, 'bodies');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)));
}

/** A stream of unknown length over `data`, in chunks of varying size (odd sizes shift offsets). */
function chunked(data: Buffer): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= data.length) return c.close();
      const n = [65536, 1000, 300_000, 7][i++ % 4] as number;
      c.enqueue(new Uint8Array(data.subarray(at, at + n)));
      at += n;
    },
  });
}

async function readBack(b: OpenBucket, key: string): Promise<Buffer> {
  const got = (await b.get(key)) as StoreObjectBody;
  return Buffer.from(await got.arrayBuffer());
}

describe('large bodies', () => {
  let b: OpenBucket;
  let dir: string;
  let done: () => Promise<void>;
  beforeEach(async () => ({ bucket: b, dir, done } = await tempBucket()));
  afterEach(async () => done());

  it('stores a 20 MiB stream byte-exact (syncs run beside the writes)', async () => {
    const data = randomBytes(20 * MiB + 12345);
    const put = await b.put('s', chunked(data));
    expect(put.etag).toBe(hex('md5', data));
    expect(put.size).toBe(data.length);
    expect((await readBack(b, 's')).equals(data)).toBe(true);
  });

  it('stores a large in-memory value byte-exact and verifies its sha256', async () => {
    const data = randomBytes(6 * MiB + 3);
    const put = await b.put('m', data, { sha256: hex('sha256', data) });
    expect(put.etag).toBe(hex('md5', data));
    expect(Buffer.from(put.checksums.sha256 as ArrayBuffer).toString('hex')).toBe(hex('sha256', data));
    expect((await readBack(b, 'm')).equals(data)).toBe(true);
    const part = await (await b.createMultipartUpload('mp')).uploadPart(1, data);
    expect(part.etag).toBe(hex('md5', data));
  });

  it('a large put with a wrong checksum stores nothing and leaves no body file', async () => {
    const data = randomBytes(3 * MiB);
    await expectError(b.put('bad', data, { md5: hex('md5', Buffer.from('other')) }), Error, /^put: The MD5 checksum you specified did not match/);
    await expectError(b.put('bad', chunked(data), { sha1: hex('sha1', Buffer.from('other')) }), Error, /^put: The SHA-1 checksum/);
    expect(await b.head('bad')).toBeNull();
    expect(bodyFiles(dir)).toEqual([]);
  });
});
