import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import mime from 'mime';
import { DOCUMENT_SECURITY_HEADERS } from '../content-security-policy';

/** Resolves a URL path inside `root`, refusing anything that escapes it (`..`, encoded slashes). */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  // Compare normalised absolute paths, so a root given as `a/../b` or with a trailing slash still works.
  const base = resolve(root);
  const full = join(base, relative);
  return full.startsWith(base.endsWith(sep) ? base : base + sep) ? full : undefined;
}

/** Streams a built renderer file with the document security headers; false when it is absent. */
export async function serveStaticFile(root: string, urlPath: string, res: ServerResponse): Promise<boolean> {
  const file = resolveStaticPath(root, urlPath);
  if (!file) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  const type = mime.getType(extname(file)) ?? 'application/octet-stream';
  res.writeHead(200, {
    ...DOCUMENT_SECURITY_HEADERS,
    'Content-Type': type.startsWith('text/') || type === 'application/javascript' ? `${type}; charset=utf-8` : type,
    'Content-Length': info.size,
    'Cache-Control': file.endsWith('.html') ? 'no-store' : 'no-cache',
  });
  createReadStream(file).pipe(res);
  return true;
}
