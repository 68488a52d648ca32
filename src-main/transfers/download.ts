/** Streams an object from a bucket to a local file, via a temporary sibling renamed at the end. */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { StoreBucket } from '../store';

/** Writes `key` to `destination`; a partial file never appears under the final name. */
export async function downloadToFile(o: {
  bucket: StoreBucket;
  key: string;
  destination: string;
  signal: AbortSignal;
  onStart: (size: number) => void;
  onBytes: (n: number) => void;
}): Promise<void> {
  const object = await o.bucket.get(o.key);
  if (!object) throw new Error(`The object "${o.key}" does not exist (any more).`);
  o.onStart(object.size);
  const temp = `${o.destination}.zonedesk-part`;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      o.onBytes(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(object.body as NodeWebStream<Uint8Array>), count, createWriteStream(temp), { signal: o.signal });
    await rename(temp, o.destination);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

/** Counts the keys under `prefix` (a cheap key-only walk) so a folder delete can show a total. */
export async function countPrefix(bucket: StoreBucket, prefix: string, signal: AbortSignal): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    if (signal.aborted) throw signal.reason;
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    count += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return count;
}

/** Deletes every key under `prefix` in batches of at most 1000 keys; stops between batches on cancel. */
export async function deletePrefix(bucket: StoreBucket, prefix: string, signal: AbortSignal, onDeleted: (n: number) => void): Promise<void> {
  let cursor: string | undefined;
  for (;;) {
    if (signal.aborted) throw signal.reason;
    // From the start each time (what was listed is gone); a cursor only to step over an empty page.
    const page = await bucket.list({ prefix, limit: 1000, cursor });
    const keys = page.objects.map((o) => o.key);
    if (keys.length > 0) {
      await bucket.delete(keys);
      onDeleted(keys.length);
    }
    if (!page.truncated) return;
    cursor = keys.length === 0 ? page.cursor : undefined;
  }
}
