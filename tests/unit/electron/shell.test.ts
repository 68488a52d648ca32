import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect, 'https://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();

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

describe('dev server', () => {
  it('is trusted for navigation only on its own origin', async () => {
    const { installNavigationGuards } = await import('../../../src-main/electron/guards');
    installNavigationGuards('http://localhost:5173/');
    const contents = createWebContentsMock();
    electron.app.emit('web-contents-created', {}, contents);
    const blocked = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(blocked('http://localhost:5173/index.html')).toBe(false);
    expect(blocked('http://localhost:5174/')).toBe(true);
    expect(blocked('http://evil.example:5173/')).toBe(true);
  });

  it.each([
    ['http://localhost:5173/', true],
    ['http://127.0.0.1:5173', true],
    ['http://[::1]:5173/', true],
    ['https://localhost:5173/', true],
    ['http://dev.example.com:5173/', false],
    ['http://localhost.evil.example/', false],
    ['file:///tmp/index.html', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    [undefined, false],
  ])('accepts %s as a dev server URL: %s', async (url, accepted) => {
    const { loopbackDevServerUrl } = await import('../../../src-main/electron/app-url');
    expect(loopbackDevServerUrl(url)).toBe(accepted ? url : undefined);
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

describe('IPC glue with the real router', () => {
  it('answers unknown channels, malformed, oversized and non-JSON arguments with typed errors, and keeps working', async () => {
    const { connectIpc } = await import('../../../src-main/electron/ipc-glue');
    const { createEventHub } = await import('../../../src-main/ipc/event-hub');
    const { createRouter } = await import('../../../src-main/ipc/router');
    const { createAppHandlers } = await import('../../../src-main/app-handlers');
    const info = { name: 'Zonedesk', version: '1', mode: 'electron' as const, dataDir: '/d', platform: 'linux', versions: {} };
    const router = createRouter(createAppHandlers(info) as never, { maxPayloadBytes: 1024 });
    connectIpc(router, createEventHub(), () => undefined);
    const handler = electron.ipcMain.handlers.get('zonedesk:invoke')!;
    const trusted = { senderFrame: { url: 'app://zonedesk/index.html', parent: null } };
    const cases: Array<[unknown, unknown, string]> = [
      ['app.nope', undefined, 'UNKNOWN_CHANNEL'],
      [{ toString: () => 'app.ping' }, undefined, 'UNKNOWN_CHANNEL'],
      ['app.chooseSavePath', { defaultName: 42 }, 'INVALID_ARGUMENT'],
      ['app.chooseSavePath', { defaultName: 'x'.repeat(2048) }, 'PAYLOAD_TOO_LARGE'],
      ['app.chooseSavePath', { defaultName: 10n }, 'INVALID_ARGUMENT'], // structured clone carries BigInt; JSON does not
    ];
    for (const [channel, args, code] of cases) {
      expect(await handler(trusted, channel, args), String(channel)).toMatchObject({ ok: false, error: { code } });
    }
    expect(await handler(trusted, 'app.ping', undefined)).toMatchObject({ ok: true, value: { pong: true } });
  });
});

describe('app:// protocol', () => {
  it('registers a secure standard scheme and serves files with the CSP', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'zonedesk-protocol-'));
    const dir = join(parent, 'renderer');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(parent, 'secret.txt'), 'outside the renderer folder');
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
      // Encoded dots and slashes survive URL parsing; the resolver still keeps them inside the root.
      for (const path of ['..%2Fsecret.txt', '%2e%2e%2fsecret.txt', '%2E%2E/secret.txt', '..%5Csecret.txt', '%2F..%2F..%2Fsecret.txt', 'index.html%00.png']) {
        const response = await handle(new Request(`app://zonedesk/${path}`));
        expect(response.status, path).toBe(404);
      }
      expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
    } finally {
      rmSync(parent, { recursive: true, force: true });
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

  it('points userData at --data-dir before taking the single-instance lock', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--data-dir', '/tmp/zonedesk-other-data'];
    electron.app.requestSingleInstanceLock.mockReturnValue(false);
    try {
      await import('../../../src-main/electron/main');
    } finally {
      process.argv = argv;
    }
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', '/tmp/zonedesk-other-data');
    expect(electron.app.setPath.mock.invocationCallOrder[0]).toBeLessThan(electron.app.requestSingleInstanceLock.mock.invocationCallOrder[0]!);
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
      expect(instance.loadURL).toHaveBeenCalledTimes(1); // nothing else, and nothing remote, is ever loaded
      expect(options.backgroundColor).toBe('#f6f7f9'); // light OS theme: no dark flash before the first paint
      expect(electron.app.setPath).not.toHaveBeenCalled(); // the default data dir is userData itself
      instance.emit('close');
      const { loadWindowState } = await import('../../../src-main/electron/window-state');
      expect(loadWindowState(dataDir)?.bounds).toEqual({ x: 10, y: 20, width: 1000, height: 700 });

      // A second launch focuses the existing window instead of opening another.
      Object.assign(instance, { isMinimized: () => true, restore: vi.fn(), focus: vi.fn() });
      electron.app.emit('second-instance');
      expect(instance.focus).toHaveBeenCalled();
      expect(electron.windows).toHaveLength(1);

      // macOS: closing the window keeps the app; a second launch opens a fresh, tracked window.
      instance.emit('closed');
      electron.app.emit('second-instance');
      expect(electron.windows).toHaveLength(2);
      const reopened = electron.windows[1]!.instance;
      electron.app.emit('second-instance');
      expect(reopened.focus).toHaveBeenCalled();
      expect(electron.windows).toHaveLength(2);
    } finally {
      // Quitting waits for the services to close, then quits again.
      const quit = { preventDefault: vi.fn() };
      electron.app.emit('will-quit', quit);
      expect(quit.preventDefault).toHaveBeenCalled();
      await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shows why it could not start instead of hanging without a window', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'zonedesk-main-'));
    const notADir = join(parent, 'file');
    writeFileSync(notADir, 'a file where the data directory should be');
    electron.app.getPath.mockReturnValue(notADir);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await import('../../../src-main/electron/main');
      await vi.waitFor(() => expect(electron.dialog.showErrorBox).toHaveBeenCalled());
      expect(electron.dialog.showErrorBox.mock.calls[0]?.[1]).toContain(notADir);
      expect(electron.app.exit).toHaveBeenCalledWith(1);
      expect(electron.windows).toHaveLength(0);
    } finally {
      error.mockRestore();
      rmSync(parent, { recursive: true, force: true });
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

    // A call Electron cannot send (uncloneable arguments) resolves to a typed error, never a throw.
    electron.ipcRenderer.invoke.mockRejectedValueOnce(new Error('An object could not be cloned.'));
    expect(await app.ping()).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });

    const listener = vi.fn();
    (exposed.on as (name: string, l: (p: unknown) => void) => () => void)('app.status', listener);
    const forward = electron.ipcRenderer.on.mock.calls[0]?.[1] as (event: unknown, name: string, payload: unknown) => void;
    forward({ sender: 'ipcRenderer-would-leak' }, 'app.status', { state: 'ready' });
    expect(listener).toHaveBeenCalledWith({ state: 'ready' });
    expect(listener.mock.calls[0]).toHaveLength(1);
  });
});
