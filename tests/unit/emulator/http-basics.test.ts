import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, start, zoneId, ZONE, type Emulator } from './harness';

let emu: Emulator;
beforeAll(async () => {
  emu = await start({ rateLimit: { requests: 1000, windowSeconds: 300 } });
});
afterAll(() => emu.stop());

describe('authentication', () => {
  it('generates credentials in the service formats and listens on loopback', () => {
    expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    expect(emu.credentials.token).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(emu.credentials.apiKey).toMatch(/^[0-9a-f]{37}$/);
  });
  it.each([
    ['bearer token', { authorization: 'Bearer TOKEN' }, 200, undefined],
    ['key + email', { 'x-auth-email': 'EMAIL', 'x-auth-key': 'KEY' }, 200, undefined],
    ['both schemes (as the SDK sends)', { authorization: 'Bearer TOKEN', 'x-auth-email': 'EMAIL', 'x-auth-key': 'KEY' }, 200, undefined],
    ['no credentials', {}, 400, 9106],
    ['token sent as X-Auth-Key', { 'x-auth-email': 'EMAIL', 'x-auth-key': 'TOKEN' }, 400, 6003],
    ['malformed Authorization', { authorization: 'Bearer has spaces in it' }, 400, 6003],
    ['malformed email', { 'x-auth-email': 'nobody', 'x-auth-key': 'KEY' }, 400, 6003],
    ['email without key', { 'x-auth-email': 'EMAIL' }, 400, 9107],
    ['wrong token', { authorization: `Bearer ${'x'.repeat(40)}` }, 403, 10000],
    ['wrong key', { 'x-auth-email': 'EMAIL', 'x-auth-key': 'a'.repeat(37) }, 403, 9103],
  ])('%s → %i', async (_label, template, status, code) => {
    const headers = Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, v.replace('TOKEN', emu.credentials.token).replace('EMAIL', emu.credentials.email).replace('KEY', emu.credentials.apiKey)]),
    );
    const r = await call(emu, 'GET', '/zones', { auth: 'none', headers });
    expect(r.status).toBe(status);
    expect(r.json.success).toBe(status === 200);
    if (code !== undefined) expect(r.json.errors[0]?.code).toBe(code);
    if (code === 6003) expect(r.json.errors[0]?.error_chain?.[0]?.code).toBeGreaterThan(6100);
  });
});

describe('bad requests never crash the server', () => {
  let zone: string;
  beforeAll(async () => {
    zone = await zoneId(emu, ZONE.pro);
  });
  it('malformed JSON → 400 9207', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`, { raw: '{"type":', headers: { 'content-type': 'application/json' } });
    expect([r.status, r.json.errors[0]?.code, r.json.success, r.json.result]).toEqual([400, 9207, false, null]);
  });
  it('wrong content type → 415', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`, { raw: 'type=A', headers: { 'content-type': 'text/plain' } });
    expect([r.status, r.json.success]).toEqual([415, false]);
  });
  it('no body → 400', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`);
    expect([r.status, r.json.errors[0]?.code]).toEqual([400, 9207]);
  });
  it('a body over 1 MiB → 413', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`, { body: { type: 'TXT', name: 'x', content: 'a'.repeat(1_100_000) } });
    expect([r.status, r.json.success]).toEqual([413, false]);
  });
  it('wrong types and unknown fields → 400 with the field named', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`, { body: { type: 'A', name: 'x', content: '192.0.2.1', ttl: '60', extra: 1 } });
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e) => [e.code, e.source?.pointer])).toEqual([[9207, '/extra'], [9021, '/ttl']]);
  });
  it('JSON that is not an object → 400', async () => {
    const r = await call(emu, 'POST', `/zones/${zone}/dns_records`, { body: [1, 2] });
    expect([r.status, r.json.errors[0]?.code]).toEqual([400, 9207]);
  });
  it('unknown route → 404 7000; malformed zone id → 400 7003 + 7000; unknown zone → 404', async () => {
    expect((await call(emu, 'GET', '/nothing/here')).json.errors[0]?.code).toBe(7000);
    const bad = await call(emu, 'GET', '/zones/not-an-id/dns_records');
    expect([bad.status, ...bad.json.errors.map((e) => e.code)]).toEqual([400, 7003, 7000]);
    const unknown = await call(emu, 'GET', `/zones/${'0'.repeat(32)}/dns_records`);
    expect([unknown.status, unknown.json.success]).toEqual([404, false]);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and code 10100 past the limit, per credential', async () => {
    const small = await start({ seed: false, rateLimit: { requests: 3, windowSeconds: 60 } });
    try {
      for (let i = 0; i < 3; i++) expect((await call(small, 'GET', '/zones')).status).toBe(200);
      const r = await call(small, 'GET', '/zones');
      expect(r.status).toBe(429);
      expect(r.json.errors[0]?.code).toBe(10100);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      // the key pair is another credential with its own budget
      expect((await call(small, 'GET', '/zones', { auth: 'key' })).status).toBe(200);
    } finally {
      await small.stop();
    }
  });
  it('the window resets with the injected clock', async () => {
    let now = 1_700_000_000_000;
    const small = await start({ seed: false, rateLimit: { requests: 1, windowSeconds: 10 }, clock: () => now });
    try {
      expect((await call(small, 'GET', '/zones')).status).toBe(200);
      const r = await call(small, 'GET', '/zones');
      expect([r.status, r.headers.get('retry-after')]).toEqual([429, '10']);
      now += 10_000;
      expect((await call(small, 'GET', '/zones')).status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});
