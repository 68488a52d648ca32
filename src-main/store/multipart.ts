/** Multipart uploads: create / resume, uploadPart, abort, complete (parts linked, never copied). */
import { createHash, randomBytes } from 'node:crypto';
import { randomHex16 } from './random-id';
import { classifyValue, inlineBody, writeBody } from './body-writer';
import type { BucketContext } from './bucket-context';
import { storeError } from './errors';
import { parseHttpMetadata, type StoredHttpMetadata } from './http-metadata';
import { commitBody, discardBody } from './objects';
import { retireBody, retireObject } from './object-rows';
import { StoredObject } from './object-view';
import { UPLOAD_ABORTED, UPLOAD_COMPLETED, UPLOAD_ONGOING, type PartRow, type UploadRow } from './schema';
import type { StoreMultipartOptions, StoreMultipartUpload, StoreObject, StorePartValue, StoreUploadedPart } from './types';
import { checkCustomMetadata, checkKey, checkOptions, checkPartNumber, checkStorageClass, describe, MIN_PART_BYTES } from './validate';

/** Uncompleted uploads are aborted after 7 days (spec). */
export const UPLOAD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Inside or outside a transaction: aborts every ongoing upload older than 7 days. */
export function expireUploads(ctx: BucketContext): boolean {
  const cutoff = ctx.clock() - UPLOAD_LIFETIME_MS;
  const expired = ctx.st.expiredUploads.all(cutoff) as { id: string }[];
  if (expired.length === 0) return false;
  let needCollect = false;
  ctx.write(() => {
    for (const { id } of expired) if (abortRows(ctx, id)) needCollect = true;
  });
  return needCollect;
}

function abortRows(ctx: BucketContext, id: string): boolean {
  let needCollect = false;
  for (const part of ctx.st.listParts.all(id) as PartRow[]) if (retireBody(ctx, part.body)) needCollect = true;
  ctx.st.deleteParts.run(id);
  ctx.st.setUploadState.run(UPLOAD_ABORTED, id);
  return needCollect;
}

function sweep(ctx: BucketContext): void {
  if (expireUploads(ctx)) void ctx.collect().catch(() => undefined);
}

/** Starts an upload; several may be open for one key. */
export function createUpload(ctx: BucketContext, key: unknown, options: unknown): StoreMultipartUpload {
  const k = checkKey('createMultipartUpload', key);
  const opts = checkOptions<StoreMultipartOptions>('createMultipartUpload', options);
  const http = parseHttpMetadata(opts.httpMetadata);
  const custom = checkCustomMetadata('createMultipartUpload', opts.customMetadata);
  const storageClass = checkStorageClass(opts.storageClass, ctx.defaultStorageClass);
  const uploadId = randomBytes(48).toString('base64url');
  const json = (v: object) => (Object.keys(v).length === 0 ? null : JSON.stringify(v));
  ctx.st.insertUpload.run(uploadId, Buffer.from(k), ctx.clock(), json(http), json(custom), storageClass);
  return new MultipartUpload(ctx, k, uploadId);
}

/** A handle on an upload; resuming performs no check (spec). */
export function resumeUpload(ctx: BucketContext, key: unknown, uploadId: unknown): StoreMultipartUpload {
  if (typeof key !== 'string') throw new TypeError(`resumeMultipartUpload: key must be a string, got ${describe(key)}`);
  if (typeof uploadId !== 'string') throw new TypeError(`resumeMultipartUpload: uploadId must be a string, got ${describe(uploadId)}`);
  return new MultipartUpload(ctx, key, uploadId);
}

class MultipartUpload implements StoreMultipartUpload {
  readonly #ctx: BucketContext;
  constructor(
    ctx: BucketContext,
    readonly key: string,
    readonly uploadId: string,
  ) {
    this.#ctx = ctx;
  }

