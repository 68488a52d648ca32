import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, createRateLimiter, type EmulatorCredentials, type RateLimit } from './auth';
import type { Clock } from './clock';
import { ID_PATTERN, TOO_LARGE_CODE, couldNotRoute } from './failures';
import { ApiFailure, type ApiErrorObject, type Route, type RouteResult } from './routing';

export const BASE_PATH = '/client/v4';
/** JSON bodies above this are refused with 413. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Multipart bodies (zone files of at most 256 KiB plus form overhead). */
export const MAX_MULTIPART_BYTES = 256 * 1024 + 16 * 1024;
/** Bodies beyond this are not even drained: the connection is closed. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

interface CompiledRoute {
  route: Route;
  segments: string[];
  statics: number;
}

function compile(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const segments = route.path.split('/').filter(Boolean);
    return { route, segments, statics: segments.filter((s) => !s.startsWith(':')).length };
  });
}

/** Finds the route for a path: static segments beat parameters; reports a method mismatch. */
function match(compiled: CompiledRoute[], method: string, path: string): { route: Route; params: Record<string, string> } | 'no-route' | 'no-method' {
  const parts = path.split('/').filter(Boolean);
  let best: { c: CompiledRoute; params: Record<string, string> } | null = null;
  let pathMatched = false;
  for (const c of compiled) {
    if (c.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const seg = c.segments[i] ?? '';
      const part = parts[i] ?? '';
      if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(part);
      else ok = seg === part;
    }
    if (!ok) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    if (!best || c.statics > best.c.statics) best = { c, params };
  }
  if (best) return { route: best.c.route, params: best.params };
  return pathMatched ? 'no-method' : 'no-route';
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const failure = (errors: ApiErrorObject[]) => ({ result: null, success: false, errors, messages: [] });

function readBody(req: IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean; aborted: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      else chunks.push(c);
      if (size > MAX_DRAIN_BYTES) {
        resolve({ body: Buffer.alloc(0), tooLarge: true, aborted: true });
        req.destroy();
      }
    });
    req.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge, aborted: false }));
    req.on('error', () => resolve({ body: Buffer.alloc(0), tooLarge, aborted: true }));
  });
}

export interface HandlerDeps {
  routes: Route[];
  credentials: EmulatorCredentials;
  rateLimit: RateLimit;
  clock: Clock;
}

/** The emulator's request listener: body limits, auth, rate limit, routing and the envelope. */
export function createRequestListener(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const compiled = compile(deps.routes);
  const limiter = createRateLimiter(deps.rateLimit, deps.clock);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
    const isMultipart = contentType.startsWith('multipart/form-data');
    const { body: raw, tooLarge, aborted } = await readBody(req, isMultipart ? MAX_MULTIPART_BYTES : MAX_JSON_BYTES);
    if (aborted) {
      if (!res.headersSent && !res.destroyed) send(res, 413, failure([{ code: TOO_LARGE_CODE, message: 'Request body is too large.' }]), { connection: 'close' });
      return;
    }
    if (tooLarge) return send(res, 413, failure([{ code: TOO_LARGE_CODE, message: 'Request body is too large.' }]));

    const auth = authenticate(req.headers, deps.credentials);
    if (!auth.ok) return send(res, auth.status, failure(auth.errors));
    const rate = limiter(auth.rateKey);
    const rateHeaders: Record<string, string> = {
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.ok ? rate.remaining : 0),
      'x-ratelimit-reset': new Date(rate.resetMs).toUTCString(),
    };
    if (!rate.ok) {
      return send(res, 429, failure([{ code: 10100, message: `More than ${rate.limit} requests per ${deps.rateLimit.windowSeconds} seconds reached. Please wait and consider throttling your request speed` }]), {
        ...rateHeaders, 'retry-after': String(rate.retryAfterSeconds),
      });
    }

    if (!url.pathname.startsWith(`${BASE_PATH}/`)) return send(res, 404, failure([{ code: 7000, message: 'No route for that URI' }]), rateHeaders);
    const path = url.pathname.slice(BASE_PATH.length);
    let found: ReturnType<typeof match>;
    try {
      found = match(compiled, req.method ?? 'GET', path);
    } catch {
      return send(res, 400, failure(couldNotRoute(path).errors), rateHeaders);
    }
    if (found === 'no-route') return send(res, 404, failure([{ code: 7000, message: 'No route for that URI' }]), rateHeaders);
    if (found === 'no-method') return send(res, 405, failure([{ code: 7001, message: 'Method not allowed for this URI' }]), rateHeaders);
    if (found.params.zone_id !== undefined && !ID_PATTERN.test(found.params.zone_id)) {
      return send(res, 400, failure(couldNotRoute(path).errors), rateHeaders);
    }

    let body: unknown;
    if (raw.length > 0 && !isMultipart) {
      if (!/^application\/([a-z.+-]*\+)?json\b/.test(contentType)) {
        return send(res, 415, failure([{ code: 9207, message: 'Request body is invalid. Content-Type must be application/json.' }]), rateHeaders);
      }
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return send(res, 400, failure([{ code: 9207, message: 'Request body is invalid.' }]), rateHeaders);
      }
    }

    let out: RouteResult;
    try {
      out = await found.route.handler({
        method: req.method ?? 'GET', path, params: found.params, query: url.searchParams, headers: req.headers,
        body, rawBody: raw, credential: auth.credential,
      });
    } catch (e) {
      if (e instanceof ApiFailure) return send(res, e.status, failure(e.errors), rateHeaders);
      return send(res, 500, failure([{ code: 10001, message: `Internal error: ${e instanceof Error ? e.message : String(e)}` }]), rateHeaders);
    }
    if ('raw' in out) {
      res.writeHead(out.raw.status ?? 200, { 'content-type': out.raw.contentType, 'content-length': Buffer.byteLength(out.raw.body), ...rateHeaders });
      res.end(out.raw.body);
      return;
    }
    const envelope: Record<string, unknown> = { result: out.result, success: true, errors: [], messages: out.messages ?? [] };
    if (out.resultInfo) envelope.result_info = out.resultInfo;
    Object.assign(envelope, out.extra ?? {});
    send(res, 200, envelope, rateHeaders);
  };

  return (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, failure([{ code: 10001, message: `Internal error: ${e instanceof Error ? e.message : String(e)}` }]));
      else res.destroy();
    });
  };
}
