import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../../src-preload/contract';
import type { EventHub } from '../ipc/event-hub';
import type { Router } from '../ipc/router';
import { isAppUrl } from './app-url';

/**
 * Only the app's own main frame may call main: a stray iframe or a navigated-away page gets
 * FORBIDDEN, whatever it sends.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, devServerUrl?: string): boolean {
  const frame = event.senderFrame;
  return !!frame && frame.parent === null && isAppUrl(frame.url, devServerUrl);
}

/** Serves the router over `ipcMain.handle` and forwards push events to the window. */
export function connectIpc(router: Router, events: EventHub, target: () => WebContents | undefined, devServerUrl?: string): () => void {
  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, args: unknown) => {
    if (!isTrustedSender(event, devServerUrl)) {
      return { ok: false, error: { code: 'FORBIDDEN', message: 'Calls are accepted only from the app window.' } };
    }
    return router.invoke(channel, args, { transport: 'electron' });
  });
  const unsubscribe = events.subscribe((name, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(IPC_EVENT, name, payload);
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE);
    unsubscribe();
  };
}
