/** The renderer's own origin under the custom protocol; anything else is foreign. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'zonedesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True for URLs of the app itself: the custom protocol, or the dev server while unpackaged. */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
    if (devServerUrl) return parsed.origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
  return false;
}

/**
 * The dev server URL electron-vite hands an unpackaged app, kept only when it is plain http(s) on
 * loopback: whatever the environment says, the window never loads a remote page.
 */
export function loopbackDevServerUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
    return loopback && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? url : undefined;
  } catch {
    return undefined;
  }
}
