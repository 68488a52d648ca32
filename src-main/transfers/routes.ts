/** Browser mode's streaming routes: upload bodies go straight into the store, downloads stream out. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { z } from 'zod';
import type { BridgeRoute } from '../bridge/http-bridge';
import type { StoreBucket } from '../store';
import type { TransferQueue } from './queue';

const UploadQuery = z.union([
  z.object({ job: z.string().min(1).max(64) }),
  z.object({ bucket: z.string().min(1).max(63), key: z.string().min(1).max(1024), size: z.coerce.number().int().min(0) }),
]);
const DownloadQuery = z.object({ bucket: z.string().min(1).max(63), key: z.string().min(1).max(1024) });

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.destroy();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function fail(res: ServerResponse, status: number, code: string, message: string): void {
  send(res, status, { ok: false, error: { code, message } });
}

/** `attachment; filename="…"; filename*=UTF-8''…` for the key's last segment (header-safe). */
export function contentDisposition(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `PUT /transfer/upload?job=<id>` (a job from `transfers.registerStreams`) or
 * `PUT /transfer/upload?bucket=&key=&size=` (a one-off overwrite), and
 * `GET /transfer/download?bucket=&key=&token=` (attachment, for a browser download).
 */
export function createTransferRoutes(deps: { queue: TransferQueue; openBucket: (name: string) => Promise<StoreBucket> }): BridgeRoute[] {
  const upload: BridgeRoute = {
    method: 'PUT',
    path: '/transfer/upload',
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const query = UploadQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return fail(res, 400, 'INVALID_ARGUMENT', 'Give job=<id>, or bucket, key and size.');
      let id: string;
      try {
        if ('job' in query.data) id = query.data.job;
        else {
          const [job] = await deps.queue.registerStreams(query.data.bucket, [{ key: query.data.key, size: query.data.size }], 'overwrite');
          id = (job as { id: string }).id;
        }
        const before = deps.queue.get(id);
        // Cancelled or skipped already (a browser may also resend a body cut off by a cancel): nothing to store.
        if (before && (before.state === 'cancelled' || before.state === 'skipped')) {
          return send(res, 200, { ok: true, value: before });
        }
        const declared = req.headers['content-length'];
        const expected = deps.queue.get(id)?.total;
        if (declared !== undefined && expected !== undefined && expected !== null && Number(declared) !== expected) {
          return fail(res, 400, 'INVALID_ARGUMENT', `Content-Length ${declared} differs from the registered size ${expected}.`);
        }
        const done = await deps.queue.acceptStream(id, req);
        // A cancel is an outcome the user asked for, not a request error: 200 with the job saying so.
        if (done.state === 'done' || done.state === 'cancelled') return send(res, 200, { ok: true, value: done });
        fail(res, 500, 'UPLOAD_FAILED', done.error ?? `The upload was ${done.state}.`);
      } catch (e) {
        const conflict = (e as { code?: string }).code === 'CONFLICT';
        fail(res, conflict ? 409 : e instanceof RangeError || e instanceof TypeError ? 400 : 500, conflict ? 'CONFLICT' : 'UPLOAD_FAILED', (e as Error).message);
      } finally {
        // The unread rest of a cancelled or failed body is discarded, not reset: a reset shows in the
        // browser as a network error, while the renderer aborts its own send as soon as it hears.
        if (!req.complete) {
          req.resume();
          const cut = setTimeout(() => req.destroy(), 10_000);
          cut.unref();
          req.once('close', () => clearTimeout(cut));
        }
      }
    },
  };

  const download: BridgeRoute = {
    method: 'GET',
    path: '/transfer/download',
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const query = DownloadQuery.safeParse({ bucket: url.searchParams.get('bucket'), key: url.searchParams.get('key') });
      if (!query.success) return fail(res, 400, 'INVALID_ARGUMENT', 'Give bucket and key.');
      let object;
      try {
        const bucket = await deps.openBucket(query.data.bucket);
        object = await bucket.get(query.data.key);
      } catch (e) {
        return fail(res, 404, 'NOT_FOUND', (e as Error).message);
      }
      if (!object) return fail(res, 404, 'NOT_FOUND', `The object "${query.data.key}" does not exist.`);
      res.writeHead(200, {
        'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
        'Content-Length': object.size,
        'Content-Disposition': contentDisposition(query.data.key),
        ETag: object.httpEtag,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      try {
        await pipeline(Readable.fromWeb(object.body as NodeWebStream<Uint8Array>), res);
      } catch {
        // The browser went away mid-download; pipeline already destroyed both ends.
      }
      void req;
    },
  };

  return [upload, download];
}
