/** Streams one object into a bucket: a single put, or a multipart upload that is aborted on any failure. */
import pLimit from 'p-limit';
import type { StoreBucket, StoreHTTPMetadata, StoreMultipartUpload, StoreObject, StoreUploadedPart } from '../store';
import { isMultipart, partRange, planParts } from './part-size';

export interface UploadSource {
  size: number;
  /** True when parts must be read one after another (an HTTP body); false for random access (a file). */
  sequential: boolean;
  /** Bytes [start, end) as a stream; `last` marks the final slice of the object. */
  open(start: number, end: number, last: boolean, signal: AbortSignal): ReadableStream<Uint8Array>;
}

export interface UploadOptions {
  bucket: StoreBucket;
  key: string;
  source: UploadSource;
  signal: AbortSignal;
  threshold: number;
  preferredPartSize: number;
  partConcurrency: number;
  httpMetadata?: StoreHTTPMetadata;
  /** Told when a multipart upload starts and when it ends (completed or aborted). */
  onMultipart?: (event: 'start' | 'end', upload: StoreMultipartUpload) => void;
}

/** Uploads `source` under `key`; rejects (leaving no object and no ongoing upload) on failure or cancel. */
export async function uploadObject(o: UploadOptions): Promise<StoreObject> {
  const { size } = o.source;
  if (o.signal.aborted) throw o.signal.reason;
  if (!isMultipart(size, o.threshold)) {
    return o.bucket.put(o.key, o.source.open(0, size, true, o.signal), { httpMetadata: o.httpMetadata });
  }
  const plan = planParts(size, o.preferredPartSize);
  const upload = await o.bucket.createMultipartUpload(o.key, { httpMetadata: o.httpMetadata });
  o.onMultipart?.('start', upload);
  // One failing part stops its siblings at once instead of letting them stream to the end.
  const inner = new AbortController();
  const stop = () => inner.abort(o.signal.reason);
  o.signal.addEventListener('abort', stop, { once: true });
  const limit = pLimit(o.source.sequential ? 1 : Math.max(1, o.partConcurrency));
  try {
    const tasks: Promise<StoreUploadedPart>[] = [];
    for (let n = 1; n <= plan.partCount; n++) {
      tasks.push(
        limit(async () => {
          if (inner.signal.aborted) throw inner.signal.reason;
          const { start, end } = partRange(size, plan, n);
          return upload.uploadPart(n, o.source.open(start, end, n === plan.partCount, inner.signal));
        }),
      );
      tasks[n - 1]?.catch((e: unknown) => {
        if (!inner.signal.aborted) inner.abort(e);
      });
    }
    const settled = await Promise.allSettled(tasks);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw o.signal.aborted ? o.signal.reason : (failed as PromiseRejectedResult).reason;
    const parts = settled.map((s) => (s as PromiseFulfilledResult<StoreUploadedPart>).value);
    const object = await upload.complete(parts);
    o.onMultipart?.('end', upload);
    return object;
  } catch (e) {
    await upload.abort().catch(() => undefined);
    o.onMultipart?.('end', upload);
    throw e;
  } finally {
    o.signal.removeEventListener('abort', stop);
  }
}
