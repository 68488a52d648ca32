import { isNonPublicAddress, isOwnNetworkAddress, parseIPv4, parseIPv6 } from './addresses';
import { checkComment, checkTags } from './attributes';
import { findConflicts, type ExistingRecord } from './conflicts';
import { formatContent, parseContent } from './content';
import { validateData } from './data-fields';
import { DNS_CODES, DNS_MESSAGES, type RecordIssue } from './errors';
import { normalizeHostname, normalizeRecordName } from './names';
import { PROXIABLE_TYPES, RECORD_TYPE_FIELDS } from './record-fields';
import { DNS_RECORD_TYPES, type DnsRecordData, type DnsRecordSettings, type DnsRecordType } from './types';

/** TTL value that means "Auto". */
export const AUTO_TTL = 1;
/** What Auto means in seconds. */
export const AUTO_TTL_SECONDS = 300;
export const MAX_TTL = 86_400;

/** A record after validation: what the service stores and returns (minus ids and timestamps). */
export interface NormalizedRecord {
  type: DnsRecordType;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  priority?: number;
  data?: DnsRecordData;
  settings: DnsRecordSettings;
  comment: string | null;
  tags: string[];
}

export interface ValidationContext {
  zoneName: string;
  /** Records of the zone (at least those at the same name) for the conflict checks. */
  existing?: readonly ExistingRecord[];
  /** Id of the record being replaced, left out of the conflict checks. */
  selfId?: string;
  /** Lowest DNS-only TTL: 60, or 30 on Enterprise. */
  minTtl?: number;
  /** Tags allowed per record (0 on Free). */
  tagQuota?: number;
  maxCommentLength?: number;
}

export type ValidationResult = { ok: true; record: NormalizedRecord } | { ok: false; issues: RecordIssue[] };

const INPUT_KEYS = new Set(['type', 'name', 'content', 'ttl', 'proxied', 'priority', 'data', 'settings', 'comment', 'tags']);
// Read-only fields of a record are tolerated (ignored) so a client can send back what it read.
const READ_ONLY_KEYS = new Set([
  'id', 'zone_id', 'zone_name', 'proxiable', 'locked', 'meta', 'created_on', 'modified_on',
  'comment_modified_on', 'tags_modified_on', 'private_routing',
]);
const SETTING_KEYS = new Set(['flatten_cname', 'ipv4_only', 'ipv6_only']);

const issue = (field: string, code: number, message: string): RecordIssue => ({ field, code, message });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkPriority(type: DnsRecordType, value: unknown): { priority?: number; issues: RecordIssue[] } {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535) return { priority: value, issues: [] };
  return { issues: [issue('priority', DNS_CODES.PRIORITY_INVALID, DNS_MESSAGES.priority(type))] };
}

/** Content of A, AAAA, CNAME, MX, TXT, NS, PTR. */
function checkTextContent(type: DnsRecordType, raw: unknown, fqdn: string | null): { content: string; issues: RecordIssue[] } {
  const invalid = (msg = DNS_MESSAGES.contentInvalid(type), code: number = DNS_CODES.CONTENT_INVALID) => ({
    content: '',
    issues: [issue('content', code, msg)],
  });
  if (typeof raw !== 'string') {
    if (type === 'A') return invalid(DNS_MESSAGES.aContent, DNS_CODES.A_CONTENT);
    if (type === 'AAAA') return invalid(DNS_MESSAGES.aaaaContent, DNS_CODES.AAAA_CONTENT);
    return invalid();
  }
  const text = type === 'TXT' ? raw : raw.trim();
  switch (type) {
    case 'A': {
      const ip = parseIPv4(text);
      if (!ip) return invalid(DNS_MESSAGES.aContent, DNS_CODES.A_CONTENT);
      if (isOwnNetworkAddress(ip)) return invalid(DNS_MESSAGES.ownNetwork('A'), DNS_CODES.A_CONTENT);
      return { content: ip, issues: [] };
    }
    case 'AAAA': {
      const ip = parseIPv6(text);
      if (!ip) return invalid(DNS_MESSAGES.aaaaContent, DNS_CODES.AAAA_CONTENT);
      if (isOwnNetworkAddress(ip)) return invalid(DNS_MESSAGES.ownNetwork('AAAA'), DNS_CODES.AAAA_CONTENT);
      return { content: ip, issues: [] };
    }
    case 'TXT': {
      if (text.length === 0 || /[\r\n]/.test(text)) return invalid();
      if (text.length > 2048) return invalid(DNS_MESSAGES.txtTooLong, DNS_CODES.CONTENT_TOO_LONG);
      return { content: text, issues: [] };
    }
    default: {
      const host = normalizeHostname(text, { allowRoot: type === 'MX' });
      if (host === null) return invalid();
      if (type === 'CNAME' && fqdn !== null && host === fqdn) return invalid(DNS_MESSAGES.cnameSelf);
      return { content: host, issues: [] };
    }
  }
}

