// Benchmark of the bucket store (npm run bench:store). Prints ONE JSON line of figures.
// The 1,000,000-key bucket is populated with a bulk insert straight into the bucket's SQLite
// file (same rows a put writes, in big transactions): one million public puts would take minutes.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBucket, type OpenBucket } from '../../src-main/store/index';
import { openBucketWithContext } from '../../src-main/store/bucket';

const MiB = 1024 * 1024;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-bench-'));
const out: Record<string, number | string> = {};
const rssMB = () => Math.round(process.memoryUsage.rss() / MiB);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** Samples RSS every 20 ms while `fn` runs; returns the peak in MB. */
async function peakRss(fn: () => Promise<void>): Promise<number> {
  let peak = rssMB();
  const timer = setInterval(() => (peak = Math.max(peak, rssMB())), 20);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssMB());
}

function generated(total: number, piece = 64 * 1024): ReadableStream<Uint8Array> {
  const block = randomBytes(piece);
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent >= total) return c.close();
      const n = Math.min(piece, total - sent);
      sent += n;
      c.enqueue(new Uint8Array(block.subarray(0, n)));
    },
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
}

async function main(): Promise<void> {
  const b = await openBucket({ dir: path.join(root, 'main') });
  // What the process holds before any body moves (node + the tsx loader thread + modules): the
  // peaks below include it.
  out.startRssMB = rssMB();

  // 1. Memory while putting a 1 GiB stream of unknown length.
  let secs = 0;
  out.stream1GiB_peakRssMB = await peakRss(async () => {
    secs = await timed(async () => void (await b.put('big-stream', generated(1024 * MiB))));
  });
  out.stream1GiB_MiBps = round(1024 / secs);
  await b.delete('big-stream');

  // 2. Memory while completing and reading back a 1 GiB multipart object (64 × 16 MiB parts).
  out.multipart1GiB_peakRssMB = await peakRss(async () => {
    const up = await b.createMultipartUpload('big-mp');
    const parts = [];
    for (let i = 1; i <= 64; i++) parts.push(await up.uploadPart(i, generated(16 * MiB)));
    await up.complete(parts);
    const got = await b.get('big-mp');
    let n = 0;
    for await (const chunk of got!.body) n += chunk.length;
    if (n !== 1024 * MiB) throw new Error(`read back ${n} bytes`);
  });
  await b.delete('big-mp');

  // 3. 1 KiB puts and gets, sequential awaits, body read: the median of 3 passes of 10,000
  // (one pass is at the mercy of whatever else the machine runs meanwhile).
  const small = randomBytes(1024);
  const N = 10_000;
  const putRates: number[] = [];
  const getRates: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    secs = await timed(async () => {
      for (let i = 0; i < N; i++) await b.put(`small/${pass}/${i}`, small);
    });
    putRates.push(N / secs);
    secs = await timed(async () => {
      for (let i = 0; i < N; i++) {
        const g = await b.get(`small/${pass}/${i}`);
        if ((await g!.arrayBuffer()).byteLength !== 1024) throw new Error('short read');
      }
    });
    getRates.push(N / secs);
  }
  out.put1KiB_perSec = Math.round(median(putRates));
  out.get1KiB_perSec = Math.round(median(getRates));

  // 4. 4 MiB puts (256 MiB per pass) and multipart parts (256 MiB of 8 MiB parts), median of 3 passes.
  const four = randomBytes(4 * MiB);
  const eight = randomBytes(8 * MiB);
  const putMiBps: number[] = [];
  const partMiBps: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    secs = await timed(async () => {
      for (let i = 0; i < 64; i++) await b.put(`four/${i}`, four);
    });
    putMiBps.push(256 / secs);
    const up = await b.createMultipartUpload('parts');
    secs = await timed(async () => {
      for (let i = 1; i <= 32; i++) await up.uploadPart(i, eight);
    });
    partMiBps.push(256 / secs);
    await up.abort();
  }
  out.put4MiB_MiBps = round(median(putMiBps));
  out.uploadPart8MiB_MiBps = round(median(partMiBps));

  // Ceiling: raw fs writes of the same 256 MiB (4 MiB writes), without and with a datasync per 4 MiB
  // (the store syncs each large body before committing it).
  const rawFile = path.join(root, 'raw.bin');
  secs = await timed(async () => {
    const fd = fs.openSync(rawFile, 'w');
    for (let i = 0; i < 64; i++) fs.writeSync(fd, four);
    fs.closeSync(fd);
  });
  out.rawFsWrite_MiBps = round(256 / secs);
  fs.rmSync(rawFile);
  secs = await timed(async () => {
    for (let i = 0; i < 64; i++) {
      const fd = fs.openSync(`${rawFile}.${i}`, 'w');
      fs.writeSync(fd, four);
      fs.fdatasyncSync(fd);
      fs.closeSync(fd);
    }
  });
  out.rawFsWriteDatasync_MiBps = round(256 / secs);
  for (let i = 0; i < 64; i++) fs.rmSync(`${rawFile}.${i}`);
  out.md5_MiBps = round(256 / (await timed(async () => {
    for (let i = 0; i < 64; i++) createHash('md5').update(four).digest();
  })));

  // Closing waits for the collection of the bodies dropped above (file removals), which would
  // otherwise run beside the list timings below.
  await b.close();

  // 5. List pages: 1,000 keys vs 1,000,000 keys.
  const k1 = await openBucket({ dir: path.join(root, 'k1') });
  for (let i = 0; i < 1000; i++) await k1.put(`key/${String(i).padStart(7, '0')}`, 'x');
  out.list1000of1K_ms = round(await pageMs(k1, 1000), 3);
  await k1.close();
  const { bucket: m1, ctx } = await openBucketWithContext({ dir: path.join(root, 'm1') });
  secs = await timed(async () => bulkInsert(ctx.db, 1_000_000));
  out.populate1M_s = round(secs);
  out.list1000of1M_ms = round(await pageMs(m1, 1_000_000), 3);
  await m1.close();
}

