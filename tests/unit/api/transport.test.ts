import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, ApiError, NetworkError, TimeoutError, createApiClient, retryAfterMs, type Credential } from '../../../src-main/api';
import type { MigrationClient } from '../../../src-main/migration';

type Step = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number; destroy?: boolean };
let script: Step[] = [];
let seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let baseUrl: string;

const ok = (result: unknown, extra: Record<string, unknown> = {}): Step => ({ status: 200, body: { success: true, errors: [], messages: [], result, ...extra } });
const fail = (status: number, code: number, message: string, extra: Partial<Step> = {}): Step => ({
  status, body: { success: false, errors: [{ code, message }], messages: [], result: null }, ...extra,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const step = script.shift() ?? fail(500, 0, 'script exhausted');
      if (step.destroy) return req.socket.destroy();
      setTimeout(() => {
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        res.end(typeof step.body === 'string' ? step.body : JSON.stringify(step.body));
      }, step.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});
afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
beforeEach(() => { script = []; seen = []; });

const token: Credential = { kind: 'token', token: 'a'.repeat(40) };
const key: Credential = { kind: 'key', email: 'admin@example.test', apiKey: 'b'.repeat(37) };
function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const sleeps: number[] = [];
  const c = createApiClient({ baseUrl, sleep: async (ms) => { sleeps.push(ms); }, random: () => 0.5, ...extra });
  return { c, sleeps };
}

