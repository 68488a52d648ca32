import type { KeychainStatus } from '../../src-preload/contract/accounts';

/**
 * Where secrets live, keyed by account (a profile id). Values never go anywhere else: not the
 * settings database, not a log line, not an IPC result.
 */
export interface SecretStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** Resolves true when something was deleted. */
  delete(account: string): Promise<boolean>;
  has(account: string): Promise<boolean>;
  /** Whether this store works here, and whether it survives a restart. */
  status(): Promise<KeychainStatus>;
}

/** A store in this process's memory: for tests, browser-mode e2e, and session-only sandbox credentials. */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    async get(account) {
      return secrets.get(account);
    },
    async set(account, secret) {
      secrets.set(account, secret);
    },
    async delete(account) {
      return secrets.delete(account);
    },
    async has(account) {
      return secrets.has(account);
    },
    async status() {
      return { available: true, backend: 'memory', persistent: false };
    },
  };
}
