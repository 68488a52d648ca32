/** Store objects → plain JSON for the renderer (dates as ISO strings, checksums as hex). */
import type { ObjectDetails, ObjectSummary } from '../../src-preload/contract/buckets';
import type { StoreObject } from '../store';

/** The listing row of an object. */
export function toSummary(o: StoreObject): ObjectSummary {
  return { key: o.key, size: o.size, etag: o.etag, uploaded: o.uploaded.toISOString(), storageClass: o.storageClass };
}

/** Every field the object panel shows. */
export function toDetails(o: StoreObject): ObjectDetails {
  const http: Record<string, string> = {};
  for (const [name, value] of Object.entries(o.httpMetadata ?? {})) {
    if (value instanceof Date) http[name] = value.toISOString();
    else if (typeof value === 'string') http[name] = value;
  }
  const checksums: Record<string, string> = {};
  for (const [name, value] of Object.entries(o.checksums.toJSON())) if (typeof value === 'string') checksums[name] = value;
  return { ...toSummary(o), version: o.version, httpEtag: o.httpEtag, httpMetadata: http, customMetadata: { ...(o.customMetadata ?? {}) }, checksums };
}
