/** Accounts: profiles in the settings DB, secrets in the OS keychain, the Local sandbox default. */
import type { AccountsChanged, KeychainStatus } from '../../src-preload/contract/accounts';
import { startServiceEmulator } from '../emulator/index';
import type { EventHub } from '../ipc/event-hub';
import type { DomainHandlers } from '../ipc/router';
import type { SettingsDb } from '../settings-db';
import { createAccountsCore, type AccountConnection } from './accounts-core';
import { testConnection } from './connection-test';
import { createProfilesRepo } from './profiles-repo';
import { createSandbox, SANDBOX_ID, SANDBOX_NAME } from './sandbox';
import { createMemorySecretStore, type SecretStore } from './secret-store';

export type { AccountConnection } from './accounts-core';
export { classifyFailure, testConnection } from './connection-test';
export { createKeychainSecretStore, keychainHint, type KeytarLike } from './keychain-store';
export { createMemorySecretStore, type SecretStore } from './secret-store';
export { SANDBOX_ID, SANDBOX_NAME } from './sandbox';
export { defaultSecretStore } from './default-store';

export interface AccountsService {
  /** The active profile's base URL + credential (secret read from the SecretStore on demand). Throws AppError('NO_CREDENTIAL'|'UNAVAILABLE', …). */
  activeConnection(): Promise<AccountConnection>;
  /** The active profile's id, without reading any secret (for caches keyed by account). */
  activeProfileId(): string;
  /** Called whenever the active profile changes, or its data/credential does (DNS/Migration screens reset their state). */
  onActiveChange(listener: (profileId: string) => void): () => void;
  /** Whether secrets can be saved, and why not. */
  keychainStatus(): KeychainStatus;
  dispose(): Promise<void>;
}

export interface AccountsDeps {
  db: SettingsDb;
  secrets: SecretStore;
  events: EventHub;
  dataDir: string;
  startSandboxEmulator?: typeof startServiceEmulator;
  clock?: () => number;
}

/**
 * Builds the accounts service: probes the keychain, makes sure the Local sandbox profile exists
 * and its emulator runs (session-only credentials when there is no keychain), and returns the
 * `accounts.*` channel handlers. Never rejects because of the keychain or the sandbox.
 */
export async function createAccountsService(deps: AccountsDeps): Promise<AccountsService & { handlers: DomainHandlers<'accounts'> }> {
  const clock = deps.clock ?? Date.now;
  const repo = createProfilesRepo(deps.db);
  const keychain = await deps.secrets.status();
  // Without a keychain the sandbox still works, on credentials that live for this session only.
  const sandboxSecrets = keychain.available ? deps.secrets : createMemorySecretStore();
  const sandbox = createSandbox({ dataDir: deps.dataDir, secrets: sandboxSecrets, start: deps.startSandboxEmulator ?? startServiceEmulator });

  if (!repo.get(SANDBOX_ID)) {
    repo.insert({ id: SANDBOX_ID, name: SANDBOX_NAME, baseUrl: 'http://127.0.0.1', kind: 'token', email: null, createdAt: new Date(clock()).toISOString(), isSandbox: true });
  }
  await sandbox.start();
  const started = await sandbox.state();
  if (started.baseUrl) repo.update(SANDBOX_ID, { baseUrl: started.baseUrl });
  deps.events.emit('app.status', started.problem ? { service: 'sandbox', state: 'error', message: started.problem } : { service: 'sandbox', state: 'ready' });

  const core = createAccountsCore({ repo, secrets: deps.secrets, keychain, sandbox, clock });
  const listeners = new Set<(profileId: string) => void>();

  function changed(reason: AccountsChanged['reason'], profileId: string, activeChanged: boolean): void {
    const activeProfileId = core.activeId();
    deps.events.emit('accounts.changed', { activeProfileId, reason, profileId });
    if (!activeChanged) return;
    for (const listener of listeners) {
      try {
        listener(activeProfileId);
      } catch (error) {
        console.error('[zonedesk] accounts listener failed:', (error as Error).message);
      }
    }
  }

  const handlers: DomainHandlers<'accounts'> = {
    'accounts.list': () => core.list(),
    'accounts.active': () => core.active(),
    'accounts.add': async (args) => {
      const profile = await core.add(args);
      changed('added', profile.id, false);
      return profile;
    },
    'accounts.rename': async ({ id, name }) => {
      const profile = await core.rename(id, name);
      changed('renamed', id, false);
      return profile;
    },
    'accounts.remove': async ({ id }) => {
      const { removed, wasActive } = await core.remove(id);
      changed('removed', id, wasActive);
      return { removed };
    },
    'accounts.setSecret': async ({ id, credential }) => {
      const profile = await core.setSecret(id, credential);
      changed('secret', id, profile.isActive);
      return profile;
    },
    'accounts.hasSecret': ({ id }) => core.hasSecretFor(id),
    'accounts.testConnection': async (args) => {
      if ('draft' in args) {
        const c = args.draft.credential;
        const credential = c.kind === 'key' ? { kind: 'key' as const, email: c.email, apiKey: c.secret } : { kind: 'token' as const, token: c.secret };
        return testConnection(args.draft.baseUrl, credential);
      }
      let connection: AccountConnection;
      try {
        connection = await core.connectionFor(args.id);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'NO_CREDENTIAL' && code !== 'UNAVAILABLE') throw error;
        return { ok: false, failure: code === 'NO_CREDENTIAL' ? 'no-secret' : 'unavailable', message: (error as Error).message, latencyMs: 0 };
      }
      return testConnection(connection.baseUrl, connection.credential);
    },
    'accounts.select': async ({ id }) => {
      const before = core.activeId();
      const profile = await core.select(id);
      changed('selected', id, before !== id);
      return profile;
    },
    'accounts.resetSandbox': async () => {
      await sandbox.reset();
      const state = await sandbox.state();
      if (state.baseUrl) repo.update(SANDBOX_ID, { baseUrl: state.baseUrl });
      changed('reset', SANDBOX_ID, core.activeId() === SANDBOX_ID);
      return core.view(core.requireProfile(SANDBOX_ID));
    },
    'accounts.keychainStatus': () => keychain,
  };

  return {
    handlers,
    activeConnection: () => core.connectionFor(core.activeId()),
    activeProfileId: () => core.activeId(),
    onActiveChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keychainStatus: () => keychain,
    async dispose() {
      listeners.clear();
      await sandbox.stop();
    },
  };
}
