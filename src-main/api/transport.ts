import pLimit from 'p-limit';
import { authHeaders, type Credential } from './credential';
import { parseEnvelope, type Envelope } from './envelope';
import { AbortError, ApiError, NetworkError, TimeoutError } from './errors';
import { createNodeSend, fetchSend, type HttpResponse } from './node-http';

export interface TransportOptions {
  /** `…/client/v4`, without a trailing slash. */
  baseUrl: string;
  /** A WHATWG fetch to use instead of the built-in node:http transport (tests, proxies). */
  fetch?: typeof fetch;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 4. */
  maxRetries?: number;
  /** Requests in flight at once; default 6. */
  concurrency?: number;
  /** Injectable for tests: waits `ms`, rejecting when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable jitter source in [0, 1). */
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestSpec extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: URLSearchParams | Record<string, QueryValue>;
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  accept?: 'json' | 'text';
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 5 * 60_000;

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError());
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new AbortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in seconds or as an HTTP date → milliseconds (undefined when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const secs = Number(header);
  if (Number.isFinite(secs) && secs >= 0) return Math.min(secs * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** True for fetch failures where the request certainly never reached the server. */
function neverSent(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; cause?: { code?: string } } } | undefined)?.cause;
  const code = cause?.code ?? cause?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

function buildUrl(baseUrl: string, path: string, query: RequestSpec['query']): string {
  let qs = '';
  if (query instanceof URLSearchParams) qs = query.toString();
  else if (query) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) p.append(k, String(v));
    qs = p.toString();
  }
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The HTTP layer: auth headers per call, timeouts, cancellation, a concurrency limit and retries.
 * Retry policy: 429 and 503 (the service did not process the request) for every method; other 5xx,
 * timeouts and network errors only for idempotent methods (GET, PUT, DELETE) — a POST or PATCH that
 * may have reached the server is not replayed, except when the connection was refused outright.
 * Backoff: 500 ms · 2^attempt (capped at 8 s) with jitter, or exactly `Retry-After` when sent.
 */
export function createTransport(opts: TransportOptions) {
  const httpSend = opts.fetch ? fetchSend(opts.fetch) : createNodeSend();
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 4;
  const sleep = opts.sleep ?? defaultSleep;
  const random = opts.random ?? Math.random;
  const limit = pLimit(opts.concurrency ?? 6);
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');

  /** One attempt: returns the status, headers and body text, or throws Network/Timeout/AbortError. */
  async function attempt(cred: Credential, spec: RequestSpec): Promise<HttpResponse> {
    if (spec.signal?.aborted) throw new AbortError();
    const ms = spec.timeoutMs ?? timeoutMs;
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, ms);
    const onAbort = () => ctrl.abort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Record<string, string> = { ...authHeaders(cred), accept: spec.accept === 'text' ? 'text/plain' : 'application/json' };
    let body: string | FormData | undefined;
    if (spec.body instanceof FormData) body = spec.body;
    else if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    try {
      return await httpSend(buildUrl(baseUrl, spec.path, spec.query), { method: spec.method, headers, body, signal: ctrl.signal });
    } catch (err) {
      if (spec.signal?.aborted) throw new AbortError();
      if (timedOut) throw new TimeoutError(ms);
      throw new NetworkError(`Could not reach ${baseUrl}: ${(err as Error).message}`, { cause: (err as Error).cause ?? err });
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  function backoff(n: number): number {
    const base = Math.min(500 * 2 ** n, MAX_BACKOFF_MS);
    return Math.round(base / 2 + (random() * base) / 2);
  }

  /** Runs a request with retries; resolves with the raw response of the final attempt. */
  async function send(cred: Credential, spec: RequestSpec): Promise<HttpResponse> {
    const idempotent = IDEMPOTENT.has(spec.method);
    for (let n = 0; ; n++) {
      let wait: number | undefined;
      try {
        const res = await limit(() => attempt(cred, spec));
        const retryable = res.status === 429 || res.status === 503 || (res.status >= 500 && idempotent);
        if (!retryable || n >= maxRetries) return res;
        wait = retryAfterMs(res.header('retry-after')) ?? backoff(n);
      } catch (err) {
        if (err instanceof AbortError || n >= maxRetries) throw err;
        const retryable = idempotent || (err instanceof NetworkError && neverSent(err));
        if (!retryable) throw err;
        wait = backoff(n);
      }
      await sleep(wait, spec.signal);
    }
  }

  return {
    /** A JSON call: resolves with the parsed success envelope, throws ApiError otherwise. */
    async json(cred: Credential, spec: RequestSpec): Promise<Envelope> {
      const res = await send(cred, { ...spec, accept: 'json' });
      return parseEnvelope(res.status, res.text);
    },
    /** A text call (zone export): the body on 2xx, the envelope's ApiError otherwise. */
    async text(cred: Credential, spec: RequestSpec): Promise<string> {
      const res = await send(cred, { ...spec, accept: 'text' });
      if (res.status >= 200 && res.status < 300) return res.text;
      parseEnvelope(res.status, res.text);
      throw new ApiError(res.status, []);
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
