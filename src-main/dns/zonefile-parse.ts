import { isNonPublicAddress } from './addresses';
import { parseContent } from './content';
import { PROXIABLE_TYPES } from './record-fields';
import { tokenize, type Token } from './presentation';
import { DNS_RECORD_TYPES, type DnsRecordInput, type DnsRecordType } from './types';
import { parseCommentAttributes } from './zonefile-attributes';
import { logicalLines } from './zonefile-lines';

export interface ZoneFileError {
  line: number;
  message: string;
}

export interface ZoneFileParseResult {
  records: DnsRecordInput[];
  /** Line number of each entry of `records` (same index), for line-numbered validation errors. */
  lines: number[];
  errors: ZoneFileError[];
  /** Record entries read (SOA included), whether or not they were usable. */
  totalParsed: number;
}

const MAX_GENERATE = 65_536;
const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const HOST_FIELDS: Partial<Record<DnsRecordType, string>> = { SRV: 'target', HTTPS: 'target', SVCB: 'target', NAPTR: 'replacement' };

/** Reads a BIND TTL (`3600`, `1h30m`, `1d`) in seconds; null when it is not one. */
export function parseTtl(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^(\d+[smhdw])+$/i.test(text)) return null;
  const unit: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  let total = 0;
  for (const [, n, u] of text.toLowerCase().matchAll(/(\d+)([smhdw])/g)) total += Number(n) * (unit[u ?? 's'] ?? 1);
  return total;
}

/** Expands `$`, `${offset,width,base}` and `\$` in a $GENERATE template. */
function substitute(template: string, i: number): string {
  return template.replace(/\\\$|\$\{(-?\d+)(?:,(\d+))?(?:,([doxX]))?\}|\$/g, (m, off?: string, width?: string, base?: string) => {
    if (m === '\\$') return '$';
    const v = i + (off ? Number(off) : 0);
    const radix = base === 'o' ? 8 : base === 'x' || base === 'X' ? 16 : 10;
    let s = v.toString(radix);
    if (base === 'X') s = s.toUpperCase();
    return width ? s.padStart(Number(width), '0') : s;
  });
}

interface State {
  origin: string;
  defaultTtl: number | undefined;
  lastOwner: string | null;
  zoneName: string;
  proxied: boolean;
}

const absolute = (name: string, origin: string): string => {
  if (name === '@') return origin;
  if (name === '.') return '.';
  if (name.endsWith('.')) return name.slice(0, -1).toLowerCase();
  return `${name}.${origin}`.toLowerCase();
};

/** Turns the rdata of one entry into the API's record body. */
function recordBody(type: DnsRecordType, tokens: Token[], raw: string, origin: string): Omit<DnsRecordInput, 'name' | 'type'> | string {
  const texts = tokens.map((t) => t.text);
  switch (type) {
    case 'A':
    case 'AAAA':
      return texts.length === 1 ? { content: texts[0] } : 'expected one address';
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return texts.length === 1 ? { content: absolute(texts[0] ?? '', origin) } : 'expected one host name';
    case 'MX': {
      if (texts.length !== 2 || !/^\d+$/.test(texts[0] ?? '')) return 'expected <priority> <host>';
      return { priority: Number(texts[0]), content: absolute(texts[1] ?? '', origin) };
    }
    case 'TXT':
      return texts.length > 0 ? { content: texts.join('') } : 'expected text';
    default: {
      const parsed = parseContent(type, raw);
      if (!parsed.ok) return `invalid ${type} data`;
      const data = { ...parsed.data };
      const hostKey = HOST_FIELDS[type];
      if (hostKey && typeof data[hostKey] === 'string') data[hostKey] = absolute(data[hostKey] as string, origin);
      const body: Omit<DnsRecordInput, 'name' | 'type'> = { data: data as unknown as DnsRecordInput['data'] };
      if (parsed.priority !== undefined && type === 'URI') body.priority = parsed.priority;
      if (type === 'SRV' && parsed.priority === undefined) return 'expected <priority> <weight> <port> <target>';
      if (type === 'URI' && parsed.priority === undefined) return 'expected <priority> <weight> <target>';
      return body;
    }
  }
}

/**
 * Parses a BIND zone file into record bodies for the zone ($ORIGIN, $TTL, $GENERATE, multi-line
 * parentheses, relative and absolute names, and the `cf_tags=` / `cf-proxied:` comment attributes).
 */
