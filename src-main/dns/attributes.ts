import { DNS_CODES, DNS_MESSAGES, type RecordIssue } from './errors';

export const DEFAULT_MAX_COMMENT_LENGTH = 500;
const TAG_NAME = /^[A-Za-z0-9_-]+$/;

/** Normalises a record comment: absent or empty → null; refuses line breaks and over-long text. */
export function checkComment(value: unknown, maxLength = DEFAULT_MAX_COMMENT_LENGTH): { comment: string | null; issues: RecordIssue[] } {
  const bad = (why: string) => ({ comment: null, issues: [{ field: 'comment', code: DNS_CODES.COMMENT_INVALID, message: DNS_MESSAGES.commentInvalid(why) }] });
  if (value === undefined || value === null || value === '') return { comment: null, issues: [] };
  if (typeof value !== 'string') return bad('must be a string');
  if (/[\r\n]/.test(value)) return bad('must not contain line breaks');
  if (value.length > maxLength) return bad(`must be at most ${maxLength} characters`);
  return { comment: value, issues: [] };
}

/** Splits a `name:value` tag; the name is case-insensitive and kept lower-case. */
export function splitTag(tag: string): { name: string; value: string | null } {
  const i = tag.indexOf(':');
  return i < 0 ? { name: tag.toLowerCase(), value: null } : { name: tag.slice(0, i).toLowerCase(), value: tag.slice(i + 1) };
}

/** Normalises record tags (`name` or `name:value`; names `[A-Za-z0-9_-]`), dropping exact duplicates. */
export function checkTags(value: unknown, quota?: number): { tags: string[]; issues: RecordIssue[] } {
  if (value === undefined || value === null) return { tags: [], issues: [] };
  if (!Array.isArray(value)) {
    return { tags: [], issues: [{ field: 'tags', code: DNS_CODES.TAG_INVALID, message: DNS_MESSAGES.wrongType('tags', 'an array of strings') }] };
  }
  const tags: string[] = [];
  const issues: RecordIssue[] = [];
  value.forEach((t: unknown, i) => {
    const field = `tags.${i}`;
    if (typeof t !== 'string') {
      issues.push({ field, code: DNS_CODES.TAG_INVALID, message: DNS_MESSAGES.tagInvalid(String(t), 'must be a string') });
      return;
    }
    const { name, value: v } = splitTag(t);
    if (!TAG_NAME.test(name)) {
      issues.push({ field, code: DNS_CODES.TAG_INVALID, message: DNS_MESSAGES.tagInvalid(t, 'the name may hold only letters, digits, - and _') });
    } else if (v !== null && /[\r\n]/.test(v)) {
      issues.push({ field, code: DNS_CODES.TAG_INVALID, message: DNS_MESSAGES.tagInvalid(t, 'the value must not contain line breaks') });
    } else {
      const norm = v === null ? name : `${name}:${v}`;
      if (!tags.includes(norm)) tags.push(norm);
    }
  });
  if (quota !== undefined && tags.length > quota) {
    issues.push({ field: 'tags', code: DNS_CODES.TAG_QUOTA, message: DNS_MESSAGES.tagQuota(tags.length, quota) });
  }
  return { tags, issues };
}
