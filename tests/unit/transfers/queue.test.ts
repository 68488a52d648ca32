import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreBucket, StoreMultipartUpload, StorePartValue } from '../../../src-main/store/index';
import { bytesOf, MiB, override, rig, sleep, type Rig } from './helpers';

// Small multipart threshold so tests use a few 5 MiB parts instead of hundreds of MiB.
const SMALL = { threshold: 6 * MiB, partSize: 5 * MiB };

let current: Rig | undefined;
afterEach(async () => {
  await current?.done();
  current = undefined;
});
async function use(opts: Parameters<typeof rig>[0] = {}): Promise<Rig> {
  current = await rig(opts);
  return current;
}

/** Wraps createMultipartUpload so each upload's uploadPart goes through `part`. */
function wrapParts(
  part: (real: StoreMultipartUpload, n: number, v: StorePartValue) => ReturnType<StoreMultipartUpload['uploadPart']>,
  created: StoreMultipartUpload[] = [],
) {
  return (b: StoreBucket) =>
    override(b, {
      createMultipartUpload: async (key, options) => {
        const real = await b.createMultipartUpload(key, options);
        created.push(real);
        return {
          key: real.key,
          uploadId: real.uploadId,
          uploadPart: (n: number, v: StorePartValue) => part(real, n, v),
          abort: () => real.abort(),
          complete: (parts) => real.complete(parts),
        };
      },
    });
}

