import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBucket } from '../../../src-main/store/index';
import { tempDir } from './helpers';

const ROUNDS = 50;
const LANES = 3;
let tmp: ReturnType<typeof tempDir>;
let childJs: string;

beforeAll(async () => {
  tmp = tempDir();
  // Bundle the child once: `node child.mjs` starts in ~0.1 s, a tsx child in ~0.8 s.
  childJs = path.join(tmp.dir, 'crash-child.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: childJs,
    logLevel: 'silent',
  });
  fs.symlinkSync(path.resolve('node_modules'), path.join(tmp.dir, 'node_modules'));
});
afterAll(() => tmp.cleanup());

interface Line {
  ready?: boolean;
  op?: 'put' | 'ack' | 'part' | 'partAck';
  key?: string;
  md5?: string;
  upload?: string;
  part?: number;
  etag?: string;
}

/** Runs the child on `dir`, kills it `delayMs` after it is ready, returns its complete lines. */
function runAndKill(dir: string, seed: number, delayMs: number): Promise<Line[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childJs, dir, String(seed)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      if (!out.includes('"ready"') && (out + d.toString()).includes('"ready"')) setTimeout(() => child.kill('SIGKILL'), delayMs);
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`child exited on its own: ${err}`));
      // Only complete lines count: a line cut by the kill was not an acknowledgement.
      resolve(out.split('\n').slice(0, -1).map((l) => JSON.parse(l) as Line));
    });
  });
}

async function verify(dir: string, lines: Line[], seed: number): Promise<void> {
  // For each key: the last acknowledged put or any put started after it may be the stored one.
  const allowed = new Map<string, Set<string>>();
  const mustExist = new Set<string>();
  for (const l of lines) {
    if (l.op === 'put' && l.key && l.md5) (allowed.get(l.key) ?? allowed.set(l.key, new Set()).get(l.key))?.add(l.md5);
    if (l.op === 'ack' && l.key && l.md5) {
      allowed.set(l.key, new Set([l.md5]));
      mustExist.add(l.key);
    }
  }
  const bucket = await openBucket({ dir });
  try {
    for (const key of mustExist) {
      const obj = await bucket.get(key);
      expect(obj, `acknowledged ${key} missing`).not.toBeNull();
      const bytes = Buffer.from(await obj!.arrayBuffer());
      const md5 = createHash('md5').update(bytes).digest('hex');
      expect(bytes.length).toBe(obj!.size);
      expect(md5).toBe(obj!.etag); // never a partial object
      expect(allowed.get(key)?.has(md5), `${key} holds unexpected content`).toBe(true);
    }
    // Acknowledged parts complete into the object (parts are ≥ 300 kB only for the last one, so complete one).
    const acked = lines.filter((l) => l.op === 'partAck');
    const last = acked[acked.length - 1];
    if (last?.upload && last.part && last.etag) {
      const up = bucket.resumeMultipartUpload(`mp-${seed}`, last.upload);
      const done = await up.complete([{ partNumber: last.part, etag: last.etag }]);
      const got = Buffer.from(await (await bucket.get(`mp-${seed}`))!.arrayBuffer());
      expect(createHash('md5').update(got).digest('hex')).toBe(last.md5);
      expect(done.size).toBe(got.length);
    }
  } finally {
    await bucket.close();
  }
  // Orphans collected: no body still "being written", every body referenced, every file backed by a row.
  const db = new Database(path.join(dir, 'bucket.sqlite'), { readonly: true });
  try {
    expect(db.prepare('SELECT count(*) AS n FROM bodies WHERE state <> 0').get()).toEqual({ n: 0 });
    const unreferenced = db
      .prepare(
        `SELECT count(*) AS n FROM bodies WHERE id NOT IN (SELECT body FROM objects WHERE body IS NOT NULL UNION SELECT body FROM segments UNION SELECT body FROM parts)`,
      )
      .get();
    expect(unreferenced).toEqual({ n: 0 });
    const fileIds = new Set((db.prepare('SELECT id FROM bodies WHERE data IS NULL').all() as { id: number }[]).map((r) => String(r.id)));
    const bodiesDir = path.join(dir, 'bodies');
    const onDisk = fs.existsSync(bodiesDir) ? fs.readdirSync(bodiesDir).flatMap((d) => fs.readdirSync(path.join(bodiesDir, d))) : [];
    expect(new Set(onDisk)).toEqual(fileIds);
  } finally {
    db.close();
  }
}

describe('crash safety', () => {
  it(`survives ${ROUNDS} SIGKILLs at random moments`, async () => {
    let acks = 0;
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      const dir = path.join(tmp.dir, `lane-${lane}`);
      for (let round = lane; round < ROUNDS; round += LANES) {
        const lines = await runAndKill(dir, round, 10 + Math.floor(Math.random() * 90));
        acks += lines.filter((l) => l.op === 'ack').length;
        await verify(dir, lines, round);
      }
    });
    await Promise.all(lanes);
    expect(acks).toBeGreaterThan(ROUNDS); // the kills really landed mid-work
  }, 60_000);
});
