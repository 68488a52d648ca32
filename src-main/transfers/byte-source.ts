/** Byte sources for uploads: ranges of a local file, and consecutive slices of one HTTP body. */
import { open, stat } from 'node:fs/promises';

const READ_CHUNK = 1024 * 1024;

/** What identifies "the same file": a change of either while uploading fails the upload. */
export interface FileIdentity {
  size: number;
  mtimeMs: number;
}

/** The file changed (size or modification time) while it was being uploaded. */
export class FileChangedError extends Error {
  constructor(path: string) {
    super(`${path} changed while it was being uploaded (size or modification time differs); upload it again once it is complete.`);
    this.name = 'FileChangedError';
  }
}

/** Reads the identity of a local file; throws a readable error when it is missing or not a file. */
export async function fileIdentity(path: string): Promise<FileIdentity> {
  let s;
  try {
    s = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${path} does not exist.` : `${path} cannot be read (${code ?? (e as Error).message}).`);
  }
  if (!s.isFile()) throw new Error(`${path} is not a regular file.`);
  return { size: s.size, mtimeMs: s.mtimeMs };
}

async function assertUnchanged(path: string, expected: FileIdentity): Promise<void> {
  const now = await fileIdentity(path).catch(() => undefined);
  if (!now || now.size !== expected.size || now.mtimeMs !== expected.mtimeMs) throw new FileChangedError(path);
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : Object.assign(new Error('The transfer was cancelled.'), { name: 'AbortError' });
}

/**
 * Bytes [start, end) of a local file as a web stream, pulled as the store consumes it (flat
 * memory). Before it closes it checks the file is unchanged, so a store put or part is never
 * committed from a file that was being modified.
 */
export function fileRangeStream(
  path: string,
  start: number,
  end: number,
  expected: FileIdentity,
  onBytes: (n: number) => void,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let pos = start;
  const close = () => {
    const h = handle;
    handle = undefined;
    return h?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async start() {
      await assertUnchanged(path, expected);
      handle = await open(path, 'r');
    },
    async pull(controller) {
      try {
        if (signal.aborted) throw abortReason(signal);
        if (pos >= end) {
          await close();
          await assertUnchanged(path, expected);
          controller.close();
          return;
        }
        const want = Math.min(READ_CHUNK, end - pos);
        const buf = Buffer.allocUnsafe(want);
        const { bytesRead } = await (handle as NonNullable<typeof handle>).read(buf, 0, want, pos);
        if (bytesRead === 0) throw new FileChangedError(path);
        pos += bytesRead;
        onBytes(bytesRead);
        controller.enqueue(bytesRead === want ? buf : buf.subarray(0, bytesRead));
      } catch (e) {
        await close();
        controller.error(e);
      }
    },
    async cancel() {
      await close();
    },
  });
}

/** Reads an async byte iterator (an HTTP request) in slices of chosen length, keeping leftovers. */
export class ChunkReader {
  #it: AsyncIterator<Uint8Array>;
  #left: Uint8Array | undefined;
  #ended = false;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.#it = source[Symbol.asyncIterator]();
  }
  /** Up to `max` bytes, or null at the end of the source. */
  async read(max: number): Promise<Uint8Array | null> {
    let chunk = this.#left;
    this.#left = undefined;
    while (!chunk || chunk.byteLength === 0) {
      if (this.#ended) return null;
      const next = await this.#it.next();
      if (next.done) {
        this.#ended = true;
        return null;
      }
      chunk = next.value;
    }
    if (chunk.byteLength > max) {
      this.#left = chunk.subarray(max);
      return chunk.subarray(0, max);
    }
    return chunk;
  }
  /** True when the source has no more bytes (waits for its end). */
  async atEnd(): Promise<boolean> {
    const next = await this.read(1);
    if (next === null) return true;
    this.#left = this.#left ? Buffer.concat([next, this.#left]) : next;
    return false;
  }
  /** Stops the source (e.g. destroys the request) without reading the rest. */
  async cancel(): Promise<void> {
    this.#ended = true;
    await this.#it.return?.().catch(() => undefined);
  }
}

/**
 * The next `length` bytes of a shared reader as a web stream. It errors rather than closing
 * early when the source ends short (a cut connection must not commit a truncated object), and
 * when `last` is set, also when the source holds more than declared.
 */
export function sliceStream(
  reader: ChunkReader,
  length: number,
  last: boolean,
  onBytes: (n: number) => void,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let remaining = length;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (signal.aborted) throw abortReason(signal);
        if (remaining === 0) {
          if (last && !(await reader.atEnd())) throw new Error(`The upload sent more than the declared ${length} bytes.`);
          controller.close();
          return;
        }
        const chunk = await reader.read(Math.min(remaining, READ_CHUNK));
        if (chunk === null) throw new Error(`The upload ended early: ${length - remaining} of ${length} bytes of this part arrived.`);
        remaining -= chunk.byteLength;
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      } catch (e) {
        controller.error(e);
      }
    },
  });
}