describe('transfer queue: path uploads', () => {
  it('uploads a small file with one put and a large one in uniform parts', async () => {
    const r = await use({ limits: SMALL });
    const small = r.file('small.txt', 3000);
    const big = r.file('big.bin', 12 * MiB + 123);
    const jobs = await r.queue.uploadPaths('files', [
      { path: small.path, key: 'docs/small.txt' },
      { path: big.path, key: 'big.bin' },
    ], 'overwrite');
    expect(jobs.map((j) => j.state)).toEqual(['queued', 'queued']);
    await r.queue.idle();
    const [a, b] = r.queue.list();
    expect(a).toMatchObject({ state: 'done', done: 3000, total: 3000, multipart: false });
    expect(b).toMatchObject({ state: 'done', done: 12 * MiB + 123, multipart: true });
    expect((await bytesOf(r.bucket, 'docs/small.txt'))?.equals(small.bytes)).toBe(true);
    expect((await bytesOf(r.bucket, 'big.bin'))?.equals(big.bytes)).toBe(true);
    const head = await r.bucket.head('big.bin');
    expect(head?.etag).toMatch(/-3$/); // 5 + 5 + 2 MiB
    expect((await r.bucket.head('docs/small.txt'))?.httpMetadata?.contentType).toBe('text/plain');
    expect(r.queue.ongoingUploads()).toBe(0);
  });

  it('keeps at most `parts` parts per file and `files` files in flight', async () => {
    let parts = 0;
    let maxParts = 0;
    let files = 0;
    let maxFiles = 0;
    const wrap = (b: StoreBucket) =>
      wrapParts(async (real, n, v) => {
        parts++;
        maxParts = Math.max(maxParts, parts);
        await sleep(15);
        try {
          return await real.uploadPart(n, v);
        } finally {
          parts--;
        }
      })(
        override(b, {
          createMultipartUpload: async (k, o) => {
            files++;
            maxFiles = Math.max(maxFiles, files);
            const up = await b.createMultipartUpload(k, o);
            return Object.assign(Object.create(up) as StoreMultipartUpload, {
              key: up.key,
              uploadId: up.uploadId,
              uploadPart: up.uploadPart.bind(up),
              abort: up.abort.bind(up),
              complete: async (p: Parameters<StoreMultipartUpload['complete']>[0]) => {
                files--;
                return up.complete(p);
              },
            });
          },
        }),
      );
    const r = await use({ limits: { ...SMALL, files: 2, parts: 2 }, wrap });
    const inputs = [1, 2, 3].map((i) => r.file(`f${i}.bin`, 26 * MiB)); // 6 parts each
    await r.queue.uploadPaths('files', inputs.map((f, i) => ({ path: f.path, key: `f${i}` })), 'overwrite');
    await r.queue.idle();
    expect(r.queue.list().every((j) => j.state === 'done')).toBe(true);
    expect(maxFiles).toBe(2);
    expect(maxParts).toBe(4); // 2 files × 2 parts
    for (const [i, f] of inputs.entries()) expect((await bytesOf(r.bucket, `f${i}`))?.equals(f.bytes)).toBe(true);
  });

  it('cancel aborts the multipart upload: no object, no ongoing upload', async () => {
    const created: StoreMultipartUpload[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reachedPart2!: () => void;
    const atPart2 = new Promise<void>((r) => (reachedPart2 = r));
    const wrap = wrapParts(async (real, n, v) => {
      if (n >= 2) {
        reachedPart2();
        await gate;
      }
      return real.uploadPart(n, v);
    }, created);
    const r = await use({ limits: { ...SMALL, parts: 1 }, wrap });
    const f = r.file('big.bin', 16 * MiB);
    const [job] = await r.queue.uploadPaths('files', [{ path: f.path, key: 'big.bin' }], 'overwrite');
    await atPart2;
    expect(r.queue.ongoingUploads()).toBe(1);
    r.queue.cancel(job!.id);
    release();
    await r.queue.idle();
    expect(r.queue.get(job!.id)?.state).toBe('cancelled');
    expect(await r.bucket.head('big.bin')).toBeNull();
    expect(r.queue.ongoingUploads()).toBe(0);
    // The store agrees the upload is gone: a part for it is refused (10024).
    const upload = r.bucket.resumeMultipartUpload('big.bin', created[0]!.uploadId);
    await expect(upload.uploadPart(1, 'x')).rejects.toThrow(/10024/);
  });

  it('retries a failed upload', async () => {
    const r = await use();
    const missing = path.join(r.dir, 'src', 'later.txt');
    const [job] = await r.queue.uploadPaths('files', [{ path: missing, key: 'later.txt' }], 'overwrite');
    await r.queue.idle();
    expect(r.queue.get(job!.id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/does not exist/) });
    fs.writeFileSync(missing, 'now here');
    expect(r.queue.retry(job!.id).state).toBe('queued');
    await r.queue.idle();
    expect(r.queue.get(job!.id)).toMatchObject({ state: 'done', done: 8 });
    expect((await bytesOf(r.bucket, 'later.txt'))?.toString()).toBe('now here');
    expect(() => r.queue.retry(job!.id)).toThrow(RangeError);
  });

  it('fails a file that changes during upload, with a clear message and nothing stored', async () => {
    let file = '';
    const wrap = wrapParts(async (real, n, v) => {
      const part = await real.uploadPart(n, v);
      if (n === 1) fs.appendFileSync(file, 'more');
      return part;
    });
    const r = await use({ limits: { ...SMALL, parts: 1 }, wrap });
    file = r.file('growing.bin', 12 * MiB).path;
    const [job] = await r.queue.uploadPaths('files', [{ path: file, key: 'growing.bin' }], 'overwrite');
    await r.queue.idle();
    expect(r.queue.get(job!.id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/changed while it was being uploaded/) });
    expect(await r.bucket.head('growing.bin')).toBeNull();
    expect(r.queue.ongoingUploads()).toBe(0);
  });

  it('a single put of a file touched mid-read stores nothing', async () => {
    let file = '';
    const r = await use({
      wrap: (b) =>
        override(b, {
          put: (async (key: string, value: ReadableStream<Uint8Array>, options?: object) => {
            const later = new Date(Date.now() + 60_000);
            fs.utimesSync(file, later, later);
            return b.put(key, value, options);
          }) as StoreBucket['put'],
        }),
    });
    file = r.file('touched.txt', 2 * MiB).path;
    const [job] = await r.queue.uploadPaths('files', [{ path: file, key: 'touched.txt' }], 'overwrite');
    await r.queue.idle();
    expect(r.queue.get(job!.id)?.error).toMatch(/changed while it was being uploaded/);
    expect(await r.bucket.head('touched.txt')).toBeNull();
  });
});

describe('transfer queue: conflicts', () => {
  it('applies overwrite, skip and keep both (numbered names never collide within a batch)', async () => {
    const r = await use();
    await r.bucket.put('a.txt', 'old');
    const f = r.file('a.txt', 10);
    const jobs = await r.queue.uploadPaths('files', [
      { path: f.path, key: 'a.txt', conflict: 'skip' },
      { path: f.path, key: 'a.txt', conflict: 'keepBoth' },
      { path: f.path, key: 'a.txt', conflict: 'keepBoth' },
    ], 'overwrite');
    expect(jobs.map((j) => [j.key, j.state])).toEqual([
      ['a.txt', 'skipped'],
      ['a (1).txt', 'queued'],
      ['a (2).txt', 'queued'],
    ]);
    await r.queue.idle();
    expect((await bytesOf(r.bucket, 'a.txt'))?.toString()).toBe('old');
    expect((await bytesOf(r.bucket, 'a (2).txt'))?.equals(f.bytes)).toBe(true);
    expect(await r.queue.existingKeys('files', ['a.txt', 'a (1).txt', 'zzz'])).toEqual(['a.txt', 'a (1).txt']);
    await r.queue.uploadPaths('files', [{ path: f.path, key: 'a.txt' }], 'overwrite');
    await r.queue.idle();
    expect((await bytesOf(r.bucket, 'a.txt'))?.equals(f.bytes)).toBe(true);
  });
});

