/** Large bodies live in files next to the database; this module names, writes, reads and removes them. */
import { mkdirSync } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** Bodies above this size go to a file; smaller ones stay inline in SQLite (one row, one commit). */
export const INLINE_MAX = 256 * 1024;
/** Read/write granularity for file bodies: bounded memory, few syscalls. */
export const IO_CHUNK = 1024 * 1024;

/** Path of a body file: sharded in 256 folders so no folder grows huge. */
export function bodyPath(dir: string, id: number): string {
  return join(dir, 'bodies', (id % 256).toString(16).padStart(2, '0'), String(id));
}

const madeDirs = new Set<string>();

/** Largest single write of an in-memory body (Linux caps one write just under 2 GiB). */
const WRITE_MAX = 64 * 1024 * 1024;
/** While streaming, once this much is written but not synced, a datasync starts in the background. */
const SYNC_EVERY = 8 * 1024 * 1024;

function byteLength(buffers: readonly Uint8Array[]): number {
  let n = 0;
  for (const b of buffers) n += b.byteLength;
  return n;
}

/** The part of `buffers` after the first `skip` bytes (views, no copy); for short writes. */
function after(buffers: readonly Buffer[], skip: number): Buffer[] {
  const out: Buffer[] = [];
  for (const b of buffers) {
    if (skip >= b.length) skip -= b.length;
    else {
      out.push(skip > 0 ? b.subarray(skip) : b);
      skip = 0;
    }
  }
  return out;
}

/**
 * An append-only writer for one body file. Writes run on libuv's threadpool one after another
 * while the caller hashes on the main thread. Durability before commit needs a datasync of the
 * whole body; syncing only at the end would leave the disk idle while bytes pile up in the page
 * cache (until the kernel throttles the writer), so datasyncs also run beside later writes and
 * the sync that must precede the commit finds little left to flush.
 */
export class BodyFileWriter {
  #fh: FileHandle;
  #position = 0;
  #inFlight: Promise<unknown> = Promise.resolve();
  /** Bytes at the file's start known to be written (their writes completed). */
  #written = 0;
  #sync: Promise<void> | undefined;
  /** Bytes covered by the running or last finished sync (it started after they were written). */
  #syncCovers = 0;
  #syncError: unknown;
  private constructor(
    readonly path: string,
    fh: FileHandle,
  ) {
    this.#fh = fh;
  }

  static async create(dir: string, id: number): Promise<BodyFileWriter> {
    const path = bodyPath(dir, id);
    const parent = join(path, '..');
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    let fh: FileHandle;
    try {
      fh = await open(path, 'w');
    } catch {
      // The folder may have been removed (bucket deleted and recreated): make it again once.
      madeDirs.delete(parent);
      mkdirSync(parent, { recursive: true });
      fh = await open(path, 'w');
    }
    return new BodyFileWriter(path, fh);
  }

  /** Queues buffers for writing after the previous write; resolves when the *previous* one is done. */
  async write(buffers: Buffer[]): Promise<void> {
    const previous = this.#inFlight;
    const position = this.#position;
    this.#position += byteLength(buffers);
    await previous;
    this.#startWrite(buffers, position);
  }

  /**
   * Writes all of `bytes` (already in memory) into a fresh writer at once and syncs them as soon
   * as they are written, without waiting for the caller, who hashes meanwhile (yielding now and
   * then so the completion is seen and the sync starts). One big write rather than pieces paced
   * by the hashing: the sync then starts early and is usually done when the hash is. The first
   * write is issued before this returns, not in a later microtask.
   */
  writeAll(bytes: Buffer): void {
    if (this.#position !== 0) throw new Error('writeAll needs a fresh body file');
    this.#position = bytes.length;
    const write = async (): Promise<void> => {
      for (let pos = 0; pos < bytes.length; pos += WRITE_MAX) {
        await this.#writeFully([bytes.subarray(pos, pos + WRITE_MAX)], pos);
        this.#startSync();
      }
    };
    this.#inFlight = write();
    this.#inFlight.catch(() => undefined);
  }

  #startWrite(buffers: Buffer[], position: number): void {
    this.#inFlight = this.#writeFully(buffers, position).then(() => {
      if (this.#written - this.#syncCovers >= SYNC_EVERY) this.#startSync();
    });
    // Attach a handler so a failure is not reported as unhandled before it is awaited.
    this.#inFlight.catch(() => undefined);
  }

  /** pwritev until every byte is written (a regular file may still take a short write). */
  async #writeFully(buffers: Buffer[], position: number): Promise<void> {
    let rest = buffers;
    let at = position;
    let left = byteLength(rest);
    while (left > 0) {
      const { bytesWritten } = await this.#fh.writev(rest, at);
      if (bytesWritten <= 0) throw new Error(`put: could not write body file ${this.path}`);
      at += bytesWritten;
      left -= bytesWritten;
      if (left > 0) rest = after(rest, bytesWritten);
    }
    this.#written = Math.max(this.#written, at);
  }

  /** Starts a datasync covering everything written so far, unless one is running already. */
  #startSync(): void {
    if (this.#sync || this.#syncCovers >= this.#written) return;
    this.#syncCovers = this.#written;
    this.#sync = this.#fh.datasync().then(
      () => {
        this.#sync = undefined;
      },
      (e: unknown) => {
        this.#sync = undefined;
        this.#syncError ??= e ?? new Error('datasync failed');
      },
    );
  }

  /** Waits for all writes and syncs the data to disk (before the row is committed), then closes. */
  async finish(): Promise<void> {
    try {
      await this.#inFlight;
      // A sync that started before the last write ended does not cover it: wait, then sync again.
      while (this.#sync) await this.#sync;
      if (this.#syncError !== undefined) throw this.#syncError;
      if (this.#syncCovers < this.#position) await this.#fh.datasync();
    } finally {
      while (this.#sync) await this.#sync; // after a failed write: never close under a running sync
      await this.#fh.close();
    }
  }

  /** Abandons the file (errors, failed checks). */
  async discard(): Promise<void> {
    await this.#inFlight.catch(() => undefined);
    while (this.#sync) await this.#sync;
    await this.#fh.close().catch(() => undefined);
    await removeFile(this.path);
  }
}

/** Deletes a body file; a missing file is fine (already collected). */
export async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** Reads `length` bytes from `offset` of a body file, IO_CHUNK at a time. */
export async function* readBodyFile(path: string, offset: number, length: number): AsyncGenerator<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    let pos = offset;
    const end = offset + length;
    while (pos < end) {
      const n = Math.min(IO_CHUNK, end - pos);
      const buf = Buffer.allocUnsafe(n);
      const { bytesRead } = await fh.read(buf, 0, n, pos);
      if (bytesRead === 0) throw new Error(`get: body file ${path} is shorter than recorded`);
      pos += bytesRead;
      yield bytesRead === n ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await fh.close();
  }
}
