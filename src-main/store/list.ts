/** list: walks the byte-ordered key index from the prefix/cursor; a page costs the same at any bucket size. */
import type { BucketContext } from './bucket-context';
import { storeError } from './errors';
import type { StoredHttpMetadata } from './http-metadata';
import { checksumsFor, StoredObject, type ObjectFields } from './object-view';
import type { Statement } from 'better-sqlite3';
import type { StoreListInclude, StoreListOptions, StoreObject, StoreObjects, StoreStorageClass } from './types';
import { checkOptions, describe } from './validate';

export interface ListRequest {
  limit: number;
  prefix: Buffer;
  delimiter: Buffer | undefined;
  /** Resume strictly after this key (cursor or startAfter, whichever is later). */
  after: Buffer | undefined;
  include: { http: boolean; custom: boolean };
}

function optString(name: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new TypeError(`list: ${name} must be a string, got ${describe(v)}`);
  return v;
}

/** Validates list options (pure); `honorInclude` is the compatibility-date rule of the spec. */
export function parseListOptions(options: unknown, honorInclude: boolean): ListRequest {
  const o = checkOptions<StoreListOptions>('list', options);
  let limit = 1000;
  if (o.limit !== undefined) {
    if (typeof o.limit !== 'number' || Number.isNaN(o.limit)) throw new TypeError(`list: limit must be a number, got ${describe(o.limit)}`);
    limit = Math.trunc(o.limit);
    if (limit < 1 || limit > 1000) throw storeError('list', 10022);
  }
  const prefix = Buffer.from(optString('prefix', o.prefix) ?? '');
  const delimiterText = optString('delimiter', o.delimiter);
  const cursor = optString('cursor', o.cursor);
  const startAfter = optString('startAfter', o.startAfter);
  let include: StoreListInclude[] = [];
  if (o.include !== undefined) {
    if (!Array.isArray(o.include)) throw new TypeError(`list: include must be an array, got ${describe(o.include)}`);
    for (const v of o.include as unknown[]) {
      if (v !== 'httpMetadata' && v !== 'customMetadata') throw new RangeError(`Unsupported include value ${String(v)}`);
    }
    include = o.include;
  }
  const cursorKey = cursor ? Buffer.from(cursor, 'base64') : undefined;
  const afterKey = startAfter !== undefined ? Buffer.from(startAfter) : undefined;
  const after = cursorKey && afterKey ? (Buffer.compare(cursorKey, afterKey) >= 0 ? cursorKey : afterKey) : (cursorKey ?? afterKey);
  return {
    limit,
    prefix,
    delimiter: delimiterText ? Buffer.from(delimiterText) : undefined,
    after,
    include: honorInclude
      ? { http: include.includes('httpMetadata'), custom: include.includes('customMetadata') }
      : { http: true, custom: true },
  };
}

/** Smallest key greater than every key starting with `prefix` (undefined: no upper bound). */
export function prefixEnd(prefix: Buffer): Buffer | undefined {
  const end = Buffer.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if ((end[i] as number) < 0xff) {
      end[i] = (end[i] as number) + 1;
      return end.subarray(0, i + 1);
    }
  }
  return undefined;
}

// One packed text column per row: better-sqlite3 pays per column converted, so a 1000-key page
// costs about a third of selecting the columns separately; concat_ws builds it in one call
// (cheaper than a chain of ||). NUL never occurs in JSON text, no argument is NULL (concat_ws
// would skip it), and the key (which may hold anything) comes last.
const PACKED = `concat_ws(char(0), version, size, etag, uploaded, class, body IS NULL,
  ifnull(checksums, ''), ifnull(http, ''), ifnull(custom, ''), key)`;
const cache = new WeakMap<BucketContext, Map<string, Statement>>();

function prepared(ctx: BucketContext, sql: string): Statement {
  let m = cache.get(ctx);
  if (!m) cache.set(ctx, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = ctx.db.prepare(sql).pluck(true)));
  return s;
}

