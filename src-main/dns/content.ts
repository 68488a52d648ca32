import { parseDecimal, parseUint, quote, tokenize, type Token } from './presentation';
import type { DnsRecordType } from './types';

type Data = Record<string, unknown>;
export type ParsedContent = { ok: true; data: Data; priority?: number } | { ok: false };

const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));
const num = (v: unknown): string => (typeof v === 'number' ? String(v) : str(v));
/** Metres in LOC presentation: at most two decimals, trailing zeros dropped. */
const metres = (v: unknown): string => `${Number(Number(v ?? 0).toFixed(2))}m`;

/** Builds the server-formatted `content` of a data-carrying record type from its `data`. */
export function formatContent(type: DnsRecordType, data: Data): string {
  const d = data;
  switch (type) {
    case 'SRV':
      return `${num(d.weight)} ${num(d.port)} ${str(d.target)}`;
    case 'URI':
      return `${num(d.weight)} ${str(d.target)}`;
    case 'CAA':
      return `${num(d.flags)} ${str(d.tag)} ${quote(str(d.value))}`;
    case 'HTTPS':
    case 'SVCB':
      return `${num(d.priority)} ${str(d.target)} ${str(d.value)}`.trimEnd();
    case 'TLSA':
    case 'SMIMEA':
      return `${num(d.usage)} ${num(d.selector)} ${num(d.matching_type)} ${str(d.certificate)}`;
    case 'SSHFP':
      return `${num(d.algorithm)} ${num(d.type)} ${str(d.fingerprint)}`;
    case 'DS':
      return `${num(d.key_tag)} ${num(d.algorithm)} ${num(d.digest_type)} ${str(d.digest)}`;
    case 'DNSKEY':
      return `${num(d.flags)} ${num(d.protocol)} ${num(d.algorithm)} ${str(d.public_key)}`;
    case 'CERT':
      return `${num(d.type)} ${num(d.key_tag)} ${num(d.algorithm)} ${str(d.certificate)}`;
    case 'NAPTR':
      return `${num(d.order)} ${num(d.preference)} ${quote(str(d.flags))} ${quote(str(d.service))} ${quote(str(d.regex))} ${str(d.replacement)}`;
    case 'LOC':
      return [
        num(d.lat_degrees), num(d.lat_minutes ?? 0), num(d.lat_seconds ?? 0), str(d.lat_direction),
        num(d.long_degrees), num(d.long_minutes ?? 0), num(d.long_seconds ?? 0), str(d.long_direction),
        metres(d.altitude ?? 0), metres(d.size ?? 1), metres(d.precision_horz ?? 10_000), metres(d.precision_vert ?? 10),
      ].join(' ');
    default:
      return '';
  }
}

const joinFrom = (tokens: Token[], from: number): string => tokens.slice(from).map((t) => t.text).join('');

function fixed(tokens: Token[], keys: string[], restKey: string): ParsedContent {
  if (tokens.length < keys.length + 1) return { ok: false };
  const data: Data = {};
  for (let i = 0; i < keys.length; i++) {
    const n = parseUint(tokens[i]?.text);
    if (n === null) return { ok: false };
    data[keys[i] ?? ''] = n;
  }
  data[restKey] = joinFrom(tokens, keys.length);
  return { ok: true, data };
}

