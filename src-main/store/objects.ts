/** head / get / put / delete of the bucket binding. */
import { randomHex16 } from './random-id';
import { classifyValue, inlineBody, writeBody, type WrittenBody } from './body-writer';
import type { BucketContext } from './bucket-context';
import { hashLabel, parseExpectedHash, type ExpectedHash } from './checksums';
import { conditionHolds, parseCondition } from './conditional';
import { storeError } from './errors';
import { parseHttpMetadata, type StoredHttpMetadata } from './http-metadata';
import { bodySource, fieldsFromRow, retireObject } from './object-rows';
import { StoredObject, StoredObjectBody } from './object-view';
import { parseRange, resolveRange } from './range';
import { BODY_LIVE, type ObjectRowWithData, type SegmentRow } from './schema';
import type { StoreGetOptions, StorePutOptions } from './types';
import { checkCustomMetadata, checkDeleteKeys, checkKey, checkOptions, checkStorageClass } from './validate';

// A body never read keeps its pin until garbage-collected; release it then.
const unread = new FinalizationRegistry<() => void>((release) => release());

/** Metadata only; null when absent. */
export function headObject(ctx: BucketContext, key: unknown): StoredObject | null {
  const k = checkKey('head', key);
  const row = ctx.st.headObject.get(Buffer.from(k)) as ObjectRowWithData | undefined;
  if (!row) return null;
  return new StoredObject({ ...fieldsFromRow(row), range: { offset: 0, length: row.size } });
}

/** Reads the row and, for multipart objects, its segments as one consistent snapshot. */
function readObject(ctx: BucketContext, keyBuf: Buffer): { row: ObjectRowWithData; segments: SegmentRow[] } | undefined {
  const row = ctx.st.getObject.get(keyBuf) as ObjectRowWithData | undefined;
  if (!row) return undefined;
  // Single-part objects always have a body row; multipart ones (body NULL) have segments.
  if (row.body !== null) return { row, segments: [{ body: row.body, start: 0, size: row.size, data: row.data }] };
  return ctx.db.transaction(() => {
    const again = ctx.st.getObject.get(keyBuf) as ObjectRowWithData | undefined;
    if (!again) return undefined;
    if (again.body !== null) return { row: again, segments: [{ body: again.body, start: 0, size: again.size, data: again.data }] };
    return { row: again, segments: ctx.st.segments.all(again.version) as SegmentRow[] };
  })();
}

/** get: null when absent, a body-less object when onlyIf fails, otherwise the (ranged) body. */
export function getObject(ctx: BucketContext, key: unknown, options: unknown): StoredObject | StoredObjectBody | null {
  const k = checkKey('get', key);
  const opts = checkOptions<StoreGetOptions>('get', options);
  const cond = parseCondition(opts.onlyIf);
  const rangeReq = parseRange(opts.range);
  const override = opts.httpMetadata === undefined ? undefined : parseHttpMetadata(opts.httpMetadata);
  const found = readObject(ctx, Buffer.from(k));
  if (!found) return null;
  const { row, segments } = found;
  const fields = fieldsFromRow(row);
  // Spec: httpMetadata "can be overridden on get; the overriding values are then echoed" —
  // the given fields replace the stored ones in this result only; storage is unchanged.
  if (override) fields.httpMetadata = { ...fields.httpMetadata, ...override };
  if (!conditionHolds(cond, row)) return new StoredObject({ ...fields, range: { offset: 0, length: row.size } });
  const range = resolveRange(rangeReq, row.size);
  const source = bodySource(ctx, segments, range);
  const result = new StoredObjectBody({ ...fields, range }, source);
  if (!source.inline) unread.register(result, source.release);
  return result;
}

function checksumMismatch(expected: ExpectedHash, actual: string): Error {
  const alg = hashLabel(expected.algorithm);
  return storeError(
    'put',
    10037,
    `The ${alg} checksum you specified did not match what we received.\nYou provided a ${alg} checksum with value: ${expected.hex}\nActual ${alg} was: ${actual}`,
  );
}

function jsonOrNull(v: object): string | null {
  return Object.keys(v).length === 0 ? null : JSON.stringify(v);
}

