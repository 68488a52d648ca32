import { app, session, shell, type WebContents } from 'electron';
import { isAppUrl } from './app-url';

/**
 * Denies everything a renderer could use to leave the app: navigation elsewhere, new windows,
 * webviews, and every permission request (camera, notifications, …). External https links are
 * handed to the OS browser instead of opening inside the app.
 */
export function installNavigationGuards(devServerUrl?: string): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith('https://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

/** Refuses all permission requests and checks for the default session. */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
