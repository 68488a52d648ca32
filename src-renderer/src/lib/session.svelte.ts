import type { AccountProfile } from '../../../src-preload/contract/accounts';
import type { AppInfo } from '../../../src-preload/contract/app';
import { api } from './bridge';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** App-wide facts the status bar and About view show: versions, data dir, liveness. */
export class SessionState {
  info = $state<AppInfo | undefined>();
  connection = $state<ConnectionState>('connecting');
  /** The active account (no secret, by contract); reloaded on every `accounts.changed`. */
  account = $state<AccountProfile | undefined>();
  /** Name of the active account, for the status bar. */
  accountName = $state('Local sandbox');
  #timer: ReturnType<typeof setInterval> | undefined;
  #offAccounts: (() => void) | undefined;

  async start(): Promise<void> {
    const info = await api.app.info();
    if (info.ok) this.info = info.value;
    this.#offAccounts = api.on('accounts.changed', () => void this.loadAccount());
    await this.loadAccount();
    await this.check();
    this.#timer = setInterval(() => void this.check(), 10_000);
  }

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

  stop(): void {
    this.#offAccounts?.();
    clearInterval(this.#timer);
  }
}

export const session = new SessionState();
