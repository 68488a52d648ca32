import { expect, test } from './fixtures';

test.describe('browser-mode bridge guards', () => {
  test('rejects a call without the token', async ({ request, server }) => {
    const response = await request.post(`${server.origin}/rpc/app.ping`, { data: { args: undefined } });
    expect(response.status()).toBe(401);
    expect((await response.json()).error.code).toBe('UNAUTHORIZED');
  });

  test('rejects a wrong token and a foreign Origin or Host', async ({ request, server }) => {
    const wrong = await request.post(`${server.origin}/rpc/app.ping`, { headers: { 'X-Zonedesk-Token': 'nope' }, data: {} });
    expect(wrong.status()).toBe(401);
    const foreignOrigin = await request.post(`${server.origin}/rpc/app.ping`, {
      headers: { 'X-Zonedesk-Token': server.token, Origin: 'http://evil.example' },
      data: {},
    });
    expect(foreignOrigin.status()).toBe(403);
    const foreignHost = await request.post(`${server.origin}/rpc/app.ping`, {
      headers: { 'X-Zonedesk-Token': server.token, Host: 'evil.example' },
      data: {},
    });
    expect(foreignHost.status()).toBe(403);
  });

  test('answers a good call, an unknown channel and bad arguments as values', async ({ request, server }) => {
    const headers = { 'X-Zonedesk-Token': server.token };
    const ok = await request.post(`${server.origin}/rpc/app.ping`, { headers, data: {} });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).value.pong).toBe(true);
    const unknown = await request.post(`${server.origin}/rpc/app.nope`, { headers, data: {} });
    expect((await unknown.json()).error.code).toBe('UNKNOWN_CHANNEL');
    const bad = await request.post(`${server.origin}/rpc/app.ping`, { headers, data: { args: { x: 1 } } });
    expect((await bad.json()).error.code).toBe('INVALID_ARGUMENT');
  });

  test('refuses an oversized body with 413', async ({ request, server }) => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const response = await request.post(`${server.origin}/rpc/app.ping`, {
      headers: { 'X-Zonedesk-Token': server.token, 'Content-Type': 'application/json' },
      data: JSON.stringify({ args: huge }),
    });
    expect(response.status()).toBe(413);
  });

  test('serves the page with a strict Content-Security-Policy', async ({ request, server }) => {
    const response = await request.get(`${server.origin}/`);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