/** Unpacks one packed row into object fields (plain indexOf/slice, no intermediate array). */
function unpack(p: string, include: ListRequest['include']): ObjectFields {
  const a = p.indexOf('\0');
  const b = p.indexOf('\0', a + 1);
  const c = p.indexOf('\0', b + 1);
  const d = p.indexOf('\0', c + 1);
  const e = p.indexOf('\0', d + 1);
  const f = p.indexOf('\0', e + 1);
  const g = p.indexOf('\0', f + 1);
  const h = p.indexOf('\0', g + 1);
  const i = p.indexOf('\0', h + 1);
  const etag = p.slice(b + 1, c);
  const fields: ObjectFields = {
    key: p.slice(i + 1),
    version: p.slice(0, a),
    size: Number(p.slice(a + 1, b)),
    etag,
    uploaded: Number(p.slice(c + 1, d)),
    storageClass: p.slice(d + 1, e) as StoreStorageClass,
    checksums: checksumsFor(etag, p.charCodeAt(e + 1) === 49 /* '1': multipart */, g > f + 1 ? p.slice(f + 1, g) : null),
  };
  // Metadata JSON is parsed only for the kinds the caller asked for.
  if (include.http) fields.httpMetadata = h > g + 1 ? (JSON.parse(p.slice(g + 1, h)) as StoredHttpMetadata) : {};
  if (include.custom) fields.customMetadata = i > h + 1 ? (JSON.parse(p.slice(h + 1, i)) as Record<string, string>) : {};
  return fields;
}

/** Runs one list page. */
export function listObjects(ctx: BucketContext, req: ListRequest): StoreObjects {
  const upper = prefixEnd(req.prefix);
  const prefixText = req.prefix.toString('utf8');
  const delimiter = req.delimiter?.toString('utf8');
  const fetch = (bound: Buffer, op: '>' | '>=', n: number): string[] => {
    const s = prepared(ctx, `SELECT ${PACKED} FROM objects WHERE key ${op} ? ${upper ? 'AND key < ?' : ''} ORDER BY key LIMIT ?`);
    return (upper ? s.all(bound, upper, n) : s.all(bound, n)) as string[];
  };
  // Lower bound: the prefix, or just after the cursor when that is further on.
  const resume = req.after && Buffer.compare(req.after, req.prefix) >= 0 ? req.after : undefined;
  let from = resume ?? req.prefix;
  let fromOp: '>' | '>=' = resume ? '>' : '>=';
  const objects: StoreObject[] = [];
  const delimitedPrefixes: string[] = [];
  let lastKey: string | Buffer | undefined;
  let entries = 0;
  let truncated = false;
  let done = false;
  while (!done && !truncated) {
    // One more row than the page needs tells whether the listing is truncated.
    const rows = fetch(from, fromOp, req.limit - entries + 1);
    let restarted = false;
    for (const packed of rows) {
      if (entries === req.limit) {
        truncated = true;
        break;
      }
      const fields = unpack(packed, req.include);
      const at = delimiter ? fields.key.indexOf(delimiter, prefixText.length) : -1;
      if (delimiter && at >= 0) {
        // The spec's examples give the prefix without the trailing delimiter (a/b/c, "/" → "a").
        delimitedPrefixes.push(fields.key.slice(0, at));
        entries++;
        const group = Buffer.from(fields.key.slice(0, at + delimiter.length));
        const groupEnd = prefixEnd(group);
        lastKey = greatestIn(ctx, group, groupEnd) ?? fields.key;
        if (!groupEnd) done = true;
        else {
          from = groupEnd; // skip the rest of the group with one index seek
          fromOp = '>=';
          restarted = true;
        }
        break;
      }
      objects.push(new StoredObject(fields));
      entries++;
      lastKey = fields.key;
    }
    if (!restarted) done = true;
  }
  if (truncated && lastKey !== undefined) {
    const cursor = (typeof lastKey === 'string' ? Buffer.from(lastKey) : lastKey).toString('base64');
    return { objects, delimitedPrefixes, truncated: true, cursor };
  }
  return { objects, delimitedPrefixes, truncated: false };
}

/** The greatest key inside a group, so a cursor after it never repeats the group. */
function greatestIn(ctx: BucketContext, group: Buffer, groupEnd: Buffer | undefined): Buffer | undefined {
  const row = (groupEnd
    ? ctx.st.maxKeyBetween.get(group, groupEnd)
    : ctx.st.maxKeyFrom.get(group)) as { key: Buffer | null } | undefined;
  return row?.key ?? undefined;
}
