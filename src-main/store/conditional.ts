/** Conditional operations (onlyIf): parse the object or Headers form, evaluate per RFC 7232 §6. */
import { describe } from './validate';
import type { StoreConditional } from './types';

export interface EtagEntry {
  value: string; // '*' for the wildcard
  weak: boolean;
}

export interface Condition {
  etagMatches?: EtagEntry[];
  etagDoesNotMatch?: EtagEntry[];
  uploadedBefore?: number;
  uploadedAfter?: number;
  secondsGranularity: boolean;
  /** Header form: If-Unmodified-Since passes on the same second (RFC 7232 §3.4, as the spec says). */
  inclusiveUnmodifiedSince: boolean;
}

/** Parses an RFC 7232 entity-tag list (If-Match / If-None-Match); errors as the runtime words them. */
export function parseEtagList(header: string, name: 'if-match' | 'if-none-match'): EtagEntry[] {
  const out: EtagEntry[] = [];
  let i = 0;
  const n = header.length;
  let expectComma = false;
  while (i < n) {
    const c = header[i] ?? '';
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === ',') { expectComma = false; i++; continue; }
    if (c === '*') return [{ value: '*', weak: false }];
    let weak = false;
    let j = i;
    if (header.startsWith('W/', i)) {
      weak = true;
      j = i + 2;
      if (header[j] !== '"') throw new Error('Weak etags must start with W/ and their value must be quoted');
    }
    if (header[j] !== '"') break; // an unquoted token ends parsing
    if (expectComma) throw new Error(`Comma was expected to separate etags. Encountered ${header.slice(i)}`);
    const end = header.indexOf('"', j + 1);
    if (end < 0) throw new Error('Unclosed double quote for Etag');
    out.push({ value: header.slice(j + 1, end), weak });
    expectComma = true;
    i = end + 1;
  }
  if (out.length === 0) throw new Error(`Invalid ETag in ${name} header`);
  return out;
}

function headerDate(headers: Headers, name: string): number | undefined {
  const v = headers.get(name);
  if (v === null) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t; // RFC 7232: an invalid date is ignored
}

function objectEtag(field: string, v: unknown): EtagEntry[] | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new TypeError(`onlyIf.${field} must be a string, got ${describe(v)}`);
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    throw new TypeError(`Conditional ETag should not be wrapped in quotes (${v}).`);
  }
  return [{ value: v, weak: false }];
}

function objectDate(field: string, v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (!(v instanceof Date) || Number.isNaN(v.getTime())) throw new TypeError(`onlyIf.${field} must be a valid Date, got ${describe(v)}`);
  return v.getTime();
}

/** Normalises onlyIf (StoreConditional or Headers); undefined when nothing is conditional. */
export function parseCondition(onlyIf: unknown): Condition | undefined {
  if (onlyIf === undefined || onlyIf === null) return undefined;
  if (onlyIf instanceof Headers) {
    const ifMatch = onlyIf.get('If-Match');
    const ifNoneMatch = onlyIf.get('If-None-Match');
    return {
      etagMatches: ifMatch === null ? undefined : parseEtagList(ifMatch, 'if-match'),
      etagDoesNotMatch: ifNoneMatch === null ? undefined : parseEtagList(ifNoneMatch, 'if-none-match'),
      uploadedAfter: headerDate(onlyIf, 'If-Modified-Since'),
      uploadedBefore: headerDate(onlyIf, 'If-Unmodified-Since'),
      secondsGranularity: true,
      inclusiveUnmodifiedSince: true,
    };
  }
  if (typeof onlyIf !== 'object' || Array.isArray(onlyIf)) {
    throw new TypeError(`onlyIf must be a StoreConditional object or Headers, got ${describe(onlyIf)}`);
  }
  const c = onlyIf as StoreConditional;
  if (c.secondsGranularity !== undefined && typeof c.secondsGranularity !== 'boolean') {
    throw new TypeError('onlyIf.secondsGranularity must be a boolean');
  }
  return {
    etagMatches: objectEtag('etagMatches', c.etagMatches),
    etagDoesNotMatch: objectEtag('etagDoesNotMatch', c.etagDoesNotMatch),
    uploadedBefore: objectDate('uploadedBefore', c.uploadedBefore),
    uploadedAfter: objectDate('uploadedAfter', c.uploadedAfter),
    secondsGranularity: c.secondsGranularity === true,
    inclusiveUnmodifiedSince: false,
  };
}

/** Does the operation proceed? `target` is the existing object (etag + upload ms), or null when absent. */
export function conditionHolds(cond: Condition | undefined, target: { etag: string; uploaded: number } | null): boolean {
  if (!cond) return true;
  if (!target) return cond.etagMatches === undefined && cond.uploadedAfter === undefined;
  const sec = (t: number) => (cond.secondsGranularity ? Math.floor(t / 1000) * 1000 : t);
  const u = sec(target.uploaded);
  const e = target.etag;
  const ifMatch = !cond.etagMatches || cond.etagMatches.some((x) => x.value === '*' || (!x.weak && x.value === e));
  const ifNoneMatch = !cond.etagDoesNotMatch || !cond.etagDoesNotMatch.some((x) => x.value === '*' || x.value === e);
  const ifModifiedSince =
    cond.uploadedAfter === undefined || sec(cond.uploadedAfter) < u || (cond.etagDoesNotMatch !== undefined && ifNoneMatch);
  const before = cond.uploadedBefore === undefined ? undefined : sec(cond.uploadedBefore);
  const ifUnmodifiedSince =
    before === undefined ||
    u < before ||
    (cond.inclusiveUnmodifiedSince && u === before) ||
    (cond.etagMatches !== undefined && ifMatch);
  return ifMatch && ifNoneMatch && ifModifiedSince && ifUnmodifiedSince;
}
