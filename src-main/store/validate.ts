/** Argument checks of the binding (pure): they throw before any I/O, so a rejected call stores nothing. */
import { storeError, type StoreOp } from './errors';
import type { StoreStorageClass } from './types';

export const MAX_KEY_BYTES = 1024;
/** Largest single put / part: 5 GiB − 5 MiB. */
export const MAX_PUT_BYTES = 5 * 1024 ** 3 - 5 * 1024 ** 2;
/**
 * customMetadata budget. The production docs state 8,192 bytes of object metadata; we measure
 * it as the UTF-8 bytes of every key and value (Miniflare's stricter 2,048 is a simulator quirk).
 */
export const MAX_CUSTOM_METADATA_BYTES = 8192;
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** A key must be a string of at most 1024 UTF-8 bytes (10020 otherwise). */
export function checkKey(op: StoreOp, key: unknown): string {
  if (typeof key !== 'string') throw new TypeError(`${op}: key must be a string, got ${describe(key)}`);
  if (key.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(key) > MAX_KEY_BYTES) throw storeError(op, 10020);
  return key;
}

/** Options must be a plain object (or absent). */
export function checkOptions<T extends object>(op: string, options: unknown): Partial<T> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object, got ${describe(options)}`);
  }
  return options as Partial<T>;
}

/** Validates a storage class; absent → the bucket's default. */
export function checkStorageClass(value: unknown, fallback: StoreStorageClass): StoreStorageClass {
  if (value === undefined) return fallback;
  if (value === 'Standard' || value === 'InfrequentAccess') return value;
  throw new RangeError(`Invalid storage class ${JSON.stringify(value)}: expected "Standard" or "InfrequentAccess".`);
}

/**
 * customMetadata: a record of strings. Like the runtime, primitive values are converted to
 * strings ({a: 1} → {a: "1"}); objects, functions and symbols are rejected.
 */
export function checkCustomMetadata(op: StoreOp, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Headers) {
    throw new TypeError(`customMetadata must be an object of strings, got ${describe(value)}`);
  }
  const out: Record<string, string> = {};
  let bytes = 0;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== null && (typeof v === 'object' || typeof v === 'function' || typeof v === 'symbol')) {
      throw new TypeError(`customMetadata value for "${k}" must be a string, got ${describe(v)}`);
    }
    const s = String(v);
    out[k] = s;
    bytes += Buffer.byteLength(k) + Buffer.byteLength(s);
  }
  if (bytes > MAX_CUSTOM_METADATA_BYTES) throw storeError(op, 10012);
  return out;
}

/** Part numbers are integers 1..10000 (runtime TypeError otherwise). */
export function checkPartNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10000) {
    throw new TypeError(`Part number must be between 1 and 10000 (inclusive). Actual value was: ${String(value)}`);
  }
  return value;
}

/** delete accepts one key or an array of 1..1000 keys; every key is length-checked first. */
export function checkDeleteKeys(keys: unknown): string[] {
  if (typeof keys === 'string') return [checkKey('delete', keys)];
  if (!Array.isArray(keys)) throw new TypeError(`delete: keys must be a string or an array of strings, got ${describe(keys)}`);
  if (keys.length < 1 || keys.length > 1000) throw storeError('delete', 10027);
  return keys.map((k) => checkKey('delete', k));
}

/** Short type description for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value;
}