describe('transport', () => {
  it('sends the credential of the call (Bearer or email + key) and parses the envelope', async () => {
    const { c } = client();
    script = [ok({ id: 'z1', name: 'a.test' }), ok({ id: 'z1', name: 'a.test' })];
    await expect(c.withCredential(token).getZone('z1')).resolves.toMatchObject({ name: 'a.test' });
    await c.withCredential(key).getZone('z1');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${'a'.repeat(40)}`);
    expect(seen[0]!.headers['x-auth-key']).toBeUndefined();
    expect([seen[1]!.headers['x-auth-email'], seen[1]!.headers['x-auth-key'], seen[1]!.headers.authorization]).toEqual(['admin@example.test', 'b'.repeat(37), undefined]);
  });

  it('retries 429 honouring Retry-After, then 503, then succeeds', async () => {
    const { c, sleeps } = client();
    script = [fail(429, 10100, 'More than 1200 requests per 300 seconds reached.', { headers: { 'retry-after': '1' } }), fail(503, 0, 'unavailable'), ok({ id: 'z' })];
    await expect(c.withCredential(token).getZone('z')).resolves.toEqual({ id: 'z' });
    expect(seen).toHaveLength(3);
    expect(sleeps[0]).toBe(1000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(250); // backoff with jitter, not Retry-After
    expect(sleeps[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up after maxRetries with the last ApiError', async () => {
    const { c } = client({ maxRetries: 2 });
    script = [fail(503, 1, 'a'), fail(503, 2, 'b'), fail(503, 3, 'c'), ok({})];
    const err = await c.withCredential(token).getZone('z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).code]).toEqual([503, 3]);
    expect(seen).toHaveLength(3);
  });

  it('does not replay a POST after a 500 or a dropped connection, but does a GET', async () => {
    const { c } = client();
    script = [fail(500, 0, 'boom')];
    await expect(c.withCredential(token).createRecord('z', { type: 'A', name: 'a', content: '192.0.2.1' })).rejects.toMatchObject({ status: 500 });
    script = [{ status: 0, destroy: true }];
    await expect(c.withCredential(token).createRecord('z', { type: 'A', name: 'a', content: '192.0.2.1' })).rejects.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(2);
    script = [{ status: 0, destroy: true }, ok({ id: 'z' })];
    await expect(c.withCredential(token).getZone('z')).resolves.toEqual({ id: 'z' });
    expect(seen).toHaveLength(4);
  });

  it('retries even a POST when the connection was refused (it never reached the server)', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const sleeps: number[] = [];
    const c = createApiClient({ baseUrl: `http://127.0.0.1:${port}/client/v4`, maxRetries: 2, sleep: async (ms) => { sleeps.push(ms); } });
    await expect(c.withCredential(token).createRecord('z', { type: 'A', name: 'a', content: '192.0.2.1' })).rejects.toBeInstanceOf(NetworkError);
    expect(sleeps).toHaveLength(2);
  });

  it('times out an attempt', async () => {
    const { c } = client({ timeoutMs: 50, maxRetries: 0 });
    script = [{ ...ok({}), delayMs: 500 }];
    await expect(c.withCredential(token).getZone('z')).rejects.toBeInstanceOf(TimeoutError);
  });

  it('cancels through an AbortSignal, also during a backoff wait', async () => {
    const { c } = client({ sleep: undefined });
    const ctrl = new AbortController();
    script = [{ ...ok({}), delayMs: 500 }];
    const p = c.withCredential(token).getZone('z', { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 30);
    await expect(p).rejects.toBeInstanceOf(AbortError);
    const ctrl2 = new AbortController();
    script = [fail(429, 10100, 'slow down', { headers: { 'retry-after': '30' } })];
    const p2 = c.withCredential(token).getZone('z', { signal: ctrl2.signal });
    setTimeout(() => ctrl2.abort(), 50);
    await expect(p2).rejects.toBeInstanceOf(AbortError);
  });

  it('turns envelope errors into ApiError, searching error_chain', async () => {
    const { c } = client();
    script = [{ status: 400, body: { success: false, result: null, messages: [], errors: [{ code: 1004, message: 'DNS Validation Error', error_chain: [{ code: 9021, message: 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.' }] }] } }];
    const err = (await c.withCredential(token).createRecord('z', { type: 'A', name: 'a', content: '1.2.3.4', ttl: 5 }).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.hasCode(9021), err.hasCode(1), err.detail]).toEqual([400, 1004, true, false, 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.']);
  });

  it.each<[string, Step]>([
    ['HTML body', { status: 502, body: '<html>bad gateway</html>' }],
    ['200 with success false', { status: 200, body: { success: false, errors: [{ code: 7, message: 'x' }], messages: [], result: null } }],
    ['JSON without envelope', { status: 200, body: { hello: 'world' } }],
  ])('rejects a malformed response: %s', async (_n, step) => {
    const { c } = client({ maxRetries: 0 });
    script = [step];
    await expect(c.withCredential(token).getZone('z')).rejects.toBeInstanceOf(ApiError);
  });

  it('limits concurrency', async () => {
    let inFlight = 0;
    let peak = 0;
    const f: typeof fetch = async (...args) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return new Response(JSON.stringify({ success: true, errors: [], messages: [], result: { id: String(args[0]) } }));
    };
    const cc = createApiClient({ baseUrl, fetch: f, concurrency: 2 }).withCredential(token);
    await Promise.all(Array.from({ length: 6 }, (_, i) => cc.getZone(`z${i}`)));
    expect(peak).toBe(2);
  });

  it('iterates pages until total_pages and serialises filters', async () => {
    const { c } = client();
    const info = (page: number) => ({ page, per_page: 2, count: 2, total_count: 4, total_pages: 2 });
    script = [ok([{ id: 1 }, { id: 2 }], { result_info: info(1) }), ok([{ id: 3 }, { id: 4 }], { result_info: info(2) })];
    const all = await c.withCredential(token).listAllRecords('z', { per_page: 2, name: { contains: 'www' }, tag: { present: ['env'], exact: ['team:ops'] }, proxied: true });
    expect(all.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(seen[1]!.url).toBe('/client/v4/zones/z/dns_records?name.contains=www&tag=env&tag.exact=team%3Aops&proxied=true&page=2&per_page=2');
  });

  it('the scoped client satisfies the migration workflow interface', () => {
    const scoped: MigrationClient = client().c.withCredential(token);
    expect(typeof scoped.checkCompatibility).toBe('function');
  });
});

describe('retryAfterMs', () => {
  it.each<[string | null, number | undefined]>([
    ['1', 1000], ['0', 0], ['2.5', 2500], [null, undefined], ['', undefined], ['soon', undefined],
    ['Thu, 01 Jan 1970 00:00:10 GMT', 10_000], ['99999', 300_000],
  ])('%s → %s', (h, ms) => expect(retryAfterMs(h, 0)).toBe(ms));
});
