import type { AccountProfile, ConnectionTestResult, KeychainStatus } from '../../../../src-preload/contract/accounts';
import { api } from '../../lib/bridge';

export type TestState = { state: 'testing' } | { state: 'done'; result: ConnectionTestResult };

/** The Accounts screen's data: profiles, keychain status, per-account test results and busy flags. */
export class AccountsState {
  profiles = $state<AccountProfile[]>([]);
  keychain = $state<KeychainStatus | undefined>();
  loading = $state(true);
  /** A screen-level error (loading failed, an action failed). */
  error = $state<string | undefined>();
  /** A short confirmation of the last action, announced to screen readers. */
  notice = $state<string | undefined>();
  tests = $state<Record<string, TestState>>({});
  busy = $state<Record<string, boolean>>({});
  #off: (() => void) | undefined;

  active = $derived(this.profiles.find((p) => p.isActive));

  async start(): Promise<void> {
    this.#off = api.on('accounts.changed', () => void this.load());
    const status = await api.accounts.keychainStatus();
    if (status.ok) this.keychain = status.value;
    await this.load();
  }

  stop(): void {
    this.#off?.();
  }

  async load(): Promise<void> {
    const result = await api.accounts.list();
    this.loading = false;
    if (result.ok) {
      this.profiles = result.value;
      this.error = undefined;
    } else {
      this.error = `Could not load accounts: ${result.error.message}`;
    }
  }

  async #run(id: string, action: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>, done: string): Promise<boolean> {
    this.busy = { ...this.busy, [id]: true };
    try {
      const result = await action();
      if (!result.ok) {
        this.error = result.error.message;
        return false;
      }
      this.error = undefined;
      this.notice = done;
      await this.load();
      return true;
    } finally {
      this.busy = { ...this.busy, [id]: false };
    }
  }

  use(profile: AccountProfile): Promise<boolean> {
    return this.#run(profile.id, () => api.accounts.select({ id: profile.id }), `Now using “${profile.name}”.`);
  }

  remove(profile: AccountProfile): Promise<boolean> {
    const { [profile.id]: _dropped, ...rest } = this.tests;
    void _dropped;
    this.tests = rest;
    return this.#run(profile.id, () => api.accounts.remove({ id: profile.id }), `Removed “${profile.name}” and its secret.`);
  }

  resetSandbox(profile: AccountProfile): Promise<boolean> {
    return this.#run(profile.id, () => api.accounts.resetSandbox(), 'The Local sandbox was reset to its demo data.');
  }

  async test(profile: AccountProfile): Promise<void> {
    this.tests = { ...this.tests, [profile.id]: { state: 'testing' } };
    const result = await api.accounts.testConnection({ id: profile.id });
    const value: ConnectionTestResult = result.ok ? result.value : { ok: false, failure: 'unavailable', message: result.error.message, latencyMs: 0 };
    this.tests = { ...this.tests, [profile.id]: { state: 'done', result: value } };
  }

  dismissTest(id: string): void {
    const { [id]: _dropped, ...rest } = this.tests;
    void _dropped;
    this.tests = rest;
  }
}
