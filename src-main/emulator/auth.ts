import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from './clock';
import type { ApiErrorObject, EmulatorCredential } from './routing';

export interface EmulatorCredentials {
  email: string;
  apiKey: string;
  token: string;
}

export type AuthOutcome =
  | { ok: true; credential: EmulatorCredential; rateKey: string }
  | { ok: false; status: number; errors: ApiErrorObject[] };

const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** Fresh credentials in the service's formats: 40-char token, 37 lowercase-hex global key. */
export function generateCredentials(email = 'sandbox@zonedesk.invalid'): EmulatorCredentials {
  const bytes = randomBytes(40);
  const token = [...bytes].map((b) => TOKEN_CHARS[b % TOKEN_CHARS.length]).join('');
  return { email, apiKey: randomBytes(19).toString('hex').slice(0, 37), token };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const KEY = /^([0-9a-f]{37}|cfk_[A-Za-z0-9_-]{50})$/;
const BEARER = /^Bearer ([A-Za-z0-9_-]{40})$/;

const same = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

const headerFormat = (code: number, message: string): AuthOutcome => ({
  ok: false, status: 400, errors: [{ code: 6003, message: 'Invalid request headers', error_chain: [{ code, message }] }],
});

/**
 * Checks `Authorization: Bearer` or `X-Auth-Email` + `X-Auth-Key` with the service's codes:
 * 9106 missing, 9107 half a key pair, 6003 (+6102/6103/6111) malformed, 10000 / 9103 wrong.
 * A request carrying both schemes (as the SDK sends) passes when either one is right.
 */
export function authenticate(headers: IncomingHttpHeaders, creds: EmulatorCredentials): AuthOutcome {
  const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
  const authz = one(headers.authorization);
  const email = one(headers['x-auth-email']);
  const key = one(headers['x-auth-key']);
  if (authz === undefined && email === undefined && key === undefined) {
    return { ok: false, status: 400, errors: [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }] };
  }
  let failure: AuthOutcome | null = null;
  if (authz !== undefined) {
    const m = BEARER.exec(authz.trim());
    if (!m) failure = headerFormat(6111, 'Invalid format for Authorization header');
    else if (same(m[1] ?? '', creds.token)) return { ok: true, credential: { kind: 'token' }, rateKey: 'token' };
    else failure = { ok: false, status: 403, errors: [{ code: 10000, message: 'Authentication error' }] };
  }
  if (email !== undefined || key !== undefined) {
    let keyFailure: AuthOutcome;
    if (email === undefined) keyFailure = { ok: false, status: 400, errors: [{ code: 9107, message: 'Missing X-Auth-Email header' }] };
    else if (key === undefined) keyFailure = { ok: false, status: 400, errors: [{ code: 9107, message: 'Missing X-Auth-Key header' }] };
    else if (!EMAIL.test(email)) keyFailure = headerFormat(6102, 'Invalid format for X-Auth-Email header');
    else if (!KEY.test(key)) keyFailure = headerFormat(6103, 'Invalid format for X-Auth-Key header');
    else if (same(email.toLowerCase(), creds.email.toLowerCase()) && same(key, creds.apiKey)) {
      return { ok: true, credential: { kind: 'key', email }, rateKey: `key:${email.toLowerCase()}` };
    } else keyFailure = { ok: false, status: 403, errors: [{ code: 9103, message: 'Unknown X-Auth-Key or X-Auth-Email' }] };
    failure ??= keyFailure;
  }
  return failure ?? { ok: false, status: 400, errors: [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }] };
}

export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

export type RateDecision =
  | { ok: true; limit: number; remaining: number; resetMs: number }
  | { ok: false; limit: number; retryAfterSeconds: number; resetMs: number };

/** Fixed-window limiter per credential: past the limit, every call is refused until the window ends. */
export function createRateLimiter(limit: RateLimit, clock: Clock) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): RateDecision => {
    const now = clock();
    const windowMs = limit.windowSeconds * 1000;
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    const resetMs = w.start + windowMs;
    if (w.count > limit.requests) {
      return { ok: false, limit: limit.requests, retryAfterSeconds: Math.max(1, Math.ceil((resetMs - now) / 1000)), resetMs };
    }
    return { ok: true, limit: limit.requests, remaining: limit.requests - w.count, resetMs };
  };
}
