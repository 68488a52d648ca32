import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountProfile, ConnectionTestResult, KeychainStatus } from '../../../src-preload/contract/accounts';
import { createApiClient } from '../../../src-main/api/index';
import { startServiceEmulator } from '../../../src-main/emulator/index';
import { openHarness, type Harness } from './harness';

const CREDS = { email: 'admin@globex.example', apiKey: 'a'.repeat(37), token: 'Tok3n_for-the-second-emulator-000000000'.padEnd(40, 'x') };
const BAD_TOKEN = 'B'.repeat(40);
const BAD_KEY = 'b'.repeat(37);
const SECRETS = [CREDS.apiKey, CREDS.token, BAD_TOKEN, BAD_KEY];

let second: Awaited<ReturnType<typeof startServiceEmulator>>;
let h: Harness;
let logged: string[];

beforeAll(async () => {
  second = await startServiceEmulator({ credentials: CREDS });
});
afterAll(async () => {
  await second.stop();
});

beforeEach(async () => {
  logged = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
  }
  h = await openHarness();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

afterEach(async () => {
  // Secrets used by the test plus the sandbox's own: none may appear in a response, a log line or a file.
  const sandboxSecrets = [await h.store.get('local-sandbox'), await h.store.get('local-sandbox:api-key')].filter((s): s is string => !!s);
  const all = [...SECRETS, ...sandboxSecrets];
  expect(sandboxSecrets.length).toBeGreaterThan(0);
  const responses = JSON.stringify(h.responses);
  const events = JSON.stringify(h.events);
  await h.service.dispose();
  h.db.close();
  const bytes = filesUnder(h.dataDir).map((f) => readFileSync(f).toString('latin1'));
  for (const secret of all) {
    expect(responses.includes(secret), 'secret in a channel response').toBe(false);
    expect(events.includes(secret), 'secret in an event').toBe(false);
    expect(logged.some((line) => line.includes(secret)), 'secret in a console line').toBe(false);
    expect(bytes.some((b) => b.includes(secret)), 'secret in a file under the data dir').toBe(false);
  }
  vi.restoreAllMocks();
  const { rmSync } = await import('node:fs');
  rmSync(h.dataDir, { recursive: true, force: true });
});

const addToken = (secret = CREDS.token, name = 'Globex') =>
  h.ok<AccountProfile>('accounts.add', { name, baseUrl: second.baseUrl, credential: { kind: 'token', secret } });
const addKey = (secret = CREDS.apiKey, email = CREDS.email) =>
  h.ok<AccountProfile>('accounts.add', { name: 'Globex key', baseUrl: second.baseUrl, credential: { kind: 'key', email, secret } });

describe('first start', () => {
  it('has the Local sandbox, active, with a working credential and seeded zones', async () => {
    const list = await h.ok<AccountProfile[]>('accounts.list');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'local-sandbox', name: 'Local sandbox', isSandbox: true, isActive: true, hasSecret: true, secretScope: 'session', kind: 'token' });
    expect(list[0]?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    expect(await h.ok('accounts.active')).toMatchObject({ id: 'local-sandbox' });
    expect(await h.ok<ConnectionTestResult>('accounts.testConnection', { id: 'local-sandbox' })).toMatchObject({ ok: true });
    const conn = await h.service.activeConnection();
    expect(conn).toMatchObject({ profileId: 'local-sandbox', isSandbox: true, credential: { kind: 'token' } });
    const zones = await createApiClient({ baseUrl: conn.baseUrl }).withCredential(conn.credential).listZones();
    expect(zones.items.map((z) => z.name)).toEqual(expect.arrayContaining(['acme-shop.example', 'globex.example', 'initech.example']));
    expect(await h.ok<KeychainStatus>('accounts.keychainStatus')).toMatchObject({ available: true });
  });

  it('reuses the sandbox credentials on a later start', async () => {
    const token = await h.store.get('local-sandbox');
    await h.restart();
    expect(await h.store.get('local-sandbox')).toBe(token);
    expect(await h.ok('accounts.testConnection', { id: 'local-sandbox' })).toMatchObject({ ok: true });
  });
});

