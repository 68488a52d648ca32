import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/vault/index';
import { createServices, type Services } from '../../../src-main/app';
import { startHttpBridge, type HttpBridge } from '../../../src-main/bridge/http-bridge';

describe('HTTP bridge', () => {
  let dir: string;
  let services: Services;
  let bridge: HttpBridge;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zonedesk-bridge-'));
    mkdirSync(join(dir, 'www'));
    writeFileSync(join(dir, 'www', 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'secret.txt'), 'outside the served folder');
    services = await createServices({ dataDir: join(dir, 'data'), mode: 'browser', version: '1.0.0', secrets: createMemorySecretStore() });
    bridge = await startHttpBridge({ router: services.router, events: services.events, staticDir: join(dir, 'www'), token: 'tok' });
  });
  afterAll(async () => {
    await bridge.close();
    await services.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on loopback only', () => {
    expect(bridge.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('requires the token on calls', async () => {
    const response = await fetch(`${bridge.origin}/rpc/app.ping`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it('refuses the token in the query string for POST calls', async () => {
    const response = await fetch(`${bridge.origin}/rpc/app.ping?token=tok`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it('answers with the router result', async () => {
    const response = await fetch(`${bridge.origin}/rpc/app.ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zonedesk-token': 'tok' },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ ok: true, value: { pong: true } });
  });

  it('rejects malformed JSON and the wrong content type as errors, not crashes', async () => {
    const headers = { 'x-zonedesk-token': 'tok' };
    const bad = await fetch(`${bridge.origin}/rpc/app.ping`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    const text = await fetch(`${bridge.origin}/rpc/app.ping`, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
  });

  it('answers foreign Host and Origin with 403, and oversized bodies with 413, as typed errors', async () => {
    const call = (headers: Record<string, string>, body = '{}') =>
      request(bridge.port, { method: 'POST', path: '/rpc/app.ping', headers: { 'content-type': 'application/json', 'x-zonedesk-token': 'tok', ...headers } }, body);
    // DNS rebinding: a foreign name resolving to 127.0.0.1 still carries its own Host header.
    expect(await call({ host: `evil.example:${bridge.port}` })).toMatchObject({ status: 403, body: { ok: false, error: { code: 'FORBIDDEN' } } });
    expect(await call({ origin: 'http://evil.example' })).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(await call({ origin: `https://127.0.0.1:${bridge.port}` })).toMatchObject({ status: 403 });
    expect(await call({ origin: bridge.origin })).toMatchObject({ status: 200, body: { ok: true } });
    const huge = JSON.stringify({ args: 'x'.repeat(5 * 1024 * 1024) });
    expect(await call({}, huge)).toMatchObject({ status: 413, body: { ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } } });
    // The bridge keeps serving afterwards.
    expect(await call({})).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('answers unknown or badly encoded channels as values', async () => {
    const headers = { 'content-type': 'application/json', 'x-zonedesk-token': 'tok' };
    const unknown = await fetch(`${bridge.origin}/rpc/app.nope`, { method: 'POST', headers, body: '{}' });
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const garbled = await fetch(`${bridge.origin}/rpc/app.%E0%A4%A`, { method: 'POST', headers, body: '{}' });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('serves static files with the CSP and never outside the root', async () => {
    const page = await fetch(`${bridge.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const escape = await fetch(`${bridge.origin}/%2e%2e%2fsecret.txt`);
    expect(escape.status).toBe(404);
  });

  it('streams push events over SSE to token holders', async () => {
    const controller = new AbortController();
    const response = await fetch(`${bridge.origin}/events?token=tok`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    await reader.read(); // ": connected"
    services.events.emit('app.status', { service: 'store', state: 'ready' });
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"service":"store"');
    controller.abort();
  });
});

/** A raw HTTP request (fetch cannot set Host or a foreign Origin freely). */
function request(port: number, options: { method: string; path: string; headers: Record<string, string> }, body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
