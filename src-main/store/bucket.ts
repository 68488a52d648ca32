/** openBucket: the spec's bucket binding over one folder (SQLite + body files). */
import { createBucketContext, type BucketContext } from './bucket-context';
import { expireUploads, createUpload, resumeUpload } from './multipart';
import { deleteObjects, getObject, headObject, putObject } from './objects';
import { listObjects, parseListOptions } from './list';
import type { OpenBucket, OpenBucketOptions, StoreBucket } from './types';

/** First compatibility date on which list honours `include` as given (spec, Versioning 4). */
export const HONOR_INCLUDE_DATE = '2022-08-04';

/** Whether list's `include` is honoured for this compatibility date / flags (pure). */
export function honorsInclude(compatibilityDate: string | undefined, flags: readonly string[] | undefined): boolean {
  if (flags?.includes('store_list_honor_include') || flags?.includes('r2_list_honor_include')) return true;
  return compatibilityDate !== undefined && compatibilityDate >= HONOR_INCLUDE_DATE;
}

function checkOpenOptions(o: OpenBucketOptions): void {
  if (typeof o !== 'object' || o === null || typeof o.dir !== 'string' || o.dir === '') {
    throw new TypeError('openBucket: options.dir must be a non-empty string');
  }
  if (o.compatibilityDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(o.compatibilityDate)) {
    throw new TypeError(`openBucket: compatibilityDate must be YYYY-MM-DD, got ${String(o.compatibilityDate)}`);
  }
  if (o.compatibilityFlags !== undefined && (!Array.isArray(o.compatibilityFlags) || o.compatibilityFlags.some((f) => typeof f !== 'string'))) {
    throw new TypeError('openBucket: compatibilityFlags must be an array of strings');
  }
  if (o.defaultStorageClass !== undefined && o.defaultStorageClass !== 'Standard' && o.defaultStorageClass !== 'InfrequentAccess') {
    throw new RangeError(`openBucket: invalid defaultStorageClass ${String(o.defaultStorageClass)}`);
  }
}

/** Opens (creating if needed) the bucket stored under `dir`; every object and upload survives reopen. */
export async function openBucket(options: OpenBucketOptions): Promise<OpenBucket> {
  return (await openBucketWithContext(options)).bucket;
}

/** openBucket plus its internal context (the catalog reads counters and settings through it). */
export async function openBucketWithContext(options: OpenBucketOptions): Promise<{ bucket: OpenBucket; ctx: BucketContext }> {
  checkOpenOptions(options);
  const ctx = await createBucketContext({
    dir: options.dir,
    clock: options.clock ?? Date.now,
    defaultStorageClass: options.defaultStorageClass,
    honorInclude: honorsInclude(options.compatibilityDate, options.compatibilityFlags),
  });
  if (expireUploads(ctx)) await ctx.collect();
  return { bucket: bucketOver(ctx), ctx };
}

/** The binding object over an open context; errors leave the bucket usable (transactions roll back). */
export function bucketOver(ctx: BucketContext): OpenBucket {
  const live = (): void => {
    if (ctx.closed) throw new Error('The bucket has been closed');
  };
  // Sync work runs inside the async functions, so argument errors reject the promise like the runtime.
  const bucket: StoreBucket & { close(): Promise<void> } = {
    async head(key) {
      live();
      return headObject(ctx, key);
    },
    async get(key: string, options?: unknown) {
      live();
      return getObject(ctx, key, options);
    },
    async put(key: string, value: unknown, options?: unknown) {
      live();
      return putObject(ctx, key, value, options);
    },
    async delete(keys) {
      live();
      deleteObjects(ctx, keys);
    },
    async list(options) {
      live();
      return listObjects(ctx, parseListOptions(options, ctx.honorInclude));
    },
    async createMultipartUpload(key, options) {
      live();
      return createUpload(ctx, key, options);
    },
    resumeMultipartUpload(key, uploadId) {
      live();
      return resumeUpload(ctx, key, uploadId);
    },
    async close() {
      if (ctx.closed) return;
      await ctx.collect().catch(() => undefined);
      ctx.closed = true;
      ctx.db.close();
    },
  } as OpenBucket;
  return bucket;
}
