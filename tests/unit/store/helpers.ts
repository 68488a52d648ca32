import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBucket, type OpenBucket, type OpenBucketOptions } from '../../../src-main/store/index';

/** A fresh temp folder, removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-store-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Opens a bucket in a temp folder; `done()` closes it and removes the folder. */
export async function tempBucket(opts: Partial<OpenBucketOptions> = {}): Promise<{ bucket: OpenBucket; dir: string; done: () => Promise<void> }> {
  const { dir, cleanup } = tempDir();
  const bucket = await openBucket({ dir, ...opts });
  return {
    bucket,
    dir,
    done: async () => {
      await bucket.close();
      cleanup();
    },
  };
}

/** A stream of unknown length delivering `total` bytes of `fill` in `piece`-sized chunks. */
export function streamOf(total: number, piece = 64 * 1024, fill = 0x61, delayMs = 0): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= total) return controller.close();
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const n = Math.min(piece, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  });
}

export async function expectError(p: Promise<unknown> | (() => unknown), ctor: ErrorConstructor | TypeErrorConstructor | RangeErrorConstructor, message: string | RegExp): Promise<void> {
  let err: unknown;
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    err = e;
  }
  if (!(err instanceof Error)) throw new Error(`expected ${ctor.name} ${String(message)}, nothing thrown`);
  if (err.constructor !== ctor) throw new Error(`expected ${ctor.name}, got ${err.constructor.name}: ${err.message}`);
  if (typeof message === 'string' ? err.message !== message : !message.test(err.message)) {
    throw new Error(`expected message ${String(message)}, got ${JSON.stringify(err.message)}`);
  }
}