/** put: stores value and metadata; null (nothing stored) when onlyIf fails. */
export async function putObject(ctx: BucketContext, key: unknown, value: unknown, options: unknown): Promise<StoredObject | null> {
  // Every argument check runs before any I/O, so a rejected call stores nothing.
  const k = checkKey('put', key);
  const opts = checkOptions<StorePutOptions>('put', options);
  const cond = parseCondition(opts.onlyIf);
  const http = parseHttpMetadata(opts.httpMetadata);
  const custom = checkCustomMetadata('put', opts.customMetadata);
  const expected = parseExpectedHash(opts);
  const storageClass = checkStorageClass(opts.storageClass, ctx.defaultStorageClass);
  const source = classifyValue('put', value, true);

  const written = inlineBody(source, expected?.algorithm) ?? (await writeBody('put', source, ctx.sink, expected?.algorithm));
  let committed = false;
  try {
    if (expected) {
      const actual = expected.algorithm === 'md5' ? written.md5 : (written.extra ?? '');
      if (actual !== expected.hex) throw checksumMismatch(expected, actual);
    }
    const extraSums = expected && expected.algorithm !== 'md5' ? JSON.stringify({ [expected.algorithm]: expected.hex }) : null;
    const keyBuf = Buffer.from(k);
    const version = randomHex16();
    let needCollect = false;
    let uploaded = 0;
    committed = ctx.write(() => {
      const old = ctx.st.objectTarget.get(keyBuf) as { version: string; etag: string; uploaded: number; size: number; body: number | null; parts: number } | undefined;
      // Checked in the same transaction as the write: of racing conditional puts exactly one wins.
      if (!conditionHolds(cond, old ?? null)) return false;
      uploaded = ctx.clock();
      const bodyId = commitBody(ctx, written);
      ctx.st.upsertObject.run(keyBuf, version, written.size, written.md5, uploaded, jsonOrNull(http), jsonOrNull(custom), extraSums, storageClass, bodyId, 0);
      if (old) {
        needCollect = retireObject(ctx, old);
        ctx.st.addStats.run(0, written.size - old.size);
      } else ctx.st.addStats.run(1, written.size);
      return true;
    });
    if (!committed) return null;
    if (needCollect) void ctx.collect().catch(() => undefined);
    return new StoredObject({
      key: k,
      version,
      size: written.size,
      etag: written.md5,
      uploaded,
      httpMetadata: http as StoredHttpMetadata,
      customMetadata: custom,
      checksums: { md5: written.md5, ...(extraSums ? (JSON.parse(extraSums) as object) : {}) },
      storageClass,
    });
  } finally {
    if (!committed) await discardBody(ctx, written);
  }
}

/** Inside the write transaction: make the written body live and return its id. */
export function commitBody(ctx: BucketContext, written: WrittenBody): number {
  if (written.inline) return Number(ctx.st.insertBody.run(written.size, written.inline, BODY_LIVE, null).lastInsertRowid);
  const id = written.fileBodyId as number;
  ctx.st.finishBody.run(written.size, id);
  return id;
}

/** Drops a written but uncommitted body (failed condition, bad checksum, error). */
export async function discardBody(ctx: BucketContext, written: WrittenBody): Promise<void> {
  if (written.fileBodyId !== undefined) await ctx.sink.abandon(written.fileBodyId);
}

/** delete: one key or 1..1000 keys; missing keys are ignored. */
export function deleteObjects(ctx: BucketContext, keys: unknown): void {
  const list = checkDeleteKeys(keys);
  let needCollect = false;
  ctx.write(() => {
    for (const k of list) {
      const keyBuf = Buffer.from(k);
      const old = ctx.st.objectTarget.get(keyBuf) as { version: string; size: number; body: number | null; parts: number } | undefined;
      if (!old) continue;
      ctx.st.deleteObject.run(keyBuf);
      if (retireObject(ctx, old)) needCollect = true;
      ctx.st.addStats.run(-1, -old.size);
    }
  });
  if (needCollect) void ctx.collect().catch(() => undefined);
}