export function parseZoneFile(text: string, opts: { zoneName: string; proxied?: boolean }): ZoneFileParseResult {
  const zone = opts.zoneName.toLowerCase().replace(/\.$/, '');
  const state: State = { origin: zone, defaultTtl: undefined, lastOwner: null, zoneName: zone, proxied: opts.proxied === true };
  const out: ZoneFileParseResult = { records: [], lines: [], errors: [], totalParsed: 0 };
  const { entries, errors } = logicalLines(text);
  out.errors.push(...errors);
  for (const entry of entries) {
    const fail = (message: string): void => {
      out.errors.push({ line: entry.line, message });
    };
    const tokens = tokenize(entry.text);
    if (!tokens) {
      fail('Unterminated quoted string');
      continue;
    }
    const head = tokens[0]?.text.toUpperCase() ?? '';
    if (!entry.continuesOwner && head.startsWith('$')) {
      if (head === '$ORIGIN') {
        const o = tokens[1]?.text;
        if (!o) fail('$ORIGIN needs a name');
        else state.origin = absolute(o, state.origin);
      } else if (head === '$TTL') {
        const t = parseTtl(tokens[1]?.text ?? '');
        if (t === null) fail('$TTL needs a number of seconds');
        else state.defaultTtl = t;
      } else if (head === '$INCLUDE') {
        fail('$INCLUDE directive not allowed');
      } else if (head === '$GENERATE') {
        const m = /^(\d+)-(\d+)(?:\/(\d+))?$/.exec(tokens[1]?.text ?? '');
        const [start, stop, step] = m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)] : [0, -1, 1];
        if (!m || step < 1 || stop < start || (stop - start) / step >= MAX_GENERATE || tokens.length < 5) {
          fail('Invalid $GENERATE directive');
          continue;
        }
        const template = entry.text.slice(tokens[2]?.start ?? 0);
        for (let i = start; i <= stop; i += step) {
          readRecord(substitute(template, i), entry.comment, false, entry.line, state, out);
        }
      } else fail(`Unknown directive ${head}`);
      continue;
    }
    readRecord(entry.text, entry.comment, entry.continuesOwner, entry.line, state, out);
  }
  return out;
}

function readRecord(text: string, comment: string | null, continuesOwner: boolean, line: number, state: State, out: ZoneFileParseResult): void {
  const fail = (message: string): void => {
    out.errors.push({ line, message });
  };
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return fail('Unterminated quoted string');
  let i = 0;
  let owner: string;
  if (continuesOwner) {
    if (state.lastOwner === null) return fail('No owner name for this record');
    owner = state.lastOwner;
  } else {
    owner = absolute(tokens[0]?.text ?? '', state.origin);
    i = 1;
  }
  state.lastOwner = owner;
  let ttl: number | undefined;
  for (let k = 0; k < 2; k++) {
    const t = tokens[i]?.text ?? '';
    if (CLASSES.has(t.toUpperCase())) i++;
    else if (ttl === undefined && parseTtl(t) !== null) {
      ttl = parseTtl(t) ?? undefined;
      i++;
    }
  }
  const typeText = (tokens[i]?.text ?? '').toUpperCase();
  const type = DNS_RECORD_TYPES.find((t) => t === typeText);
  out.totalParsed++;
  if (!type) return fail(typeText ? `Unsupported record type ${typeText}` : 'Missing record type');
  if (type === 'SOA') return; // generated by the service; a file's SOA is read and skipped
  const rdata = tokens.slice(i + 1);
  const raw = rdata[0] ? text.slice(rdata[0].start) : '';
  const body = recordBody(type, rdata, raw, state.origin);
  if (typeof body === 'string') return fail(`${type} record: ${body}`);
  const record: DnsRecordInput = { type, name: owner, ...body };
  const effectiveTtl = ttl ?? state.defaultTtl;
  if (effectiveTtl !== undefined) record.ttl = effectiveTtl;
  const attrs = comment === null ? null : parseCommentAttributes(comment);
  if (attrs?.comment) record.comment = attrs.comment;
  if (attrs && attrs.tags.length > 0) record.tags = attrs.tags;
  if (attrs?.flattenCname) record.settings = { flatten_cname: true };
  const canProxy = PROXIABLE_TYPES.includes(type) && (type === 'CNAME' || !isNonPublicAddress(record.content ?? ''));
  const proxied = attrs?.proxied ?? (state.proxied && canProxy);
  if (proxied || attrs?.proxied === false) record.proxied = proxied;
  out.records.push(record);
  out.lines.push(line);
}
