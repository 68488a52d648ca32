/** The Buckets screen's channels: the catalog, listings, object metadata and edge-project bindings. */
import type { BindingsView } from '../../src-preload/contract/buckets';
import { AppError } from '../ipc/app-error';
import type { DomainHandlers } from '../ipc/router';
import { BucketNameError, CatalogError, readBindingConfig, type BucketCatalog } from '../store';
import type { TransferQueue } from '../transfers';
import { toDetails, toSummary } from './object-view';

/** Maps store errors to what the UI shows: form errors carry the field, missing buckets are NOT_FOUND. */
function appError(e: unknown): unknown {
  if (e instanceof BucketNameError) return new AppError('INVALID_ARGUMENT', e.message, { field: 'name', issues: [{ path: 'name', message: e.message }] });
  if (e instanceof CatalogError) {
    return e.code === 'NoSuchBucket' ? new AppError('NOT_FOUND', e.message) : new AppError('CONFLICT', e.message, { field: 'name', issues: [{ path: 'name', message: e.message }] });
  }
  return e;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw appError(e);
  }
}

/** Handlers of `buckets.*` over a catalog; deleting a bucket first cancels its transfers. */
export function createBucketsHandlers(deps: { catalog: BucketCatalog; queue: TransferQueue }): DomainHandlers<'buckets'> {
  const { catalog } = deps;
  return {
    'buckets.list': () => guarded(() => catalog.list()),
    'buckets.create': ({ name, defaultStorageClass }) => guarded(() => catalog.create(name, { defaultStorageClass })),
    'buckets.delete': ({ name, confirm }) =>
      guarded(async () => {
        if (confirm !== name) throw new AppError('INVALID_ARGUMENT', `Type "${name}" to confirm.`, { field: 'confirm', issues: [{ path: 'confirm', message: 'Does not match the bucket name.' }] });
        if (deps.queue.cancelAll(name) > 0) await deps.queue.idle(name);
        await catalog.delete(name);
        return { deleted: name };
      }),
    'buckets.stats': ({ name }) => guarded(() => catalog.stats(name)),
    'buckets.listObjects': ({ bucket, prefix, cursor, delimiter, limit }) =>
      guarded(async () => {
        const b = await catalog.open(bucket);
        const page = await b.list({ prefix: prefix || undefined, cursor, delimiter, limit });
        return {
          objects: page.objects.map(toSummary),
          // The spec's delimited prefixes stop before the delimiter; the UI lists into `<prefix><delimiter>`.
          folders: delimiter ? page.delimitedPrefixes.map((p) => p + delimiter) : [],
          truncated: page.truncated,
          cursor: page.truncated ? page.cursor : undefined,
        };
      }),
    'buckets.headObject': ({ bucket, key }) =>
      guarded(async () => {
        const o = await (await catalog.open(bucket)).head(key);
        return o ? toDetails(o) : null;
      }),
    'buckets.deleteObject': ({ bucket, key }) =>
      guarded(async () => {
        await (await catalog.open(bucket)).delete(key);
        return { deleted: key };
      }),
    'buckets.readBindings': ({ configPath }) =>
      guarded(async (): Promise<BindingsView> => {
        let config;
        try {
          config = await readBindingConfig(configPath);
        } catch (e) {
          throw new AppError('INVALID_ARGUMENT', (e as Error).message, { field: 'configPath', issues: [{ path: 'configPath', message: (e as Error).message }] });
        }
        const known = new Set((await catalog.list()).map((b) => b.name));
        return {
          file: config.file,
          compatibilityDate: config.compatibilityDate,
          compatibilityFlags: config.compatibilityFlags,
          entries: config.entries.map((e) => ({ binding: e.binding, bucketName: e.bucketName, exists: known.has(e.bucketName) })),
        };
      }),
  };
}

/**
 * Handlers of `transfers.*` over the queue. A download writes a local file, so its destination
 * must be one the user picked in the shell's save dialog (`authorizeDestination`); without that
 * hook the channel refuses, so an untrusted renderer cannot write arbitrary paths.
 */
export function createTransfersHandlers(queue: TransferQueue, authorizeDestination?: (path: string) => boolean): DomainHandlers<'transfers'> {
  return {
    'transfers.list': () => queue.list(),
    'transfers.existingKeys': ({ bucket, keys }) => guarded(async () => ({ existing: await queue.existingKeys(bucket, keys) })),
    // Main reads only absolute paths of regular files (see transfers/local-files.ts for the trust decision).
    'transfers.uploadPaths': ({ bucket, files, conflict }) => guarded(async () => ({ jobs: await queue.uploadPaths(bucket, files, conflict) })),
    'transfers.registerStreams': ({ bucket, files, conflict }) => guarded(async () => ({ jobs: await queue.registerStreams(bucket, files, conflict) })),
    'transfers.download': ({ bucket, key, destinationPath }) => {
      if (!authorizeDestination?.(destinationPath)) throw new AppError('FORBIDDEN', 'Downloads go only to a file chosen in the save dialog.');
      return queue.download(bucket, key, destinationPath);
    },
    'transfers.deletePrefix': ({ bucket, prefix }) => queue.deletePrefix(bucket, prefix),
    'transfers.cancel': ({ id }) => queue.cancel(id),
    'transfers.cancelAll': () => ({ cancelled: queue.cancelAll() }),
    'transfers.retry': ({ id }) => queue.retry(id),
    'transfers.clearFinished': () => ({ removed: queue.clearFinished() }),
    'transfers.ongoingUploads': () => ({ count: queue.ongoingUploads() }),
  };
}
