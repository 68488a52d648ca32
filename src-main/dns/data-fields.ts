import { DNS_CODES, DNS_MESSAGES, type RecordIssue } from './errors';
import { normalizeHostname } from './names';
import { RECORD_TYPE_FIELDS, type FieldSpec } from './record-fields';
import type { DnsRecordType } from './types';

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function checkField(f: FieldSpec, value: unknown): { value: unknown } | { why: string } {
  switch (f.kind) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { why: 'must be a number' };
      if (f.kind === 'integer' && !Number.isInteger(value)) return { why: 'must be an integer' };
      if ((f.min !== undefined && value < f.min) || (f.max !== undefined && value > f.max)) {
        return { why: `must be between ${f.min} and ${f.max}` };
      }
      return { value };
    }
    case 'enum': {
      const v = typeof value === 'string' ? value : '';
      const hit = f.options?.find((o) => o.toLowerCase() === v.toLowerCase());
      return hit ? { value: hit } : { why: `must be one of ${(f.options ?? []).join(', ')}` };
    }
    case 'hostname': {
      if (typeof value !== 'string') return { why: 'must be a host name' };
      const host = normalizeHostname(value, { allowRoot: f.allowRoot === true });
      return host === null ? { why: 'must be a valid host name' } : { value: host };
    }
    case 'hex':
      if (typeof value !== 'string' || !HEX.test(value.replace(/\s/g, ''))) return { why: 'must be hexadecimal' };
      return { value: value.replace(/\s/g, '').toLowerCase() };
    case 'base64':
      if (typeof value !== 'string' || !BASE64.test(value.replace(/\s/g, ''))) return { why: 'must be base64' };
      return { value: value.replace(/\s/g, '') };
    default: {
      if (typeof value !== 'string') return { why: 'must be a string' };
      if (/[\r\n]/.test(value)) return { why: 'must not contain line breaks' };
      if (f.required && value.length === 0) return { why: 'must not be empty' };
      return { value };
    }
  }
}

/**
 * Checks and normalises the `data` object of a data-carrying type against RECORD_TYPE_FIELDS
 * (ranges, enums, host names); unknown keys are dropped, optional fields get their defaults.
 */
export function validateData(type: DnsRecordType, raw: Record<string, unknown>): { data: Record<string, unknown>; issues: RecordIssue[] } {
  const fields = RECORD_TYPE_FIELDS[type].data ?? [];
  const data: Record<string, unknown> = {};
  const issues: RecordIssue[] = [];
  for (const f of fields) {
    const value = raw[f.key];
    if (value === undefined || value === null) {
      if (f.required) {
        issues.push({ field: `data.${f.key}`, code: DNS_CODES.DATA_INVALID, message: DNS_MESSAGES.dataInvalid(type, f.key, 'is required') });
      } else if (f.default !== undefined) {
        data[f.key] = f.default;
      }
      continue;
    }
    const r = checkField(f, value);
    if ('why' in r) {
      issues.push({ field: `data.${f.key}`, code: DNS_CODES.DATA_INVALID, message: DNS_MESSAGES.dataInvalid(type, f.key, r.why) });
    } else {
      data[f.key] = r.value;
    }
  }
  if (type === 'CAA' && data.tag === 'iodef' && typeof data.value === 'string' && !/^(mailto:|https?:)/i.test(data.value)) {
    issues.push({ field: 'data.value', code: DNS_CODES.DATA_INVALID, message: DNS_MESSAGES.dataInvalid(type, 'value', 'an iodef value must be a mailto: or http(s): URL') });
  }
  return { data, issues };
}
