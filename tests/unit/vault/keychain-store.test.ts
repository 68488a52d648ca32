import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeychainSecretStore, defaultSecretStore, testConnection, type KeytarLike } from '../../../src-main/vault/index';
import { openHarness, type Harness } from './harness';

function fakeKeytar(): KeytarLike & { calls: string[]; entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const calls: string[] = [];
  return {
    calls,
    entries,
    async getPassword(service, account) {
      calls.push(`get ${service} ${account}`);
      return entries.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      calls.push(`set ${service} ${account}`);
      entries.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      calls.push(`delete ${service} ${account}`);
      return entries.delete(`${service}/${account}`);
    },
  };
}

describe('keychain secret store', () => {
  it('keeps secrets under service "Zonedesk", account = profile id', async () => {
    const kt = fakeKeytar();
    const store = createKeychainSecretStore({ load: async () => kt });
    await store.set('p1', 'secret-1');
    expect(kt.entries.get('Zonedesk/p1')).toBe('secret-1');
    expect(await store.get('p1')).toBe('secret-1');
    expect(await store.has('p2')).toBe(false);
    expect(await store.delete('p1')).toBe(true);
    expect(await store.status()).toEqual({ available: true, backend: 'keychain', persistent: true });
  });

  it('reports a keytar that cannot load, with a Linux hint, and every call rejects', async () => {
    const store = createKeychainSecretStore({ load: async () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')), platform: 'linux' });
    const status = await store.status();
    expect(status).toMatchObject({ available: false, backend: 'none' });
    expect(status.reason).toContain('libsecret-1.so.0');
    expect(status.hint).toContain('gnome-keyring');
    await expect(store.set('p', 's')).rejects.toThrow(/could not be loaded/);
  });

  it('gives up on a keychain that never answers', async () => {
    const kt = fakeKeytar();
    kt.getPassword = () => new Promise(() => {});
    const store = createKeychainSecretStore({ load: async () => kt, probeTimeoutMs: 50 });
    expect(await store.status()).toMatchObject({ available: false, reason: expect.stringContaining('did not answer') });
  });

  it('uses memory only in browser mode with ZONEDESK_SECRET_STORE=memory', async () => {
    expect((await defaultSecretStore('browser', { ZONEDESK_SECRET_STORE: 'memory' }).status()).backend).toBe('memory');
    const electron = defaultSecretStore('electron', { ZONEDESK_SECRET_STORE: 'memory' });
    expect((await electron.status()).backend).not.toBe('memory');
  });
});

describe('without a keychain', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('the sandbox works on session credentials; real accounts are refused, never stored', async () => {
    const kt = fakeKeytar();
    const store = createKeychainSecretStore({ load: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')), platform: 'linux' });
    h = await openHarness({ store });
    const status = await h.ok<{ available: boolean; reason: string; hint: string }>('accounts.keychainStatus');
    expect(status).toMatchObject({ available: false });
    expect(status.reason).toContain('D-Bus');
    expect(await h.ok('accounts.list')).toMatchObject([{ id: 'local-sandbox', hasSecret: true, secretScope: 'session' }]);
    expect(await h.ok('accounts.testConnection', { id: 'local-sandbox' })).toMatchObject({ ok: true });
    const added = await h.call('accounts.add', { name: 'Prod', baseUrl: 'https://api.example.com/client/v4', credential: { kind: 'token', secret: 'T'.repeat(40) } });
    expect(added).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    if (!added.ok) expect(added.error.message).toMatch(/never stored in plain text/);
    expect(await h.ok('accounts.list')).toHaveLength(1);
    expect(kt.calls).toEqual([]);
  });
});

describe('testConnection timing out', () => {
  it('says the host did not answer in time', async () => {
    const server = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const r = await testConnection(`http://127.0.0.1:${port}/client/v4`, { kind: 'token', token: 'T'.repeat(40) }, { timeoutMs: 150 });
      expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('says nothing listens when the port is closed', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const r = await testConnection(`http://127.0.0.1:${port}/client/v4`, { kind: 'key', email: 'a@b.example', apiKey: 'a'.repeat(37) });
    expect(r).toMatchObject({ ok: false, failure: 'unreachable', message: expect.stringContaining('ECONNREFUSED') });
  });
});
