import type { AppInfo } from '../../../src-preload/contract/app';
import { api } from './bridge';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** App-wide facts the status bar and About view show: versions, data dir, liveness. */
export class SessionState {
  info = $state<AppInfo | undefined>();
  connection = $state<ConnectionState>('connecting');
  /** Name of the active account; the Accounts screen keeps it current. */
  accountName = $state('Local sandbox');
  #timer: ReturnType<typeof setInterval> | undefined;

  async start(): Promise<void> {
    const info = await api.app.info();
    if (info.ok) this.info = info.value;
    await this.check();
    this.#timer = setInterval(() => void this.check(), 10_000);
  }

  async check(): Promise<void> {
    const pong = await api.app.ping();
    this.connection = pong.ok ? 'connected' : 'disconnected';
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

export const session = new SessionState();