function parseLoc(tokens: Token[]): ParsedContent {
  const t = tokens.map((x) => x.text.toUpperCase());
  let i = 0;
  const angle = (dirs: [string, string]): [number, number, number, string] | null => {
    const deg = parseUint(t[i++]);
    if (deg === null) return null;
    let min = 0;
    let sec = 0;
    if (!dirs.includes(t[i] ?? '')) {
      const m = parseUint(t[i++]);
      if (m === null) return null;
      min = m;
      if (!dirs.includes(t[i] ?? '')) {
        const s = parseDecimal(t[i++]);
        if (s === null) return null;
        sec = s;
      }
    }
    const dir = t[i++] ?? '';
    return dirs.includes(dir) ? [deg, min, sec, dir] : null;
  };
  const lat = angle(['N', 'S']);
  const long = lat && angle(['E', 'W']);
  if (!lat || !long) return { ok: false };
  const m: number[] = [];
  for (; i < t.length; i++) {
    const v = parseDecimal((t[i] ?? '').replace(/M$/, ''));
    if (v === null) return { ok: false };
    m.push(v);
  }
  if (m.length < 1 || m.length > 4) return { ok: false };
  return {
    ok: true,
    data: {
      lat_degrees: lat[0], lat_minutes: lat[1], lat_seconds: lat[2], lat_direction: lat[3],
      long_degrees: long[0], long_minutes: long[1], long_seconds: long[2], long_direction: long[3],
      altitude: m[0], size: m[1] ?? 1, precision_horz: m[2] ?? 10_000, precision_vert: m[3] ?? 10,
    },
  };
}

/**
 * Parses a record's `content` (the API's form, which for SRV and URI omits the priority unless a
 * fourth/third leading number is given) into its `data`. Values are not range-checked here.
 */
export function parseContent(type: DnsRecordType, content: string): ParsedContent {
  const tokens = tokenize(content.trim());
  if (!tokens || tokens.length === 0) return { ok: false };
  const n = (i: number) => parseUint(tokens[i]?.text);
  switch (type) {
    case 'SRV': {
      const off = tokens.length === 4 ? 1 : 0;
      if (tokens.length !== 3 + off) return { ok: false };
      const [w, p] = [n(off), n(off + 1)];
      if (w === null || p === null) return { ok: false };
      const data: Data = { weight: w, port: p, target: tokens[off + 2]?.text ?? '' };
      if (off === 0) return { ok: true, data };
      const pr = n(0);
      return pr === null ? { ok: false } : { ok: true, data: { priority: pr, ...data }, priority: pr };
    }
    case 'URI': {
      const off = tokens.length === 3 ? 1 : 0;
      if (tokens.length !== 2 + off) return { ok: false };
      const w = n(off);
      if (w === null) return { ok: false };
      const data: Data = { weight: w, target: tokens[off + 1]?.text ?? '' };
      if (off === 0) return { ok: true, data };
      const pr = n(0);
      return pr === null ? { ok: false } : { ok: true, data, priority: pr };
    }
    case 'CAA': {
      const flags = n(0);
      if (flags === null || tokens.length < 3) return { ok: false };
      const value = tokens.length === 3 ? (tokens[2]?.text ?? '') : tokens.slice(2).map((t) => t.text).join(' ');
      return { ok: true, data: { flags, tag: tokens[1]?.text ?? '', value } };
    }
    case 'HTTPS':
    case 'SVCB': {
      const pr = n(0);
      if (pr === null || tokens.length < 2) return { ok: false };
      const valueStart = tokens[2]?.start;
      const value = valueStart === undefined ? '' : content.trim().slice(valueStart);
      return { ok: true, data: { priority: pr, target: tokens[1]?.text ?? '', value } };
    }
    case 'TLSA':
    case 'SMIMEA':
      return fixed(tokens, ['usage', 'selector', 'matching_type'], 'certificate');
    case 'SSHFP':
      return fixed(tokens, ['algorithm', 'type'], 'fingerprint');
    case 'DS':
      return fixed(tokens, ['key_tag', 'algorithm', 'digest_type'], 'digest');
    case 'DNSKEY':
      return fixed(tokens, ['flags', 'protocol', 'algorithm'], 'public_key');
    case 'CERT':
      return fixed(tokens, ['type', 'key_tag', 'algorithm'], 'certificate');
    case 'NAPTR': {
      const [o, p] = [n(0), n(1)];
      if (o === null || p === null || tokens.length !== 6) return { ok: false };
      const [f, s, r, rep] = tokens.slice(2).map((t) => t.text);
      return { ok: true, data: { order: o, preference: p, flags: f, service: s, regex: r, replacement: rep } };
    }
    case 'LOC':
      return parseLoc(tokens);
    default:
      return { ok: false };
  }
}
