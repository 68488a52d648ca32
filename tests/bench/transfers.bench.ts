/**
 * Transfer engine benchmark (browser-mode server as a child process). Prints one JSON line:
 * - 1 GiB through the bridge route (PUT /transfer/upload, body streamed) and through the path
 *   route (transfers.uploadPaths): throughput, target ≥ 200 MiB/s;
 * - peak RSS of the serving process (VmHWM), target < 200 MB;
 * - 10,000 files of 4 KiB by path, target < 20 s.
 * Builds the app first when out/main/serve.js is missing. Cleans up its temp folders.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/fixtures';

const MiB = 1024 * 1024;
const BIG = 1024 * MiB;
const SMALL_COUNT = 10_000;
const SMALL_SIZE = 4096;
const root = path.resolve(import.meta.dirname, '..', '..');

type Server = Awaited<ReturnType<typeof startServer>>;

async function rpc<T>(server: Server, channel: string, args?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}/rpc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonedesk-token': server.token }, body: JSON.stringify({ args }) });
  const body = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.value;
}

function peakRssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Writes `size` bytes of incompressible data (a random MiB repeated) without holding it in memory. */
function writeBigFile(file: string, size: number): void {
  const block = randomBytes(MiB);
  const fd = fs.openSync(file, 'w');
  for (let done = 0; done < size; done += MiB) fs.writeSync(fd, block, 0, Math.min(MiB, size - done));
  fs.closeSync(fd);
}

function putFile(server: Server, query: string, file: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.origin}/transfer/upload?${query}`, { method: 'PUT', headers: { 'x-zonedesk-token': server.token, 'content-length': size } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    fs.createReadStream(file, { highWaterMark: MiB }).pipe(req);
  });
}

async function waitJobsDone(server: Server, ids: Set<string>): Promise<void> {
  for (;;) {
    const jobs = await rpc<{ id: string; state: string; error?: string }[]>(server, 'transfers.list');
    const mine = jobs.filter((j) => ids.has(j.id));
    const bad = mine.find((j) => j.state === 'failed' || j.state === 'cancelled');
    if (bad) throw new Error(`transfer ${bad.state}: ${bad.error ?? ''}`);
    if (mine.every((j) => j.state === 'done')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'out/main/serve.js'))) execSync('npx electron-vite build', { cwd: root, stdio: 'ignore' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-bench-transfers-'));
  const server = await startServer();
  const pid = server.process.pid as number;
  try {
    await rpc(server, 'buckets.create', { name: 'bench' });
    const big = path.join(tmp, 'big.bin');
    writeBigFile(big, BIG);

    let t = performance.now();
    const status = await putFile(server, `bucket=bench&key=bridge.bin&size=${BIG}`, big, BIG);
    const bridgeSeconds = (performance.now() - t) / 1000;
    if (status !== 200) throw new Error(`bridge upload answered ${status}`);

    t = performance.now();
    const { jobs } = await rpc<{ jobs: { id: string }[] }>(server, 'transfers.uploadPaths', { bucket: 'bench', files: [{ path: big, key: 'path.bin' }] });
    await waitJobsDone(server, new Set(jobs.map((j) => j.id)));
    const pathSeconds = (performance.now() - t) / 1000;
    const heads = await Promise.all(['bridge.bin', 'path.bin'].map((key) => rpc<{ size: number } | null>(server, 'buckets.headObject', { bucket: 'bench', key })));
    if (heads.some((h) => h?.size !== BIG)) throw new Error('a 1 GiB object is missing or has the wrong size');
    await rpc(server, 'transfers.clearFinished');

    const smallDir = path.join(tmp, 'small');
    fs.mkdirSync(smallDir);
    const files = Array.from({ length: SMALL_COUNT }, (_, i) => {
      const file = path.join(smallDir, `f${String(i).padStart(5, '0')}.txt`);
      fs.writeFileSync(file, randomBytes(SMALL_SIZE));
      return { path: file, key: `small/${path.basename(file)}` };
    });
    t = performance.now();
    const ids = new Set<string>();
    for (let i = 0; i < files.length; i += 5000) {
      const res = await rpc<{ jobs: { id: string }[] }>(server, 'transfers.uploadPaths', { bucket: 'bench', files: files.slice(i, i + 5000) });
      for (const j of res.jobs) ids.add(j.id);
    }
    for (;;) {
      const stats = await rpc<{ objectCount: number }>(server, 'buckets.stats', { name: 'bench' });
      if (stats.objectCount >= 2 + SMALL_COUNT) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const smallSeconds = (performance.now() - t) / 1000;
    await waitJobsDone(server, ids);

    const peak = peakRssMB(pid);
    const bridgeMiBs = BIG / MiB / bridgeSeconds;
    const pathMiBs = BIG / MiB / pathSeconds;
    console.log(
      JSON.stringify({
        bench: 'transfers',
        bridgeUpload: { bytes: BIG, seconds: round(bridgeSeconds, 2), mibPerSec: round(bridgeMiBs) },
        pathUpload: { bytes: BIG, seconds: round(pathSeconds, 2), mibPerSec: round(pathMiBs) },
        smallFiles: { count: SMALL_COUNT, bytesEach: SMALL_SIZE, seconds: round(smallSeconds, 2), filesPerSec: Math.round(SMALL_COUNT / smallSeconds) },
        serverPeakRssMB: peak,
        targets: { mibPerSec: 200, peakRssMB: 200, smallFilesSeconds: 20 },
        pass: bridgeMiBs >= 200 && pathMiBs >= 200 && peak < 200 && smallSeconds < 20,
      }),
    );
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
