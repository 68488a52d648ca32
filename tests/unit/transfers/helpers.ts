import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TransferSnapshot } from '../../../src-preload/contract/transfers';
import { createBucketCatalog, type BucketCatalog, type StoreBucket } from '../../../src-main/store/index';
import { createTransferQueue, type TransferLimits, type TransferQueue } from '../../../src-main/transfers/index';

export const MiB = 1024 * 1024;

export interface Rig {
  dir: string;
  catalog: BucketCatalog;
  queue: TransferQueue;
  events: { jobs: TransferSnapshot[]; removed?: string[] }[];
  bucket: StoreBucket;
  /** Writes a file of `size` random bytes under the temp dir and returns its path and bytes. */
  file(name: string, size: number): { path: string; bytes: Buffer };
  done(): Promise<void>;
}

/**
 * A real catalog in a temp dir with one bucket "files", and a queue over it. `wrap` can replace
 * the bucket the queue sees (to observe or slow calls) while the real store does the work.
 */
export async function rig(opts: { limits?: Partial<TransferLimits>; wrap?: (b: StoreBucket) => StoreBucket } = {}): Promise<Rig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-transfers-'));
  const catalog = createBucketCatalog({ dir: path.join(dir, 'buckets') });
  await catalog.create('files');
  const bucket = await catalog.open('files');
  const seen = opts.wrap ? opts.wrap(bucket) : bucket;
  const events: Rig['events'] = [];
  const queue = createTransferQueue({
    buckets: { open: async (name) => (name === 'files' ? seen : catalog.open(name)) },
    emit: (p) => events.push(p),
    limits: opts.limits,
  });
  fs.mkdirSync(path.join(dir, 'src'));
  return {
    dir,
    catalog,
    queue,
    events,
    bucket,
    file(name, size) {
      const p = path.join(dir, 'src', name);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      const bytes = randomBytes(size);
      fs.writeFileSync(p, bytes);
      return { path: p, bytes };
    },
    async done() {
      await queue.dispose();
      await catalog.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The stored bytes of `key`, or null. */
export async function bytesOf(bucket: StoreBucket, key: string): Promise<Buffer | null> {
  const o = await bucket.get(key);
  return o ? Buffer.from(await o.arrayBuffer()) : null;
}

/** A proxy of `bucket` whose methods can be replaced one by one. */
export function override(bucket: StoreBucket, methods: Partial<StoreBucket>): StoreBucket {
  return new Proxy(bucket, {
    get(target, prop, receiver) {
      if (prop in methods) return methods[prop as keyof StoreBucket];
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
