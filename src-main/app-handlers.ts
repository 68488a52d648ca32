import { basename } from 'node:path';
import type { AppInfo } from '../src-preload/contract/app';
import { AppError } from './ipc/app-error';
import type { DomainHandlers } from './ipc/router';

/** What only the desktop shell can do (native dialogs); absent in browser mode. */
export interface ShellCapabilities {
  chooseSavePath(defaultName: string): Promise<string | null>;
}

/** Channels about the app itself: versions, data directory, liveness, native dialogs. */
export function createAppHandlers(info: AppInfo, shell?: ShellCapabilities): DomainHandlers<'app'> {
  return {
    'app.info': () => info,
    'app.ping': () => ({ pong: true, at: new Date().toISOString() }),
    'app.chooseSavePath': ({ defaultName }) => {
      if (!shell) throw new AppError('UNAVAILABLE', 'Save dialogs exist only in the desktop app; browser mode downloads through the browser.');
      // Only a bare file name is offered as the default: the renderer never picks directories.
      return shell.chooseSavePath(basename(defaultName));
    },
  };
}