describe('accounts.add / hasSecret / testConnection', () => {
  it('saves a token account: secret in the store, profile without it', async () => {
    const p = await addToken();
    expect(p).toMatchObject({ name: 'Globex', kind: 'token', email: null, hasSecret: true, isActive: false, isSandbox: false });
    expect(await h.store.get(p.id)).toBe(CREDS.token);
    expect(await h.ok('accounts.hasSecret', { id: p.id })).toBe(true);
    expect(await h.ok('accounts.testConnection', { id: p.id })).toMatchObject({ ok: true });
    expect(h.events.some((e) => e.name === 'accounts.changed' && (e.payload as { reason: string }).reason === 'added')).toBe(true);
  });

  it('reports a bad token and a bad key as auth failures with the service codes', async () => {
    const t = await addToken(BAD_TOKEN);
    expect(await h.ok('accounts.testConnection', { id: t.id })).toMatchObject({ ok: false, failure: 'auth', status: 403, codes: [10000] });
    const k = await addKey(BAD_KEY);
    const r = await h.ok<ConnectionTestResult>('accounts.testConnection', { id: k.id });
    expect(r).toMatchObject({ ok: false, failure: 'auth', status: 403, codes: [9103] });
    expect(r.message).toContain('Unknown X-Auth-Key or X-Auth-Email');
  });

  it('tests an email + key account and a draft before saving', async () => {
    const k = await addKey();
    expect(k).toMatchObject({ kind: 'key', email: CREDS.email });
    expect(await h.ok('accounts.testConnection', { id: k.id })).toMatchObject({ ok: true });
    const draft = { baseUrl: second.baseUrl, credential: { kind: 'key', email: CREDS.email, secret: CREDS.apiKey } };
    expect(await h.ok('accounts.testConnection', { draft })).toMatchObject({ ok: true });
    const wrong = { baseUrl: second.baseUrl, credential: { kind: 'token', secret: BAD_TOKEN } };
    expect(await h.ok('accounts.testConnection', { draft: wrong })).toMatchObject({ ok: false, failure: 'auth' });
  });

  it('rejects invalid input field by field', async () => {
    const bad = async (args: unknown) => {
      const r = await h.call('accounts.add', args);
      if (r.ok) throw new Error('accepted');
      return { code: r.error.code, paths: (r.error.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path) };
    };
    const cred = { kind: 'token', secret: CREDS.token };
    expect(await bad({ name: 'x', baseUrl: 'http://api.example.com/client/v4', credential: cred })).toEqual({ code: 'INVALID_ARGUMENT', paths: ['baseUrl'] });
    expect(await bad({ name: ' ', baseUrl: second.baseUrl, credential: cred })).toMatchObject({ paths: ['name'] });
    expect(await bad({ name: 'x', baseUrl: second.baseUrl, credential: { kind: 'key', email: 'nope', secret: CREDS.apiKey } })).toMatchObject({ paths: ['credential.email'] });
    expect(await bad({ name: 'x', baseUrl: second.baseUrl, credential: { kind: 'key', secret: CREDS.apiKey } })).toMatchObject({ paths: ['credential.email'] });
    expect(await bad({ name: 'x', baseUrl: second.baseUrl, credential: { kind: 'token', secret: '' } })).toMatchObject({ paths: ['credential.secret'] });
    expect(await h.ok<AccountProfile[]>('accounts.list')).toHaveLength(1);
  });
});

