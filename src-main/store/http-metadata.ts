/** httpMetadata: input (object or Headers), storage form, and writeHttpMetadata. */
import { describe } from './validate';
import type { StoreHTTPMetadata } from './types';

const STRING_FIELDS = ['contentType', 'contentLanguage', 'contentDisposition', 'contentEncoding', 'cacheControl'] as const;
const HEADER_OF: Record<(typeof STRING_FIELDS)[number], string> = {
  contentType: 'Content-Type',
  contentLanguage: 'Content-Language',
  contentDisposition: 'Content-Disposition',
  contentEncoding: 'Content-Encoding',
  cacheControl: 'Cache-Control',
};

/** Stored form: strings plus cacheExpiry as ms since epoch (millisecond precision kept). */
export interface StoredHttpMetadata {
  contentType?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  cacheExpiry?: number;
}

/** Normalises put/create/get httpMetadata input; unknown headers are ignored, wrong types rejected. */
export function parseHttpMetadata(value: unknown): StoredHttpMetadata {
  if (value === undefined || value === null) return {};
  const out: StoredHttpMetadata = {};
  if (value instanceof Headers) {
    for (const field of STRING_FIELDS) {
      const v = value.get(HEADER_OF[field]);
      if (v !== null) out[field] = v;
    }
    const expires = value.get('Expires');
    if (expires !== null) {
      const t = Date.parse(expires);
      if (!Number.isNaN(t)) out.cacheExpiry = t;
    }
    return out;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`httpMetadata must be an object or Headers, got ${describe(value)}`);
  }
  const input = value as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    const v = input[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') throw new TypeError(`httpMetadata.${field} must be a string, got ${describe(v)}`);
    out[field] = v;
  }
  const expiry = input.cacheExpiry;
  if (expiry !== undefined) {
    if (!(expiry instanceof Date) || Number.isNaN(expiry.getTime())) {
      throw new TypeError(`httpMetadata.cacheExpiry must be a valid Date, got ${describe(expiry)}`);
    }
    out.cacheExpiry = expiry.getTime();
  }
  return out;
}

/** Stored form → the spec's StoreHTTPMetadata (fresh Date objects). */
export function toHttpMetadata(stored: StoredHttpMetadata): StoreHTTPMetadata {
  const out: StoreHTTPMetadata = {};
  for (const field of STRING_FIELDS) {
    const v = stored[field];
    if (v !== undefined) out[field] = v;
  }
  if (stored.cacheExpiry !== undefined) out.cacheExpiry = new Date(stored.cacheExpiry);
  return out;
}

/** Sets the matching response headers, overwriting only those names (runtime behaviour). */
export function writeHttpMetadataHeaders(meta: StoreHTTPMetadata, headers: Headers): void {
  if (!(headers instanceof Headers)) throw new TypeError('writeHttpMetadata expects a Headers object');
  for (const field of STRING_FIELDS) {
    const v = meta[field];
    if (v !== undefined) headers.set(HEADER_OF[field], v);
  }
  if (meta.cacheExpiry !== undefined) headers.set('Expires', meta.cacheExpiry.toUTCString());
}
