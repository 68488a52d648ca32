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

/** An append-only writer for one body file; writes overlap the caller's hashing. */
export class BodyFileWriter {
  #fh: FileHandle;
  #position = 0;
  #inFlight: Promise<unknown> = Promise.resolve();
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
    } catch (e) {
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
    for (const b of buffers) this.#position += b.length;
    await previous;
    this.#inFlight = this.#fh.writev(buffers, position);
    // Attach a handler so a failure is not reported as unhandled before it is awaited.
    this.#inFlight.catch(() => undefined);
  }

  /** Waits for all writes, syncs the data to disk and closes (before the row is committed). */
  async finish(): Promise<void> {
    try {
      await this.#inFlight;
      await this.#fh.datasync();
    } finally {
      await this.#fh.close();
    }
  }

  /** Abandons the file (errors, failed checks). */
  async discard(): Promise<void> {
    await this.#inFlight.catch(() => undefined);
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
