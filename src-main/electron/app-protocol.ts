import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { protocol } from 'electron';
import mime from 'mime';
import { resolveStaticPath } from '../bridge/static-files';
import { DOCUMENT_SECURITY_HEADERS } from '../content-security-policy';
import { APP_HOST, APP_SCHEME } from './app-url';

/** Must run before `app.ready`: `app://` behaves like https (secure, standard origin, fetch). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from disk under `app://zonedesk/` with the strict CSP. */
export function serveRendererFiles(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveStaticPath(rendererDir, url.pathname) : undefined;
    const body = file ? await readFile(file).catch(() => undefined) : undefined;
    if (!file || !body) return new Response('Not found', { status: 404 });
    return new Response(body, {
      headers: { ...DOCUMENT_SECURITY_HEADERS, 'Content-Type': mime.getType(extname(file)) ?? 'application/octet-stream' },
    });
  });
}
