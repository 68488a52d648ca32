import type { AccountProfile, ConnectionTestResult } from '../../../src-preload/contract/accounts';
import type { AppInfo } from '../../../src-preload/contract/app';
import { api } from './bridge';

/** Whether the app's own services answer (always true in Electron unless main hangs). */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** Whether the active account's service answers with a working credential. */
export type ServiceState = { state: 'checking' } | { state: 'done'; result: ConnectionTestResult };

const APP_PING_MS = 10_000;
/** A real account's service is re-checked this often: one cheap authenticated GET a minute. */
const SERVICE_CHECK_MS = 60_000;

/** App-wide facts the status bar and About view show: versions, data dir, liveness, active account. */
export class SessionState {
  info = $state<AppInfo | undefined>();
  connection = $state<ConnectionState>('connecting');
  /** The active account (no secret, by contract); reloaded on every `accounts.changed`. */
  account = $state<AccountProfile | undefined>();
  /** Name of the active account, for the status bar. */
  accountName = $state('Local sandbox');
  service = $state<ServiceState>({ state: 'checking' });
  #timers: Array<ReturnType<typeof setInterval>> = [];
  #offAccounts: (() => void) | undefined;
  /** Bumped per check so a slow answer about a previous account never overwrites a newer one. */
  #checkSeq = 0;

  async start(): Promise<void> {
    const info = await api.app.info();
    if (info.ok) this.info = info.value;
    this.#offAccounts = api.on('accounts.changed', (change) => {
      // The active account changed, or its credential or sandbox did: check its service again.
      const recheck = change.profileId === change.activeProfileId || change.reason === 'removed';
      void this.loadAccount().then(() => (recheck ? this.checkService() : undefined));
    });
    await this.loadAccount();
    await this.check();
    void this.checkService();
    this.#timers.push(setInterval(() => void this.check(), APP_PING_MS));
    this.#timers.push(setInterval(() => void this.checkService(), SERVICE_CHECK_MS));
  }

  /** Pings main (browser mode: the loopback bridge). */
  async check(): Promise<void> {
    const pong = await api.app.ping();
    this.connection = pong.ok ? 'connected' : 'disconnected';
  }

  async loadAccount(): Promise<void> {
    const active = await api.accounts.active();
    if (!active.ok) return;
    this.account = active.value;
    this.accountName = active.value.name;
  }

  /** Tests the active account's connection (token verify, or one cheap authenticated call). */
  async checkService(): Promise<void> {
    const account = this.account;
    if (!account || this.connection === 'disconnected') return;
    const seq = ++this.#checkSeq;
    if (this.service.state !== 'done' || !this.service.result.ok) this.service = { state: 'checking' };
    const result = await api.accounts.testConnection({ id: account.id });
    if (seq !== this.#checkSeq) return;
    this.service = {
      state: 'done',
      result: result.ok ? result.value : { ok: false, failure: 'unavailable', message: result.error.message, latencyMs: 0 },
    };
  }

  stop(): void {
    this.#offAccounts?.();
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
  }
}

export const session = new SessionState();