describe('accounts.rename / setSecret / select', () => {
  it('renames, and refuses unknown ids', async () => {
    const p = await addToken();
    expect(await h.ok('accounts.rename', { id: p.id, name: '  Globex prod ' })).toMatchObject({ name: 'Globex prod' });
    const r = await h.call('accounts.rename', { id: 'nope', name: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await h.call('accounts.rename', { id: p.id, name: 'local SANDBOX' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', details: { field: 'name' } } });
    expect(await h.call('accounts.add', { name: 'GLOBEX PROD', baseUrl: second.baseUrl, credential: { kind: 'token', secret: CREDS.token } })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('replaces a secret (write-only) and may switch the credential kind', async () => {
    const p = await addToken(BAD_TOKEN);
    expect(await h.ok('accounts.setSecret', { id: p.id, credential: { kind: 'key', email: CREDS.email, secret: CREDS.apiKey } })).toMatchObject({ kind: 'key', email: CREDS.email, hasSecret: true });
    expect(await h.store.get(p.id)).toBe(CREDS.apiKey);
    expect(await h.ok('accounts.testConnection', { id: p.id })).toMatchObject({ ok: true });
    expect(await h.call('accounts.setSecret', { id: 'local-sandbox', credential: { kind: 'token', secret: CREDS.token } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('selects an account, tells listeners, and remembers it across restarts', async () => {
    const p = await addToken();
    const seen: string[] = [];
    h.service.onActiveChange((id) => seen.push(id));
    expect(await h.ok('accounts.select', { id: p.id })).toMatchObject({ id: p.id, isActive: true });
    expect(seen).toEqual([p.id]);
    expect(await h.service.activeConnection()).toEqual({ profileId: p.id, profileName: 'Globex', baseUrl: second.baseUrl, credential: { kind: 'token', token: CREDS.token }, isSandbox: false });
    await h.restart();
    expect(await h.ok('accounts.active')).toMatchObject({ id: p.id });
    const list = await h.ok<AccountProfile[]>('accounts.list');
    expect(list.filter((a) => a.isActive).map((a) => a.id)).toEqual([p.id]);
  });

  it('says NO_CREDENTIAL when the active account lost its secret', async () => {
    const p = await addToken();
    await h.ok('accounts.select', { id: p.id });
    await h.store.delete(p.id);
    await expect(h.service.activeConnection()).rejects.toMatchObject({ code: 'NO_CREDENTIAL' });
    expect(await h.ok('accounts.hasSecret', { id: p.id })).toBe(false);
    expect(await h.ok('accounts.testConnection', { id: p.id })).toMatchObject({ ok: false, failure: 'no-secret' });
  });
});

describe('accounts.remove', () => {
  it('removes the profile and its secret; the active one falls back to the sandbox', async () => {
    const p = await addToken();
    await h.ok('accounts.select', { id: p.id });
    const seen: string[] = [];
    h.service.onActiveChange((id) => seen.push(id));
    expect(await h.ok('accounts.remove', { id: p.id })).toEqual({ removed: p.id });
    expect(await h.store.has(p.id)).toBe(false);
    expect(seen).toEqual(['local-sandbox']);
    expect((await h.ok<AccountProfile[]>('accounts.list')).map((a) => a.id)).toEqual(['local-sandbox']);
    expect((await h.service.activeConnection()).isSandbox).toBe(true);
  });

  it('refuses to remove the sandbox', async () => {
    expect(await h.call('accounts.remove', { id: 'local-sandbox' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await h.ok<AccountProfile[]>('accounts.list')).toHaveLength(1);
  });
});

describe('accounts.resetSandbox', () => {
  it('wipes the sandbox data, reseeds it and keeps its credentials', async () => {
    const token = await h.store.get('local-sandbox');
    let conn = await h.service.activeConnection();
    let api = createApiClient({ baseUrl: conn.baseUrl }).withCredential(conn.credential);
    const zone = (await api.listZones({ name: 'acme-shop.example' })).items[0];
    if (!zone) throw new Error('seed zone missing');
    const before = (await api.listAllRecords(zone.id)).length;
    await api.createRecord(zone.id, { type: 'A', name: 'reset-me.acme-shop.example', content: '192.0.2.10', ttl: 1, proxied: false });
    expect(await api.listAllRecords(zone.id)).toHaveLength(before + 1);

    const seen: string[] = [];
    h.service.onActiveChange((id) => seen.push(id));
    expect(await h.ok('accounts.resetSandbox')).toMatchObject({ id: 'local-sandbox', hasSecret: true });
    expect(seen).toEqual(['local-sandbox']);
    expect(await h.store.get('local-sandbox')).toBe(token);
    conn = await h.service.activeConnection();
    api = createApiClient({ baseUrl: conn.baseUrl }).withCredential(conn.credential);
    const again = (await api.listZones({ name: 'acme-shop.example' })).items[0];
    if (!again) throw new Error('seed zone missing after reset');
    expect((await api.listAllRecords(again.id)).some((r) => r.name === 'reset-me.acme-shop.example')).toBe(false);
  });
});
