/** The bucket catalog: named buckets under one folder, one subfolder (one SQLite database) each. */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DB_FILE, type BucketContext } from './bucket-context';
import { openBucketWithContext } from './bucket';
import { bucketNameProblem, checkBucketName } from './bucket-name';
import type { OpenBucket, StoreBucket, StoreStorageClass } from './types';

export interface BucketInfo {
  name: string;
  createdAt: string;
  defaultStorageClass: StoreStorageClass;
  objectCount: number;
  totalBytes: number;
}

export interface BucketCatalog {
  list(): Promise<BucketInfo[]>;
  create(name: string, opts?: { defaultStorageClass?: StoreStorageClass }): Promise<BucketInfo>;
  delete(name: string): Promise<void>;
  /** A cached handle shared by all callers; the catalog closes it. */
  open(name: string): Promise<StoreBucket>;
  stats(name: string): Promise<BucketInfo>;
  close(): Promise<void>;
}

/** An error carrying a service-like code (`BucketAlreadyExists`, `NoSuchBucket`). */
export class CatalogError extends Error {
  constructor(
    readonly code: 'BucketAlreadyExists' | 'NoSuchBucket',
    message: string,
  ) {
    super(`${message} (${code})`);
    this.name = 'CatalogError';
  }
}

type Handle = { bucket: OpenBucket; ctx: BucketContext };

/** Creates a catalog over `dir` (created on first write). */
export function createBucketCatalog(options: { dir: string; clock?: () => number }): BucketCatalog {
  const root = resolve(options.dir);
  const clock = options.clock ?? Date.now;
  const handles = new Map<string, Promise<Handle>>();
  const folder = (name: string) => join(root, name);
  const exists = (name: string) => existsSync(join(folder(name), DB_FILE));

  function handle(name: string): Promise<Handle> {
    checkBucketName(name);
    let h = handles.get(name);
    if (!h) {
      if (!exists(name)) return Promise.reject(new CatalogError('NoSuchBucket', `The bucket "${name}" does not exist.`));
      h = openBucketWithContext({ dir: folder(name), clock });
      h.catch(() => handles.delete(name));
      handles.set(name, h);
    }
    return h;
  }

  function info(name: string, ctx: BucketContext): BucketInfo {
    // Counters are maintained by every write transaction, so this is two point reads.
    const stats = ctx.st.getStats.get() as { objects: number; bytes: number };
    const createdAt = (ctx.st.getMeta.get('createdAt') as { v: string } | undefined)?.v ?? new Date(0).toISOString();
    const cls = (ctx.st.getMeta.get('defaultStorageClass') as { v: string } | undefined)?.v;
    return {
      name,
      createdAt,
      defaultStorageClass: cls === 'InfrequentAccess' ? 'InfrequentAccess' : 'Standard',
      objectCount: stats.objects,
      totalBytes: stats.bytes,
    };
  }

  return {
    async list() {
      if (!existsSync(root)) return [];
      const names = readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && bucketNameProblem(d.name) === undefined && exists(d.name))
        .map((d) => d.name)
        .sort();
      const out: BucketInfo[] = [];
      for (const name of names) out.push(info(name, (await handle(name)).ctx));
      return out;
    },
    async create(name, opts) {
      checkBucketName(name);
      const cls = opts?.defaultStorageClass ?? 'Standard';
      if (cls !== 'Standard' && cls !== 'InfrequentAccess') throw new RangeError(`Invalid defaultStorageClass ${String(cls)}`);
      if (exists(name) || handles.has(name)) throw new CatalogError('BucketAlreadyExists', `The bucket "${name}" already exists.`);
      await mkdir(folder(name), { recursive: true });
      const h = openBucketWithContext({ dir: folder(name), clock, defaultStorageClass: cls });
      handles.set(name, h);
      const { ctx } = await h;
      ctx.st.setMeta.run('defaultStorageClass', cls);
      return info(name, ctx);
    },
    async delete(name) {
      checkBucketName(name);
      if (!exists(name)) throw new CatalogError('NoSuchBucket', `The bucket "${name}" does not exist.`);
      const h = handles.get(name);
      handles.delete(name);
      if (h) await (await h).bucket.close();
      await rm(folder(name), { recursive: true, force: true, maxRetries: 5 });
    },
    async open(name) {
      return (await handle(name)).bucket;
    },
    async stats(name) {
      return info(name, (await handle(name)).ctx);
    },
    async close() {
      const all = [...handles.values()];
      handles.clear();
      for (const h of all) await (await h.catch(() => undefined))?.bucket.close();
    },
  };
}
