/** Ranged get: validate the StoreRange object / Range header and resolve it against a size (pure). */
import { storeError } from './errors';
import { describe } from './validate';

/** A parsed range request, still independent of the object's size. */
export type RangeRequest =
  | { kind: 'bytes'; offset?: number; length?: number }
  | { kind: 'suffix'; suffix: number }
  | { kind: 'header'; value: string | null };

export interface ResolvedRange {
  offset: number;
  length: number;
}

function checkNumber(v: unknown, what: string, prefix: 'range' | 'suffix'): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || Number.isNaN(v)) throw new TypeError(`Invalid range. ${what} must be a number, got ${describe(v)}.`);
  if (v < 0) {
    const label = prefix === 'suffix' ? 'Invalid suffix.' : 'Invalid range.';
    throw new RangeError(`${label} ${what} (${v}) must be greater than or equal to 0.`);
  }
  if (!Number.isInteger(v)) throw new RangeError(`Invalid range. ${what} (${v}) must be an integer, not floating point.`);
  return v;
}

/** Runtime argument checks on `range` (RangeError/TypeError before any I/O). */
export function parseRange(range: unknown): RangeRequest | undefined {
  if (range === undefined || range === null) return undefined;
  if (range instanceof Headers) return { kind: 'header', value: range.get('Range') };
  if (typeof range !== 'object' || Array.isArray(range)) {
    throw new TypeError(`range must be a StoreRange object or Headers, got ${describe(range)}`);
  }
  const r = range as Record<string, unknown>;
  const offset = checkNumber(r.offset, 'Starting offset', 'range');
  const length = checkNumber(r.length, 'Length', 'range');
  const suffix = checkNumber(r.suffix, 'Suffix', 'suffix');
  if (suffix !== undefined) {
    if (offset !== undefined) throw new TypeError('Suffix is incompatible with offset.');
    if (length !== undefined) throw new TypeError('Suffix is incompatible with length.');
    return { kind: 'suffix', suffix };
  }
  return { kind: 'bytes', offset, length };
}

/** Parses a Range header into one [start, end] (inclusive, end clamped) or undefined → whole object. */
export function parseRangeHeader(value: string, size: number): ResolvedRange | undefined {
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(value);
  if (!m) return undefined;
  const parts = (m[1] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length !== 1) return undefined;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(parts[0] ?? '');
  if (!spec) return undefined;
  const [, a = '', b = ''] = spec;
  if (a === '' && b === '') return undefined;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return undefined;
    if (n >= size) return { offset: 0, length: size };
    return { offset: size - n, length: n };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || start > end) return undefined;
  return { offset: start, length: end - start + 1 };
}

/** Resolves a range request against the object size; 10039 when nothing can be returned. */
export function resolveRange(req: RangeRequest | undefined, size: number): ResolvedRange {
  if (!req) return { offset: 0, length: size };
  if (req.kind === 'header') {
    return (req.value === null ? undefined : parseRangeHeader(req.value, size)) ?? { offset: 0, length: size };
  }
  if (req.kind === 'suffix') {
    if (req.suffix === 0) throw storeError('get', 10039);
    if (req.suffix >= size) return { offset: 0, length: size };
    return { offset: size - req.suffix, length: req.suffix };
  }
  const offset = req.offset ?? 0;
  const length = req.length ?? size - offset;
  if (offset >= size || length === 0) throw storeError('get', 10039);
  return { offset, length: Math.min(length, size - offset) };
}
