/**
 * Electron entry: the thin shell. It owns the window, the app:// protocol, the guards and the
 * IPC glue; every service comes from createServices, exactly as in browser mode.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, nativeTheme, screen } from 'electron';
import { createServices, type Services } from '../app';
import { resolveDataDir } from '../data-dir';
import { registerAppScheme, serveRendererFiles } from './app-protocol';
import { APP_ENTRY_URL, loopbackDevServerUrl } from './app-url';
import { denyAllPermissions, installNavigationGuards } from './guards';
import { connectIpc } from './ipc-glue';
import { secureWebPreferences } from './web-preferences';
import { DEFAULT_WINDOW_SIZE, loadWindowState, saveWindowState, visibleBounds } from './window-state';

const here = fileURLToPath(new URL('.', import.meta.url));
// The dev server is only ever used by an unpackaged development build (electron-vite dev);
// the DEV constant makes the branch dead code in production bundles.
const devServerUrl = import.meta.env.DEV && !app.isPackaged ? loopbackDevServerUrl(process.env.ELECTRON_RENDERER_URL) : undefined;

// Resolved before the single-instance lock: Electron keys the lock on userData, so pointing
// userData at --data-dir / ZONEDESK_DATA_DIR lets two data directories run side by side while a
// second launch on the same one focuses the first window.
const dataDir = resolveDataDir({ argv: process.argv, env: process.env, platform: process.platform, electronUserData: app.getPath('userData') });
if (dataDir !== app.getPath('userData')) app.setPath('userData', dataDir);

let mainWindow: BrowserWindow | undefined;
let services: Services | undefined;

/** Opens the app window at its remembered place; `mainWindow` always tracks the live one. */
function createMainWindow(): BrowserWindow {
  const saved = loadWindowState(dataDir);
  const bounds = visibleBounds(saved?.bounds, screen.getAllDisplays().map((d) => d.workArea));
  const window = new BrowserWindow({
    ...DEFAULT_WINDOW_SIZE,
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Zonedesk',
    // The theme's own background, so the first frame does not flash the other theme.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#17191d' : '#f6f7f9',
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => saveWindowState(dataDir, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL);
  mainWindow = window;
  return window;
}

/** A start-up failure (a native module built for another ABI, an unwritable data dir) is shown, not swallowed. */
function failStart(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error('[zonedesk] start-up failed:', error);
  dialog.showErrorBox('Zonedesk could not start', `${message}\n\nData directory: ${dataDir}`);
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  installNavigationGuards(devServerUrl);

  app.on('second-instance', () => {
    if (!mainWindow) {
      if (services) createMainWindow(); // macOS: the app runs with no window open
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  void app.whenReady().then(async () => {
    denyAllPermissions();
    serveRendererFiles(join(here, '../renderer'));
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
    createMainWindow();

    app.on('activate', () => {
      if (!BrowserWindow.getAllWindows().length) createMainWindow();
    });
  }).catch(failStart);

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quit waits for the services to close (SQLite checkpoints, the sandbox emulator stops).
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !services) return;
    disposed = true;
    event.preventDefault();
    void services
      .dispose()
      .catch((error: unknown) => console.error('[zonedesk] shutdown failed:', error))
      .finally(() => app.quit());
  });
}
