import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_PAYLOAD_BYTES } from '../../src-preload/contract';
import type { EventHub } from '../ipc/event-hub';
import type { Router } from '../ipc/router';
import { serveStaticFile } from './static-files';

/**
 * Browser mode: the same router the Electron shell uses, served on loopback so a browser (and
 * Playwright) drives the real UI against the real services. Every call needs the per-run
 * token; Host and Origin are checked so a web page cannot reach it by DNS rebinding.
 */

/** A transport-specific route (streamed uploads, downloads) mounted behind the same guards. */
export interface BridgeRoute {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Exact path or, ending in `/`, a prefix. */
  path: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

export interface HttpBridgeOptions {
  router: Router;
  events: EventHub;
  /** Built renderer (`out/renderer`); omitted → API only. */
  staticDir?: string;
  host?: string;
  port?: number;
  token?: string;
  routes?: BridgeRoute[];
  maxBodyBytes?: number;
}

export interface HttpBridge {
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const TOKEN_HEADER = 'x-zonedesk-token';

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } });
}

function tokensEqual(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function startHttpBridge(options: HttpBridgeOptions): Promise<HttpBridge> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  const maxBody = options.maxBodyBytes ?? MAX_PAYLOAD_BYTES;
  const sseClients = new Set<ServerResponse>();
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);

  const unsubscribe = options.events.subscribe((name, payload) => {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`;
    for (const client of sseClients) client.write(frame);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hosts = allowedHosts();
    // DNS-rebinding guard: a foreign name resolving to 127.0.0.1 carries its own Host header.
    if (!hosts.has(req.headers.host ?? '')) return sendError(res, 403, 'FORBIDDEN', 'Host not allowed.');
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts.has(origin.replace(/^http:\/\//, ''))) {
      return sendError(res, 403, 'FORBIDDEN', 'Origin not allowed.');
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const isApi = url.pathname.startsWith('/rpc/') || url.pathname === '/events' || options.routes?.some((r) => matches(r, url.pathname));

    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
      if (options.staticDir && (await serveStaticFile(options.staticDir, url.pathname, res))) return;
      return sendError(res, 404, 'NOT_FOUND', 'Not found.');
    }

    // Header for fetch calls; query parameter only where a browser cannot set headers (SSE, downloads).
    const given = (req.headers[TOKEN_HEADER] as string | undefined) ?? (req.method === 'GET' ? url.searchParams.get('token') : null);
    if (!tokensEqual(given, token)) return sendError(res, 401, 'UNAUTHORIZED', 'Missing or wrong bridge token.');

    if (url.pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      sseClients.add(res);
      req.on('close', () => sseClients.delete(res));
      return;
    }

    const route = options.routes?.find((r) => r.method === req.method && matches(r, url.pathname));
    if (route) return route.handle(req, res, url);

    if (req.method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST for calls.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Calls must be application/json.');
    }
    const body = await readBody(req, maxBody);
    if (body === 'too-large') {
      // Drain (and discard) before answering, so the client is not cut off mid-write and reads the 413.
      await drain(req);
      return sendError(res, 413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBody} bytes.`);
    }
    let envelope: unknown;
    try {
      envelope = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return sendError(res, 400, 'INVALID_ARGUMENT', 'Request body is not valid JSON.');
    }
    const args = typeof envelope === 'object' && envelope !== null ? (envelope as { args?: unknown }).args : undefined;
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) controller.abort();
    });
    let channel: string;
    try {
      channel = decodeURIComponent(url.pathname.slice('/rpc/'.length));
    } catch {
      return sendError(res, 400, 'UNKNOWN_CHANNEL', 'The channel name is not valid URL encoding.');
    }
    const result = await options.router.invoke(channel, args, {
      transport: 'http',
      signal: controller.signal,
    });
    sendJson(res, 200, result);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[zonedesk] bridge request failed:', error);
      if (!res.headersSent) sendError(res, 500, 'INTERNAL', 'Internal error.');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${host}:${port}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    port,
    token,
    async close() {
      unsubscribe();
      for (const client of sseClients) client.end();
      sseClients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads and drops the rest of a request body; a sender of absurd amounts is cut off. */
async function drain(req: IncomingMessage, cap = 256 * 1024 * 1024): Promise<void> {
  let seen = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > cap) {
      req.destroy();
      return;
    }
  }
}

function matches(route: BridgeRoute, pathname: string): boolean {
  return route.path.endsWith('/') ? pathname.startsWith(route.path) : pathname === route.path;
}
