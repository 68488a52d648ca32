import type { AppInfo } from '../src-preload/contract/app';
import type { DomainHandlers } from './ipc/router';

/** Channels about the app itself: versions, data directory, liveness. */
export function createAppHandlers(info: AppInfo): DomainHandlers<'app'> {
  return {
    'app.info': () => info,
    'app.ping': () => ({ pong: true, at: new Date().toISOString() }),
  };
}
