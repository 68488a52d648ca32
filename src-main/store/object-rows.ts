/** Row-level helpers shared by object and multipart operations: retire old bodies, rows → values, body sources. */
import { bodyPath, readBodyFile } from './body-files';
import type { BucketContext } from './bucket-context';
import type { StoredHttpMetadata } from './http-metadata';
import { checksumsFor, type BodySource, type ObjectFields } from './object-view';
import type { ResolvedRange } from './range';
import { BODY_DEAD, type ObjectRow, type SegmentRow } from './schema';
import type { StoreStorageClass } from './types';

/**
 * Inside a write transaction: drop a body no object references any more. Inline bodies go at once
 * (readers copied them when they read the row); file bodies are marked dead and removed by
 * `collect()` once no reader holds them. Returns true when a collection is needed.
 */
export function retireBody(ctx: BucketContext, id: number): boolean {
  const deleted = ctx.st.deleteInlineBody.run(id).changes;
  if (deleted > 0) return false;
  ctx.st.setBodyState.run(BODY_DEAD, null, id);
  return true;
}

/** Inside a write transaction: retire the bodies of an object that is replaced or deleted. */
export function retireObject(ctx: BucketContext, old: Pick<ObjectRow, 'version' | 'body' | 'parts'>): boolean {
  if (old.body !== null) return retireBody(ctx, old.body);
  let needCollect = false;
  for (const seg of ctx.st.segmentBodies.all(old.version) as { body: number }[]) {
    if (retireBody(ctx, seg.body)) needCollect = true;
  }
  ctx.st.deleteSegments.run(old.version);
  return needCollect;
}

/** Stored row → the fields of a StoreObject. `withMetadata` false leaves both kinds out (list). */
export function fieldsFromRow(
  row: ObjectRow,
  include: { http: boolean; custom: boolean } = { http: true, custom: true },
): ObjectFields {
  const f: ObjectFields = {
    key: row.key.toString('utf8'),
    version: row.version,
    size: row.size,
    etag: row.etag,
    uploaded: row.uploaded,
    checksums: checksumsFor(row.etag, row.body === null, row.checksums),
    storageClass: row.class as StoreStorageClass,
  };
  if (include.http) f.httpMetadata = row.http ? (JSON.parse(row.http) as StoredHttpMetadata) : {};
  if (include.custom) f.customMetadata = row.custom ? (JSON.parse(row.custom) as Record<string, string>) : {};
  return f;
}

/** A lazily read body over the object's segments (one segment for single-part objects). */
export function bodySource(ctx: BucketContext, segments: SegmentRow[], range: ResolvedRange): BodySource {
  const end = range.offset + range.length;
  const touched = segments.filter((s) => s.start < end && s.start + s.size > range.offset && s.size > 0);
  const only = touched.length === 1 ? touched[0] : undefined;
  if (only?.data || touched.length === 0) {
    const from = only ? range.offset - only.start : 0;
    const inline = only?.data ? only.data.subarray(from, from + range.length) : Buffer.alloc(0);
    return {
      inline,
      async *chunks() {
        if (inline.length > 0) yield inline;
      },
      release() {},
    };
  }
  const fileIds = touched.filter((s) => !s.data).map((s) => s.body);
  const release = fileIds.length > 0 ? ctx.pin(fileIds) : () => undefined;
  const dir = ctx.dir;
  return {
    async *chunks() {
      for (const s of touched) {
        const from = Math.max(range.offset, s.start) - s.start;
        const to = Math.min(end, s.start + s.size) - s.start;
        if (s.data) yield s.data.subarray(from, to);
        else yield* readBodyFile(bodyPath(dir, s.body), from, to - from);
      }
    },
    release,
  };
}
