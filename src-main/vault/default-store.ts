import { createKeychainSecretStore } from './keychain-store';
import { createMemorySecretStore, type SecretStore } from './secret-store';

/**
 * The app's secret store: the OS keychain. Browser mode started by tests may ask for an in-memory
 * store with `ZONEDESK_SECRET_STORE=memory` (never honoured by the desktop app, so a stray
 * environment variable cannot make it forget secrets silently).
 */
export function defaultSecretStore(mode: 'electron' | 'browser', env: NodeJS.ProcessEnv = process.env): SecretStore {
  if (mode === 'browser' && env.ZONEDESK_SECRET_STORE === 'memory') return createMemorySecretStore();
  return createKeychainSecretStore();
}