/**
 * Steady-state time of a 1000-key page: 50 pages first (JIT warm-up, statement preparation, page
 * cache), then the median of 200, each starting at a random cursor across the key space.
 */
async function pageMs(bucket: OpenBucket, keys: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 250; i++) {
    const start = Math.floor(Math.random() * Math.max(1, keys - 1000));
    const cursor = Buffer.from(`key/${String(start).padStart(7, '0')}`).toString('base64');
    const t = performance.now();
    const page = await bucket.list({ cursor: keys > 1000 ? cursor : undefined });
    if (i >= 50) times.push(performance.now() - t);
    if (page.objects.length !== 1000) throw new Error(`page of ${page.objects.length} keys`);
  }
  return median(times);
}

/** Inserts `n` 1-byte objects with the rows a put writes, 50,000 per transaction. */
function bulkInsert(db: import('better-sqlite3').Database, n: number): void {
  const body = db.prepare('INSERT INTO bodies (size, data, state, owner) VALUES (1, ?, 0, NULL)');
  const obj = db.prepare(
    "INSERT INTO objects (key, version, size, etag, uploaded, http, custom, checksums, class, body, parts) VALUES (?, ?, 1, '9dd4e461268c8034f5c8564e155c67a6', ?, NULL, NULL, NULL, 'Standard', ?, 0)",
  );
  const x = Buffer.from('x');
  const now = Date.now();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = body.run(x).lastInsertRowid;
      obj.run(Buffer.from(`key/${String(i).padStart(7, '0')}`), randomBytes(16).toString('hex'), now, id);
    }
    db.prepare('UPDATE stats SET objects = objects + ?, bytes = bytes + ? WHERE id = 1').run(to - from, to - from);
  });
  for (let i = 0; i < n; i += 50_000) batch(i, Math.min(n, i + 50_000));
}

const started = performance.now();
try {
  await main();
  out.totalSeconds = round((performance.now() - started) / 1000);
  out.loadAverage1m = round(os.loadavg()[0] ?? 0, 2); // other work on the machine skews every figure
  process.stdout.write(JSON.stringify(out) + '\n');
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
