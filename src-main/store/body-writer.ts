/** Turns any put/uploadPart value into a stored body: hashed on the fly, inline or in a file. */
import { createHash, type Hash } from 'node:crypto';
import { storeError, type StoreOp } from './errors';
import { BodyFileWriter, INLINE_MAX, IO_CHUNK } from './body-files';
import { describe, MAX_PUT_BYTES } from './validate';
import type { HashAlgorithm } from './checksums';

/** A body ready to be committed: either inline bytes or a file body row in the "writing" state. */
export interface WrittenBody {
  size: number;
  md5: string;
  /** Hex digest of the caller-supplied algorithm, if one was asked for. */
  extra?: string;
  inline?: Buffer;
  fileBodyId?: number;
}

/** How the writer reserves a file body (a row in state "writing") and drops it on failure. */
export interface BodySink {
  dir: string;
  reserve(): number;
  abandon(id: number, writer?: BodyFileWriter): Promise<void>;
}

type Source = { kind: 'bytes'; bytes: Buffer } | { kind: 'stream'; stream: ReadableStream<unknown> };

function isReadableStream(v: unknown): v is ReadableStream<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as ReadableStream).getReader === 'function';
}

/** Classifies a value synchronously (TypeError for unsupported types), capturing bytes at call time. */
export function classifyValue(op: StoreOp, value: unknown, allowNull: boolean): Source | { kind: 'blob'; blob: Blob } {
  if (value === null || value === undefined) {
    if (!allowNull) throw new TypeError(`${op}: value must be a ReadableStream, ArrayBuffer, ArrayBufferView, string or Blob, got ${describe(value)}`);
    return { kind: 'bytes', bytes: Buffer.alloc(0) };
  }
  if (typeof value === 'string') return { kind: 'bytes', bytes: Buffer.from(value, 'utf8') };
  if (value instanceof ArrayBuffer) return { kind: 'bytes', bytes: Buffer.from(value) };
  if (ArrayBuffer.isView(value)) return { kind: 'bytes', bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength) };
  if (value instanceof Blob) return { kind: 'blob', blob: value };
  if (isReadableStream(value)) {
    if (value.locked) throw new TypeError(`${op}: the ReadableStream is locked or already used`);
    return { kind: 'stream', stream: value };
  }
  throw new TypeError(
    `${op}: value must be a ReadableStream, ArrayBuffer, ArrayBufferView, string${allowNull ? ', null' : ''} or Blob, got ${describe(value)}`,
  );
}

class Hashers {
  readonly md5: Hash = createHash('md5');
  readonly extra: Hash | undefined;
  constructor(algorithm: HashAlgorithm | undefined) {
    this.extra = algorithm && algorithm !== 'md5' ? createHash(algorithm) : undefined;
  }
  update(b: Uint8Array): void {
    this.md5.update(b);
    this.extra?.update(b);
  }
  finish(size: number, inline?: Buffer, fileBodyId?: number): WrittenBody {
    const md5 = this.md5.digest('hex');
    const extra = this.extra ? this.extra.digest('hex') : undefined;
    return { size, md5, extra: extra ?? undefined, inline, fileBodyId };
  }
}

/**
 * The fast path of small in-memory values: hashed and returned synchronously (no I/O, no await),
 * so a small put is one short transaction away from done. Undefined for anything else.
 */
export function inlineBody(source: ReturnType<typeof classifyValue>, algorithm: HashAlgorithm | undefined): WrittenBody | undefined {
  if (source.kind !== 'bytes' || source.bytes.length > INLINE_MAX) return undefined;
  const hashers = new Hashers(algorithm);
  hashers.update(source.bytes);
  return hashers.finish(source.bytes.length, source.bytes);
}

/** Writes a classified value: small values inline (no I/O), large ones streamed to a file. */
export async function writeBody(
  op: StoreOp,
  source: ReturnType<typeof classifyValue>,
  sink: BodySink,
  algorithm: HashAlgorithm | undefined,
): Promise<WrittenBody> {
  if (source.kind === 'blob') {
    source = source.blob.size <= INLINE_MAX
      ? { kind: 'bytes', bytes: Buffer.from(await source.blob.arrayBuffer()) }
      : { kind: 'stream', stream: source.blob.stream() };
  }
  const hashers = new Hashers(algorithm);
  if (source.kind === 'bytes') {
    const bytes = source.bytes;
    if (bytes.length > MAX_PUT_BYTES) throw storeError(op, 100100);
    if (bytes.length <= INLINE_MAX) {
      hashers.update(bytes);
      return hashers.finish(bytes.length, bytes);
    }
    return writeLargeBytes(bytes, sink, hashers);
  }
  return writeStream(op, source.stream, sink, hashers);
}

/** Hash granularity for in-memory bodies: between slices the event loop runs I/O callbacks. */
const HASH_SLICE = 1024 * 1024;
const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A large value already in memory: its whole write (and then its datasync) is queued on the
 * threadpool at once while md5 runs here, so the put costs about max(hash, write + sync) instead
 * of their sum. The bytes are views of the caller's value — nothing is copied.
 */
async function writeLargeBytes(bytes: Buffer, sink: BodySink, hashers: Hashers): Promise<WrittenBody> {
  const id = sink.reserve();
  let writer: BodyFileWriter | undefined;
  try {
    writer = await BodyFileWriter.create(sink.dir, id);
    writer.writeAll(bytes);
    for (let pos = 0; pos < bytes.length; pos += HASH_SLICE) {
      if (pos > 0) await yieldToIo(); // lets the finished write's datasync start while we hash on
      hashers.update(bytes.subarray(pos, pos + HASH_SLICE));
    }
    await writer.finish();
    return hashers.finish(bytes.length, undefined, id);
  } catch (e) {
    await sink.abandon(id, writer);
    throw e;
  }
}

async function writeStream(op: StoreOp, stream: ReadableStream<unknown>, sink: BodySink, hashers: Hashers): Promise<WrittenBody> {
  const reader = stream.getReader();
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let total = 0;
  let id: number | undefined;
  let writer: BodyFileWriter | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array)) {
        throw new TypeError(`${op}: ReadableStream chunks must be Uint8Array, got ${describe(value)}`);
      }
      if (value.byteLength === 0) continue;
      total += value.byteLength;
      if (total > MAX_PUT_BYTES) throw storeError(op, 100100);
      hashers.update(value);
      batch.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      batchBytes += value.byteLength;
      const threshold = writer ? IO_CHUNK : INLINE_MAX;
      if (batchBytes > threshold) {
        if (!writer) {
          id = sink.reserve();
          writer = await BodyFileWriter.create(sink.dir, id);
        }
        await writer.write(batch); // memory stays at about two batches whatever the stream length
        batch = [];
        batchBytes = 0;
      }
    }
    if (!writer) {
      const inline = batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch, batchBytes);
      return hashers.finish(total, inline);
    }
    if (batch.length > 0) await writer.write(batch);
    await writer.finish();
    return hashers.finish(total, undefined, id);
  } catch (e) {
    reader.cancel(e).catch(() => undefined);
    if (id !== undefined) await sink.abandon(id, writer);
    throw e;
  } finally {
    reader.releaseLock();
  }
}
