/**
 * The preload: exposes `window.zonedesk` — named functions built from the contract — and never
 * ipcRenderer itself. Listeners receive only the payload, not the IpcRendererEvent (whose
 * `sender` would hand the page ipcRenderer back).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createApi, IPC_EVENT, IPC_INVOKE, type Transport } from './contract';

const transport: Transport = {
  invoke: (channel, args) => ipcRenderer.invoke(IPC_INVOKE, channel, args),
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
