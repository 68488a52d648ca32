import { formatTtl, type DnsFieldIssue, type DnsRecordType, type DnsRow, type FieldSpec, type RecordTypeSpec } from '../../../../../src-preload/contract/dns';

export type TypeSpecs = Record<DnsRecordType, RecordTypeSpec>;

/** What the form edits: every value as the user typed it (strings), converted on the way out. */
export interface FormValues {
  type: DnsRecordType;
  name: string;
  content: string;
  priority: string;
  data: Record<string, string>;
  proxied: boolean;
  /** 1 = Auto. */
  ttl: number;
  comment: string;
  /** Comma-separated `name` or `name:value`. */
  tags: string;
}

export const PROXIABLE: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME'];
export const AUTO_TTL = 1;
export const AUTO_TTL_SECONDS = 300;
/** Common types first in the type picker; the rest follow alphabetically. */
export const COMMON_TYPES: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'];

/** Types a user can create, common ones first. */
export function creatableTypes(specs: TypeSpecs): DnsRecordType[] {
  const rest = (Object.keys(specs) as DnsRecordType[]).filter((t) => specs[t].creatable && !COMMON_TYPES.includes(t)).sort();
  return [...COMMON_TYPES.filter((t) => specs[t]?.creatable), ...rest];
}

function dataDefaults(spec: RecordTypeSpec): Record<string, string> {
  return Object.fromEntries((spec.data ?? []).map((f) => [f.key, f.default === undefined ? '' : String(f.default)]));
}

/** A blank form for a new record of `type`. */
export function emptyForm(type: DnsRecordType, specs: TypeSpecs): FormValues {
  return { type, name: '', content: '', priority: specs[type].priority ? '10' : '', data: dataDefaults(specs[type]), proxied: false, ttl: AUTO_TTL, comment: '', tags: '' };
}

/** The form for editing `row`: relative name, data fields as text. */
export function formFromRecord(row: DnsRow, zoneName: string, specs: TypeSpecs): FormValues {
  const spec = specs[row.type];
  const data = dataDefaults(spec);
  const raw = (row.data ?? {}) as unknown as Record<string, unknown>;
  for (const f of spec.data ?? []) if (raw[f.key] !== undefined) data[f.key] = String(raw[f.key]);
  return {
    type: row.type,
    name: relativeName(row.name, zoneName),
    content: spec.data ? '' : row.content,
    priority: row.priority === undefined ? '' : String(row.priority),
    data,
    proxied: row.proxied,
    ttl: row.ttl,
    comment: row.comment ?? '',
    tags: row.tags.join(', '),
  };
}

/** `www.example.com` → `www`; the apex → `@`. */
export function relativeName(fqdn: string, zoneName: string): string {
  if (fqdn === zoneName) return '@';
  return fqdn.endsWith(`.${zoneName}`) ? fqdn.slice(0, -(zoneName.length + 1)) : fqdn;
}

/** Switching type keeps name, TTL, proxy status, comment and tags; the old type's fields go. */
export function changeType(values: FormValues, type: DnsRecordType, specs: TypeSpecs): FormValues {
  const next = emptyForm(type, specs);
  const keepContent = !specs[type].data && !specs[values.type].data && specs[type].content?.kind === specs[values.type].content?.kind;
  return {
    ...next,
    name: values.name,
    content: keepContent ? values.content : '',
    ttl: values.ttl,
    // Kept even where it is not allowed: validation then says so at the proxy switch.
    proxied: values.proxied,
    comment: values.comment,
    tags: values.tags,
  };
}

function numberOrText(text: string, field: FieldSpec): unknown {
  const t = text.trim();
  if (field.kind !== 'integer' && field.kind !== 'number') return text;
  if (t === '') return undefined;
  // Unparsable numbers go through as text so the rules module reports the field.
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** The API body of the form: numbers for numeric fields, `data` for structured types, no stray fields. */
export function formToInput(values: FormValues, specs: TypeSpecs): Record<string, unknown> {
  const spec = specs[values.type];
  const input: Record<string, unknown> = { type: values.type, name: values.name.trim() };
  if (spec.data) {
    const data: Record<string, unknown> = {};
    for (const f of spec.data) {
      const v = numberOrText(values.data[f.key] ?? '', f);
      // An empty number is left out: the rules module names the missing field (or applies its default).
      if (v !== undefined) data[f.key] = v;
    }
    input.data = data;
  } else {
    input.content = values.type === 'TXT' ? values.content : values.content.trim();
  }
  if (spec.priority) {
    const p = values.priority.trim();
    input.priority = /^\d+$/.test(p) ? Number(p) : p === '' ? undefined : p;
  }
  if (PROXIABLE.includes(values.type) || values.proxied) input.proxied = values.proxied;
  input.ttl = values.proxied ? AUTO_TTL : values.ttl;
  input.comment = values.comment.trim() === '' ? null : values.comment;
  input.tags = values.tags.split(',').map((t) => t.trim()).filter(Boolean);
  return input;
}

/** First message per field; `data.x` issues stay on their data field, a bare `data` issue on the form. */
export function issuesByField(...lists: readonly DnsFieldIssue[][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const list of lists) for (const i of list) out[i.field || 'form'] ??= i.message;
  return out;
}

/** Field issues a failed save carried in its error details (the service's errors, mapped in main). */
export function issuesFromDetails(details: unknown): DnsFieldIssue[] {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is DnsFieldIssue => typeof i === 'object' && i !== null && typeof (i as DnsFieldIssue).field === 'string' && typeof (i as DnsFieldIssue).message === 'string');
}

/** TTL choices; the record's own value joins them when it is not a preset. */
export function ttlOptions(current: number): { value: number; label: string }[] {
  const presets = [1, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18000, 43200, 86400];
  const values = presets.includes(current) ? presets : [...presets, current].sort((a, b) => a - b);
  return values.map((value) => ({ value, label: value === 1 ? 'Auto' : formatTtl(value) }));
}

/** The TTL column: proxied records always read "Auto". */
export function ttlLabel(row: Pick<DnsRow, 'proxied' | 'ttl'>): string {
  return row.proxied ? 'Auto' : formatTtl(row.ttl);
}
