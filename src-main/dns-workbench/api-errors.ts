import type { DnsFieldIssue } from '../../src-preload/contract/dns';
import { AbortError, ApiError, NetworkError, TimeoutError, type ApiErrorObject } from '../api';
import { AppError } from '../ipc/app-error';

/** The form field each of the service's DNS error codes is about. */
export const FIELD_BY_CODE: Readonly<Record<number, string>> = {
  9000: 'name',
  9003: 'proxied',
  9004: 'proxied',
  9041: 'proxied',
  9005: 'content',
  9006: 'content',
  9007: 'content',
  9015: 'content',
  9009: 'type',
  9021: 'ttl',
  9101: 'data',
  9102: 'priority',
  9110: 'comment',
  9111: 'tags',
  9300: 'tags',
  81053: 'name',
  81054: 'name',
  81057: 'content',
  81058: 'content',
  83011: 'content',
};

/** Wrapper codes whose detail lives in `error_chain`. */
const WRAPPERS = new Set([1004, 6003]);

function flatten(errors: readonly ApiErrorObject[]): ApiErrorObject[] {
  return errors.flatMap((e) => (e.error_chain?.length && WRAPPERS.has(e.code) ? flatten(e.error_chain) : [e, ...flatten(e.error_chain ?? [])]));
}

/** `/posts/3/data/port` → `data.port`; `/content` → `content`. */
function fieldFromPointer(pointer: string): string | null {
  const parts = pointer.split('/').filter(Boolean);
  if (['posts', 'puts', 'patches', 'deletes'].includes(parts[0] ?? '') && /^\d+$/.test(parts[1] ?? '')) parts.splice(0, 2);
  return parts.length > 0 ? parts.join('.') : null;
}

/**
 * Splits the service's errors into issues at form fields (by `source.pointer`, else by code,
 * looking inside `error_chain`) and messages that belong to no field.
 */
export function apiErrorsToFields(errors: readonly ApiErrorObject[]): { issues: DnsFieldIssue[]; general: string[] } {
  const issues: DnsFieldIssue[] = [];
  const general: string[] = [];
  for (const e of flatten(errors)) {
    const field = (e.source?.pointer ? fieldFromPointer(e.source.pointer) : null) ?? FIELD_BY_CODE[e.code] ?? null;
    if (field) issues.push({ field, code: e.code, message: e.message });
    else general.push(`${e.message} (${e.code})`);
  }
  return { issues, general };
}

/** Turns a failed API call into a user-facing AppError (field issues in `details.issues`). */
export function toDnsAppError(error: unknown): unknown {
  if (error instanceof ApiError) {
    const { issues, general } = apiErrorsToFields(error.errors);
    const message = [...issues.map((i) => i.message), ...general][0] ?? `The service answered HTTP ${error.status}.`;
    const code = error.hasCode(81044) || error.status === 404 ? 'NOT_FOUND' : error.status === 429 ? 'UNAVAILABLE' : 'API_ERROR';
    return new AppError(code, message, { status: error.status, codes: error.codes, issues, general });
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) return new AppError('NETWORK_ERROR', error.message);
  if (error instanceof AbortError) return new AppError('CANCELLED', error.message);
  return error;
}

/** Runs an API call and rethrows its failure as an AppError. */
export async function callApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toDnsAppError(error);
  }
}
