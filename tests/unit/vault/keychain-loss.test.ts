import { afterEach, describe, expect, it } from 'vitest';
import type { AccountProfile, KeychainStatus } from '../../../src-preload/contract/accounts';
import { createMemorySecretStore, type SecretStore } from '../../../src-main/vault/index';
import { openHarness, type Harness } from './harness';

/** A keychain that works until it is switched off (a Secret Service gone after an OS update, say). */
function flakyKeychain(): SecretStore & { off(): void } {
  const inner = createMemorySecretStore();
  let up = true;
  const guard = <T>(fn: () => Promise<T>): Promise<T> => (up ? fn() : Promise.reject(new Error('The name org.freedesktop.secrets was not provided')));
  return {
    get: (a) => guard(() => inner.get(a)),
    set: (a, s) => guard(() => inner.set(a, s)),
    delete: (a) => guard(() => inner.delete(a)),
    has: (a) => guard(() => inner.has(a)),
    async status(): Promise<KeychainStatus> {
      return up ? { available: true, backend: 'keychain', persistent: true } : { available: false, backend: 'none', persistent: false, reason: 'No OS keychain is available: org.freedesktop.secrets is gone.', hint: 'Install gnome-keyring.' };
    },
    off() {
      up = false;
    },
    get up() {
      return up;
    },
  } as SecretStore & { off(): void };
}

describe('an account saved while the keychain worked, after it went away', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('keeps the profile (and says why) instead of leaving its secret orphaned in the keychain', async () => {
    const store = flakyKeychain();
    h = await openHarness({ store });
    const p = await h.ok<AccountProfile>('accounts.add', { name: 'Prod', baseUrl: 'https://api.example.com/client/v4', credential: { kind: 'token', secret: 'T'.repeat(40) } });
    store.off();
    await h.restart();

    const list = await h.ok<AccountProfile[]>('accounts.list');
    expect(list.find((a) => a.id === p.id)).toMatchObject({ hasSecret: false, secretScope: 'none' });
    expect(await h.ok('accounts.testConnection', { id: p.id })).toMatchObject({ ok: false, failure: 'unavailable', message: expect.stringContaining('gnome-keyring') });
    const removed = await h.call('accounts.remove', { id: p.id });
    expect(removed).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE', message: expect.stringContaining('cannot be removed') } });
    expect((await h.ok<AccountProfile[]>('accounts.list')).map((a) => a.id)).toContain(p.id);
    // The sandbox keeps working on session credentials meanwhile.
    expect(await h.ok('accounts.testConnection', { id: 'local-sandbox' })).toMatchObject({ ok: true });
  });

  it('keeps the profile when the keychain fails the delete itself', async () => {
    const store = flakyKeychain();
    h = await openHarness({ store });
    const p = await h.ok<AccountProfile>('accounts.add', { name: 'Prod', baseUrl: 'https://api.example.com/client/v4', credential: { kind: 'token', secret: 'T'.repeat(40) } });
    store.off(); // gone mid-session: the status probed at start still says available
    expect(await h.call('accounts.remove', { id: p.id })).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    // The screen still loads, the account shows no secret, and using it says why it cannot.
    expect((await h.ok<AccountProfile[]>('accounts.list')).find((a) => a.id === p.id)).toMatchObject({ hasSecret: false });
    expect(await h.ok('accounts.testConnection', { id: p.id })).toMatchObject({ ok: false, failure: 'unavailable', message: expect.stringContaining('org.freedesktop.secrets') });
    // The sandbox falls back on the credentials its running emulator was started with.
    expect(await h.ok('accounts.testConnection', { id: 'local-sandbox' })).toMatchObject({ ok: true });
  });
});