  /** The upload row when it exists for this key (an upload is bound to its key). */
  #row(): UploadRow | undefined {
    const row = this.#ctx.st.getUpload.get(this.uploadId) as UploadRow | undefined;
    return row && row.key.equals(Buffer.from(this.key)) ? row : undefined;
  }

  async uploadPart(partNumber: number, value: StorePartValue): Promise<StoreUploadedPart> {
    const ctx = this.#ctx;
    const num = checkPartNumber(partNumber);
    const source = classifyValue('uploadPart', value, false);
    sweep(ctx);
    if (this.#row()?.state !== UPLOAD_ONGOING) throw storeError('uploadPart', 10024);
    const written = inlineBody(source, undefined) ?? (await writeBody('uploadPart', source, ctx.sink, undefined));
    let committed = false;
    let needCollect = false;
    try {
      committed = ctx.write(() => {
        // Re-checked with the write: an abort or complete that won the race makes this part void.
        if (this.#row()?.state !== UPLOAD_ONGOING) return false;
        const old = ctx.st.getPart.get(this.uploadId, num) as PartRow | undefined;
        ctx.st.upsertPart.run(this.uploadId, num, written.md5, written.size, commitBody(ctx, written));
        if (old) needCollect = retireBody(ctx, old.body);
        return true;
      });
    } finally {
      if (!committed) await discardBody(ctx, written);
    }
    if (!committed) throw storeError('uploadPart', 10024);
    if (needCollect) void ctx.collect().catch(() => undefined);
    // Part etag = hex MD5 of the part, as production does since 2023 (S3-compatible).
    return { partNumber: num, etag: written.md5 };
  }

  async abort(): Promise<void> {
    const ctx = this.#ctx;
    sweep(ctx);
    let needCollect = false;
    ctx.write(() => {
      const row = this.#row();
      if (!row) throw storeError('abortMultipartUpload', 10001);
      // Idempotent: aborting an aborted or completed upload resolves and changes nothing.
      if (row.state === UPLOAD_ONGOING) needCollect = abortRows(ctx, this.uploadId);
    });
    if (needCollect) void ctx.collect().catch(() => undefined);
  }

  async complete(uploadedParts: StoreUploadedPart[]): Promise<StoreObject> {
    const ctx = this.#ctx;
    const listed = checkPartList(uploadedParts);
    sweep(ctx);
    const keyBuf = Buffer.from(this.key);
    const version = randomHex16();
    let needCollect = false;
    const result = ctx.write(() => {
      const row = this.#row();
      if (!row) throw storeError('completeMultipartUpload', 10001);
      if (row.state !== UPLOAD_ONGOING) throw storeError('completeMultipartUpload', 10024);
      if (new Set(listed.map((p) => p.partNumber)).size !== listed.length) throw storeError('completeMultipartUpload', 10001);
      const parts = listed.map((p) => {
        const part = ctx.st.getPart.get(this.uploadId, p.partNumber) as PartRow | undefined;
        if (!part || part.etag !== p.etag) throw storeError('completeMultipartUpload', 10025);
        return part;
      });
      checkPartSizes(parts);
      const sorted = [...parts].sort((a, b) => a.num - b.num);
      const md5s = Buffer.concat(sorted.map((p) => Buffer.from(p.etag, 'hex')));
      const etag = `${createHash('md5').update(md5s).digest('hex')}-${sorted.length}`;
      let size = 0;
      sorted.forEach((p, idx) => {
        ctx.st.insertSegment.run(version, idx, p.body, size, p.size);
        size += p.size;
      });
      const used = new Set(sorted.map((p) => p.num));
      for (const p of ctx.st.listParts.all(this.uploadId) as PartRow[]) {
        if (!used.has(p.num) && retireBody(ctx, p.body)) needCollect = true;
      }
      ctx.st.deleteParts.run(this.uploadId);
      ctx.st.setUploadState.run(UPLOAD_COMPLETED, this.uploadId);
      const uploaded = ctx.clock();
      const old = ctx.st.objectTarget.get(keyBuf) as { version: string; size: number; body: number | null; parts: number } | undefined;
      ctx.st.upsertObject.run(keyBuf, version, size, etag, uploaded, row.http, row.custom, null, row.class, null, sorted.length);
      if (old) {
        if (retireObject(ctx, old)) needCollect = true;
        ctx.st.addStats.run(0, size - old.size);
      } else ctx.st.addStats.run(1, size);
      return new StoredObject({
        key: this.key,
        version,
        size,
        etag,
        uploaded,
        httpMetadata: row.http ? (JSON.parse(row.http) as StoredHttpMetadata) : {},
        customMetadata: row.custom ? (JSON.parse(row.custom) as Record<string, string>) : {},
        checksums: {},
        storageClass: row.class === 'InfrequentAccess' ? 'InfrequentAccess' : 'Standard',
      });
    });
    if (needCollect) void ctx.collect().catch(() => undefined);
    return result;
  }
}

function checkPartList(value: unknown): StoreUploadedPart[] {
  if (!Array.isArray(value)) throw new TypeError(`complete: uploadedParts must be an array, got ${describe(value)}`);
  return value.map((p: unknown) => {
    if (typeof p !== 'object' || p === null) throw new TypeError(`complete: each uploaded part must be an object, got ${describe(p)}`);
    const { partNumber, etag } = p as Record<string, unknown>;
    checkPartNumber(partNumber);
    if (typeof etag !== 'string') throw new TypeError(`complete: part etag must be a string, got ${describe(etag)}`);
    return { partNumber: partNumber as number, etag };
  });
}

/** Size rules of complete: ≥ 5 MiB except the last listed (10011); uniform sizes by number (10048). */
export function checkPartSizes(parts: { num: number; size: number }[]): void {
  parts.forEach((p, i) => {
    if (i < parts.length - 1 && p.size < MIN_PART_BYTES) throw storeError('completeMultipartUpload', 10011);
  });
  const sorted = [...parts].sort((a, b) => a.num - b.num);
  const first = sorted[0];
  if (!first || sorted.length === 1) return;
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i] as { size: number };
    const isLast = i === sorted.length - 1;
    if (isLast ? p.size > first.size : p.size !== first.size) throw storeError('completeMultipartUpload', 10048);
  }
  if (first.size < MIN_PART_BYTES) throw storeError('completeMultipartUpload', 10048);
}
