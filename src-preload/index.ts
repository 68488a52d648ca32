/**
 * The preload: exposes `window.zonedesk` — named functions built from the contract — and never
 * ipcRenderer itself. Listeners receive only the payload, not the IpcRendererEvent (whose
 * `sender` would hand the page ipcRenderer back).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createApi, IPC_EVENT, IPC_INVOKE, type Transport } from './contract';

const transport: Transport = {
  // Errors are values even here: arguments Electron cannot clone (functions, DOM nodes) make
  // invoke reject before main sees them, and the page gets a typed error instead of an exception.
  invoke: (channel, args) =>
    ipcRenderer.invoke(IPC_INVOKE, channel, args).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const code = /clone/i.test(message) ? 'INVALID_ARGUMENT' : 'INTERNAL';
      return { ok: false as const, error: { code, message: `The call could not be completed: ${message}` } };
    }),
  subscribe(listener) {
    const forward = (_event: unknown, name: string, payload: unknown) => listener(name, payload);
    ipcRenderer.on(IPC_EVENT, forward);
    return () => ipcRenderer.removeListener(IPC_EVENT, forward);
  },
};

contextBridge.exposeInMainWorld('zonedesk', {
  ...createApi(transport),
  // Dropped files go to main as paths; their bytes never cross IPC (DESIGN: bytes never cross IPC).
  pathForFile: (file: File) => webUtils.getPathForFile(file),
});