function checkSettings(value: unknown): { settings: DnsRecordSettings; issues: RecordIssue[] } {
  if (value === undefined || value === null) return { settings: {}, issues: [] };
  const bad = (why: string) => ({ settings: {}, issues: [issue('settings', DNS_CODES.SETTINGS_INVALID, DNS_MESSAGES.settingsInvalid(why))] });
  if (!isObject(value)) return bad('must be an object');
  const settings: DnsRecordSettings = {};
  for (const [k, v] of Object.entries(value)) {
    if (!SETTING_KEYS.has(k)) return bad(`unknown setting '${k}'`);
    if (typeof v !== 'boolean') return bad(`'${k}' must be a boolean`);
    settings[k as keyof DnsRecordSettings] = v;
  }
  return { settings, issues: [] };
}

/**
 * Validates and normalises a record body (create, PUT, batch post/put, import) exactly as the
 * service does, returning every problem with its field, API code and message.
 */
export function validateRecord(input: unknown, ctx: ValidationContext): ValidationResult {
  if (!isObject(input)) return { ok: false, issues: [issue('', DNS_CODES.BODY_INVALID, 'Request body is invalid.')] };
  const issues: RecordIssue[] = [];
  for (const key of Object.keys(input)) {
    if (!INPUT_KEYS.has(key) && !READ_ONLY_KEYS.has(key)) issues.push(issue(key, DNS_CODES.BODY_INVALID, DNS_MESSAGES.unknownField(key)));
  }
  const rawType = typeof input.type === 'string' ? input.type.toUpperCase() : '';
  const type = DNS_RECORD_TYPES.find((t) => t === rawType);
  if (!type || !RECORD_TYPE_FIELDS[type].creatable) {
    issues.push(issue('type', DNS_CODES.TYPE_INVALID, type === 'SOA' ? DNS_MESSAGES.soaNotCreatable : DNS_MESSAGES.typeInvalid));
    return { ok: false, issues };
  }
  const spec = RECORD_TYPE_FIELDS[type];

  let fqdn: string | null = null;
  const nameResult = typeof input.name === 'string' ? normalizeRecordName(input.name, ctx.zoneName) : { ok: false as const };
  if (nameResult.ok) fqdn = nameResult.fqdn;
  else issues.push(issue('name', DNS_CODES.NAME_INVALID, DNS_MESSAGES.nameInvalid));

  let content = '';
  let priority: number | undefined;
  let data: Record<string, unknown> | undefined;
  if (spec.data) {
    let raw: Record<string, unknown> | undefined;
    let parsedPriority: number | undefined;
    if (isObject(input.data)) raw = input.data;
    else if (input.data !== undefined && input.data !== null) issues.push(issue('data', DNS_CODES.DATA_INVALID, DNS_MESSAGES.wrongType('data', 'an object')));
    else if (typeof input.content === 'string') {
      const parsed = parseContent(type, input.content);
      if (parsed.ok) [raw, parsedPriority] = [parsed.data, parsed.priority];
      else issues.push(issue('content', DNS_CODES.CONTENT_INVALID, DNS_MESSAGES.contentInvalid(type)));
    } else {
      issues.push(issue('data', DNS_CODES.DATA_INVALID, DNS_MESSAGES.dataInvalid(type, type === 'SRV' ? 'target' : (spec.data[0]?.key ?? ''), 'is required')));
    }
    if (raw) {
      // SRV keeps its priority inside data; a top-level priority fills it in when data lacks one.
      if (type === 'SRV' && raw.priority === undefined) raw = { ...raw, priority: parsedPriority ?? input.priority };
      const checked = validateData(type, raw);
      issues.push(...checked.issues);
      data = checked.data;
      if (checked.issues.length === 0) content = formatContent(type, data);
      if (type === 'SRV' && typeof data.priority === 'number') priority = data.priority;
    }
    if (type === 'URI') {
      const p = checkPriority(type, parsedPriority ?? input.priority);
      issues.push(...p.issues);
      priority = p.priority;
    }
  } else {
    const c = checkTextContent(type, input.content, fqdn);
    issues.push(...c.issues);
    content = c.content;
    if (spec.priority) {
      const p = checkPriority(type, input.priority);
      issues.push(...p.issues);
      priority = p.priority;
    }
  }
  if (content.length > 4096) issues.push(issue('content', DNS_CODES.CONTENT_TOO_LONG, DNS_MESSAGES.tooLong));

  const proxiable = PROXIABLE_TYPES.includes(type) && (type === 'CNAME' || content === '' || !isNonPublicAddress(content));
  let proxied = false;
  if (input.proxied !== undefined && input.proxied !== null) {
    if (typeof input.proxied !== 'boolean') issues.push(issue('proxied', DNS_CODES.PROXIED_INVALID, DNS_MESSAGES.proxiedNotBoolean));
    else proxied = input.proxied;
  }
  if (proxied && !PROXIABLE_TYPES.includes(type)) issues.push(issue('proxied', DNS_CODES.NOT_PROXIABLE, DNS_MESSAGES.notProxiable));
  else if (proxied && !proxiable) issues.push(issue('proxied', DNS_CODES.PROXIED_INVALID, DNS_MESSAGES.proxiedTarget(content)));

  const minTtl = ctx.minTtl ?? 60;
  let ttl = AUTO_TTL;
  if (input.ttl !== undefined && input.ttl !== null) {
    const t = input.ttl;
    if (typeof t !== 'number' || !Number.isInteger(t) || (t !== AUTO_TTL && (t < minTtl || t > MAX_TTL))) {
      issues.push(issue('ttl', DNS_CODES.TTL_INVALID, DNS_MESSAGES.ttl(minTtl)));
    } else ttl = t;
  }
  if (proxied) ttl = AUTO_TTL;

  const settings = checkSettings(input.settings);
  const comment = checkComment(input.comment, ctx.maxCommentLength);
  const tags = checkTags(input.tags, ctx.tagQuota);
  issues.push(...settings.issues, ...comment.issues, ...tags.issues);

  if (issues.length === 0 && fqdn !== null && ctx.existing) {
    issues.push(...findConflicts({ name: fqdn, type, content, priority }, ctx.existing, ctx.selfId, ctx.zoneName));
  }
  if (issues.length > 0 || fqdn === null) return { ok: false, issues };
  const record: NormalizedRecord = {
    type, name: fqdn, content, ttl, proxied, proxiable, settings: settings.settings, comment: comment.comment, tags: tags.tags,
  };
  if (priority !== undefined) record.priority = priority;
  if (data) record.data = data as unknown as DnsRecordData;
  return { ok: true, record };
}

/** The input that PATCH semantics produce: the stored record with the given fields changed. */
export function mergeRecordPatch(existing: NormalizedRecord, patch: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = {
    type: existing.type, name: existing.name, content: existing.content, ttl: existing.ttl, proxied: existing.proxied,
    settings: existing.settings, comment: existing.comment, tags: existing.tags,
  };
  if (existing.priority !== undefined) base.priority = existing.priority;
  if (existing.data) base.data = existing.data;
  const merged = { ...base, ...patch };
  const typeChanged = patch.type !== undefined && patch.type !== existing.type;
  // New content replaces the structured data it was formatted from, and the other way round.
  if ((patch.content !== undefined && patch.data === undefined) || typeChanged) {
    if (patch.data === undefined) delete merged.data;
  }
  if (patch.data !== undefined && patch.content === undefined) delete merged.content;
  if (existing.type === 'SRV' && !typeChanged && patch.priority !== undefined && patch.data === undefined && isObject(merged.data)) {
    merged.data = { ...merged.data, priority: patch.priority };
  }
  return merged;
}