describe('transfer queue: streamed bodies (browser mode)', () => {
  const body = (buf: Buffer, piece = 64 * 1024) => Readable.from((function* () {
    for (let i = 0; i < buf.length; i += piece) yield buf.subarray(i, i + piece);
  })());

  it('streams a registered body into parts and reports progress events', async () => {
    const r = await use({ limits: SMALL });
    const data = Buffer.alloc(11 * MiB, 7);
    const [job] = await r.queue.registerStreams('files', [{ key: 'up/x.bin', size: data.length }], 'overwrite');
    expect(job).toMatchObject({ source: 'stream', state: 'queued', multipart: true });
    const done = await r.queue.acceptStream(job!.id, body(data));
    expect(done).toMatchObject({ state: 'done', done: data.length });
    expect((await bytesOf(r.bucket, 'up/x.bin'))?.equals(data)).toBe(true);
    r.queue.get(job!.id);
    await r.queue.idle();
    const states = r.events.flatMap((e) => e.jobs.filter((j) => j.id === job!.id).map((j) => j.state));
    expect(states[0]).toBe('queued');
    expect(states.at(-1)).toBe('done');
  });

  it('a body shorter or longer than declared fails and stores nothing', async () => {
    const r = await use();
    const [short, long] = await r.queue.registerStreams('files', [{ key: 's', size: 1000 }, { key: 'l', size: 10 }], 'overwrite');
    expect(await r.queue.acceptStream(short!.id, body(Buffer.alloc(600)))).toMatchObject({ state: 'failed', error: expect.stringMatching(/ended early/) });
    expect(await r.queue.acceptStream(long!.id, body(Buffer.alloc(11)))).toMatchObject({ state: 'failed', error: expect.stringMatching(/more than the declared/) });
    expect(await r.bucket.head('s')).toBeNull();
    expect(await r.bucket.head('l')).toBeNull();
    await expect(r.queue.acceptStream(short!.id, body(Buffer.alloc(1000)))).rejects.toThrow(/failed/);
    r.queue.retry(short!.id);
    expect(await r.queue.acceptStream(short!.id, body(Buffer.alloc(1000)))).toMatchObject({ state: 'done' });
  });
});

describe('transfer queue: downloads and folder deletes', () => {
  it('downloads an object to a file', async () => {
    const r = await use();
    const data = Buffer.alloc(3 * MiB + 5, 9);
    await r.bucket.put('d/obj.bin', data);
    const dest = path.join(r.dir, 'out.bin');
    const job = r.queue.download('files', 'd/obj.bin', dest);
    await r.queue.idle();
    expect(r.queue.get(job.id)).toMatchObject({ state: 'done', done: data.length, total: data.length });
    expect(fs.readFileSync(dest).equals(data)).toBe(true);
    const missing = r.queue.download('files', 'nope', path.join(r.dir, 'nope'));
    await r.queue.idle();
    expect(r.queue.get(missing.id)?.state).toBe('failed');
    expect(fs.existsSync(path.join(r.dir, 'nope.zonedesk-part'))).toBe(false);
  });

  it('deletes a folder in batches of at most 1000 keys and leaves its siblings', async () => {
    const batches: number[] = [];
    const r = await use({
      wrap: (b) => override(b, { delete: async (keys) => (batches.push(Array.isArray(keys) ? keys.length : 1), b.delete(keys)) }),
    });
    for (let i = 0; i < 2300; i++) await r.bucket.put(`logs/${String(i).padStart(5, '0')}`, 'x');
    await r.bucket.put('logsbook', 'keep');
    await r.bucket.put('other/1', 'keep');
    const job = r.queue.deletePrefix('files', 'logs/');
    await r.queue.idle();
    expect(r.queue.get(job.id)).toMatchObject({ state: 'done', done: 2300, total: 2300 });
    expect(batches).toEqual([1000, 1000, 300]);
    const left = await r.bucket.list();
    expect(left.objects.map((o) => o.key)).toEqual(['logsbook', 'other/1']);
    expect(r.queue.clearFinished()).toBe(1);
    expect(r.queue.list()).toEqual([]);
    await r.queue.idle(); // flushes the coalesced event
    expect(r.events.at(-1)?.removed).toEqual([job.id]);
  });
});
