import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A stand-in for the parts of 'electron' the shell uses, recording what the shell asked for. */
export function createElectronMock() {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(() => Promise.resolve()),
    getPath: vi.fn((_name: string) => '/tmp/zonedesk-electron-mock-userdata'),
    setPath: vi.fn(),
    getVersion: vi.fn(() => '1.2.3'),
  });
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: vi.fn((channel: string, fn: (...args: unknown[]) => unknown) => handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    handlers,
  };
  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
  };
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const protocol = {
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn((scheme: string, fn: (request: Request) => Promise<Response>) => protocolHandlers.set(scheme, fn)),
    handlers: protocolHandlers,
  };
  const windows: Array<{ options: Record<string, unknown>; instance: EventEmitter & Record<string, unknown> }> = [];
  class BrowserWindow extends EventEmitter {
    static getAllWindows = vi.fn(() => windows.map((w) => w.instance));
    webContents = { send: vi.fn(), isDestroyed: () => false };
    loadURL = vi.fn(() => Promise.resolve());
    maximize = vi.fn();
    show = vi.fn();
    isMaximized = vi.fn(() => false);
    getNormalBounds = vi.fn(() => ({ x: 10, y: 20, width: 1000, height: 700 }));
    isMinimized = vi.fn(() => false);
    restore = vi.fn();
    focus = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push({ options, instance: this as unknown as EventEmitter & Record<string, unknown> });
    }
  }
  return {
    app,
    ipcMain,
    protocol,
    BrowserWindow,
    windows,
    session: { defaultSession },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    dialog: { showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/home/ada/Downloads/report.csv' })), showErrorBox: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ ok: true, value: null })), on: vi.fn(), removeListener: vi.fn() },
    nativeTheme: { shouldUseDarkColors: false },
    webUtils: { getPathForFile: vi.fn(() => '/path/of/file') },
  };
}

export type ElectronMock = ReturnType<typeof createElectronMock>;

/** A fake WebContents that records its listeners, for the navigation guards. */
export function createWebContentsMock() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  return Object.assign(emitter, {
    setWindowOpenHandler: vi.fn((fn: (details: { url: string }) => { action: string }) => (openHandler = fn)),
    openWindow: (url: string) => openHandler?.({ url }),
  });
}
