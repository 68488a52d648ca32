import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronMock, createWebContentsMock, type ElectronMock } from './electron-mock';

let electron: ElectronMock;
// Module mocks are cached across resetModules, so the mock reads the current instance lazily.
vi.mock('electron', () => {
  const keys = Object.keys(createElectronMock()) as Array<keyof ElectronMock>;
  return Object.defineProperties({}, Object.fromEntries(keys.map((key) => [key, { enumerable: true, get: () => electron[key] }])));
});

beforeEach(() => {
  vi.resetModules();
  electron = createElectronMock();
});

describe('web preferences', () => {
  it('isolate and sandbox the renderer with no Node', async () => {
    const { secureWebPreferences } = await import('../../../src-main/electron/web-preferences');
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
  });
});

describe('navigation and permission guards', () => {
  it('deny navigation away, new windows, webviews and every permission', async () => {
    const { installNavigationGuards, denyAllPermissions } = await import('../../../src-main/electron/guards');
    installNavigationGuards();
    const contents = createWebContentsMock();
    electron.app.emit('web-contents-created', {}, contents);

    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('app://zonedesk/index.html#/dns')).toBe(false);

    expect(contents.openWindow('https://docs.example/')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://docs.example/');
    expect(contents.openWindow('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);

    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();

    denyAllPermissions();
    const request = electron.session.defaultSession.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      c: unknown,
      p: string,
      cb: (granted: boolean) => void,
    ) => void;
    const callback = vi.fn();
    request({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    const check = electron.session.defaultSession.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean;
    expect(check()).toBe(false);
  });
});

describe('IPC glue', () => {
  it('checks the sender on every call and forwards events', async () => {
    const { connectIpc } = await import('../../../src-main/electron/ipc-glue');
    const { createEventHub } = await import('../../../src-main/ipc/event-hub');
    const router = { invoke: vi.fn(async () => ({ ok: true as const, value: 'pong' })) };
    const events = createEventHub();
    const send = vi.fn();
    connectIpc(router, events, () => ({ send, isDestroyed: () => false }) as never);

    const handler = electron.ipcMain.handlers.get('zonedesk:invoke')!;
    const trusted = { senderFrame: { url: 'app://zonedesk/index.html', parent: null } };
    expect(await handler(trusted, 'app.ping', undefined)).toEqual({ ok: true, value: 'pong' });

    const foreign = [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'app://zonedesk/index.html', parent: {} } }, // a subframe
      { senderFrame: null },
    ];
    for (const event of foreign) {
      expect(await handler(event, 'app.ping', undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(router.invoke).toHaveBeenCalledTimes(1);

    events.emit('app.status', { service: 'store', state: 'ready' });
    expect(send).toHaveBeenCalledWith('zonedesk:event', 'app.status', { service: 'store', state: 'ready' });
  });
});

describe('app:// protocol', () => {
  it('registers a secure standard scheme and serves files with the CSP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zonedesk-protocol-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    try {
      const { registerAppScheme, serveRendererFiles } = await import('../../../src-main/electron/app-protocol');
      registerAppScheme();
      expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
        { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
      ]);
      serveRendererFiles(dir);
      const handle = electron.protocol.handlers.get('app')!;
      const page = await handle(new Request('app://zonedesk/index.html'));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect((await handle(new Request('app://zonedesk/../../etc/passwd'))).status).toBe(404);
      expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('main entry', () => {
  it('quits when another instance holds the single-instance lock', async () => {
    electron.app.requestSingleInstanceLock.mockReturnValue(false);
    await import('../../../src-main/electron/main');
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled();
  });

  it('opens one secure window at the remembered bounds and saves them on close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zonedesk-main-'));
    writeFileSync(join(dataDir, 'window-state.json'), JSON.stringify({ bounds: { x: 100, y: 80, width: 1100, height: 720 }, maximized: false }));
    electron.app.getPath.mockReturnValue(dataDir);
    try {
      await import('../../../src-main/electron/main');
      await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
      const { options, instance } = electron.windows[0]!;
      expect(options).toMatchObject({ x: 100, y: 80, width: 1100, height: 720 });
      expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
      expect(instance.loadURL).toHaveBeenCalledWith('app://zonedesk/index.html');
      instance.emit('close');
      const { loadWindowState } = await import('../../../src-main/electron/window-state');
      expect(loadWindowState(dataDir)?.bounds).toEqual({ x: 10, y: 20, width: 1000, height: 700 });

      // A second launch focuses the existing window instead of opening another.
      Object.assign(instance, { isMinimized: () => true, restore: vi.fn(), focus: vi.fn() });
      electron.app.emit('second-instance');
      expect(instance.focus).toHaveBeenCalled();
      expect(electron.windows).toHaveLength(1);
    } finally {
      electron.app.emit('will-quit');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('window placement', () => {
  it('drops remembered bounds that are off every display', async () => {
    const { visibleBounds } = await import('../../../src-main/electron/window-state');
    const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(visibleBounds({ x: 100, y: 100, width: 800, height: 600 }, displays)).toBeDefined();
    expect(visibleBounds({ x: 3000, y: 100, width: 800, height: 600 }, displays)).toBeUndefined();
    expect(visibleBounds(undefined, displays)).toBeUndefined();
  });
});

describe('preload', () => {
  it('exposes named functions, never ipcRenderer, and strips the event from listeners', async () => {
    await import('../../../src-preload/index');
    const [key, exposed] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(key).toBe('zonedesk');
    expect(Object.values(exposed)).not.toContain(electron.ipcRenderer);
    const app = exposed.app as { ping: () => Promise<unknown> };
    await app.ping();
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('zonedesk:invoke', 'app.ping', undefined);

    const listener = vi.fn();
    (exposed.on as (name: string, l: (p: unknown) => void) => () => void)('app.status', listener);
    const forward = electron.ipcRenderer.on.mock.calls[0]?.[1] as (event: unknown, name: string, payload: unknown) => void;
    forward({ sender: 'ipcRenderer-would-leak' }, 'app.status', { state: 'ready' });
    expect(listener).toHaveBeenCalledWith({ state: 'ready' });
    expect(listener.mock.calls[0]).toHaveLength(1);
  });
});
