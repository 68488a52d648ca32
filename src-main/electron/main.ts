/**
 * Electron entry: the thin shell. It owns the window, the app:// protocol, the guards and the
 * IPC glue; every service comes from createServices, exactly as in browser mode.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, screen } from 'electron';
import { createServices, type Services } from '../app';
import { resolveDataDir } from '../data-dir';
import { registerAppScheme, serveRendererFiles } from './app-protocol';
import { APP_ENTRY_URL } from './app-url';
import { denyAllPermissions, installNavigationGuards } from './guards';
import { connectIpc } from './ipc-glue';
import { secureWebPreferences } from './web-preferences';
import { DEFAULT_WINDOW_SIZE, loadWindowState, saveWindowState, visibleBounds } from './window-state';

const here = fileURLToPath(new URL('.', import.meta.url));
// The dev server is only ever used by an unpackaged development build (electron-vite dev);
// the DEV constant makes the branch dead code in production bundles.
const devServerUrl = import.meta.env.DEV && !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

let mainWindow: BrowserWindow | undefined;
let services: Services | undefined;

function createMainWindow(dataDir: string): BrowserWindow {
  const saved = loadWindowState(dataDir);
  const bounds = visibleBounds(saved?.bounds, screen.getAllDisplays().map((d) => d.workArea));
  const window = new BrowserWindow({
    ...DEFAULT_WINDOW_SIZE,
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Zonedesk',
    backgroundColor: '#1b1d22',
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => saveWindowState(dataDir, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  installNavigationGuards(devServerUrl);

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  void app.whenReady().then(async () => {
    denyAllPermissions();
    serveRendererFiles(join(here, '../renderer'));
    const dataDir = resolveDataDir({
      argv: process.argv,
      env: process.env,
      platform: process.platform,
      electronUserData: app.getPath('userData'),
    });
    services = await createServices({
      dataDir,
      mode: 'electron',
      version: app.getVersion(),
      versions: { electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '' },
      shell: {
        async chooseSavePath(defaultName) {
          const options = { defaultPath: join(app.getPath('downloads'), defaultName) };
          const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
          return result.canceled || !result.filePath ? null : result.filePath;
        },
      },
    });
    connectIpc(services.router, services.events, () => mainWindow?.webContents, devServerUrl);
    mainWindow = createMainWindow(dataDir);
    mainWindow.on('closed', () => (mainWindow = undefined));

    app.on('activate', () => {
      if (!BrowserWindow.getAllWindows().length) mainWindow = createMainWindow(dataDir);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', () => {
    void services?.dispose();
  });
}
