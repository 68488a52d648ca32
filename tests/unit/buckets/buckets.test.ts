import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBucketsDomain, type BucketsDomain } from '../../../src-main/buckets/index';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { toAppErrorShape } from '../../../src-main/ipc/app-error';
import { contentDisposition } from '../../../src-main/transfers/index';

let dir: string;
let domain: BucketsDomain;
const ctx = { transport: 'http' as const };
const h = () => domain.handlers;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-buckets-'));
  domain = createBucketsDomain({ dataDir: dir, events: createEventHub(), limits: { threshold: 6 * 1024 * 1024, partSize: 5 * 1024 * 1024 } });
});
afterEach(async () => {
  await domain.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function error(p: unknown) {
  try {
    await p;
  } catch (e) {
    return toAppErrorShape(e);
  }
  throw new Error('expected a failure');
}

describe('buckets handlers', () => {
  it('creates, lists with stats, refuses bad names and duplicates, deletes only when confirmed', async () => {
    const made = await h()['buckets.create']({ name: 'photos', defaultStorageClass: 'InfrequentAccess' }, ctx);
    expect(made).toMatchObject({ name: 'photos', defaultStorageClass: 'InfrequentAccess', objectCount: 0, totalBytes: 0 });
    expect(await error(h()['buckets.create']({ name: 'Bad_Name', defaultStorageClass: 'Standard' }, ctx))).toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'name' } });
    expect(await error(h()['buckets.create']({ name: 'photos', defaultStorageClass: 'Standard' }, ctx))).toMatchObject({ code: 'CONFLICT' });
    expect(await error(h()['buckets.delete']({ name: 'photos', confirm: 'photo' }, ctx))).toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'confirm' } });
    expect(await h()['buckets.delete']({ name: 'photos', confirm: 'photos' }, ctx)).toEqual({ deleted: 'photos' });
    expect(await h()['buckets.list'](undefined, ctx)).toEqual([]);
    expect(await error(h()['buckets.stats']({ name: 'photos' }, ctx))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists folders with their trailing delimiter and pages by cursor', async () => {
    await h()['buckets.create']({ name: 'site', defaultStorageClass: 'Standard' }, ctx);
    const server = await serve();
    for (const key of ['a/b/c.txt', 'a/d.txt', 'e.txt', 'f.txt', 'g.txt']) await put(server, 'site', key, `body of ${key}`);
    const top = await h()['buckets.listObjects']({ bucket: 'site', prefix: '', delimiter: '/', limit: 1000 }, ctx);
    expect(top.folders).toEqual(['a/']);
    expect(top.objects.map((o) => o.key)).toEqual(['e.txt', 'f.txt', 'g.txt']);
    const inA = await h()['buckets.listObjects']({ bucket: 'site', prefix: 'a/', delimiter: '/', limit: 1000 }, ctx);
    expect(inA).toMatchObject({ folders: ['a/b/'], truncated: false });
    expect(inA.objects.map((o) => o.key)).toEqual(['a/d.txt']);
    const page1 = await h()['buckets.listObjects']({ bucket: 'site', prefix: '', limit: 2 }, ctx);
    expect(page1.truncated).toBe(true);
    const page2 = await h()['buckets.listObjects']({ bucket: 'site', prefix: '', limit: 2, cursor: page1.cursor }, ctx);
    expect(page2.objects.map((o) => o.key)).toEqual(['e.txt', 'f.txt']);

    const details = await h()['buckets.headObject']({ bucket: 'site', key: 'e.txt' }, ctx);
    expect(details).toMatchObject({ key: 'e.txt', size: 13, httpMetadata: { contentType: 'text/plain' }, checksums: { md5: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(typeof details?.uploaded).toBe('string');
    expect(JSON.parse(JSON.stringify(details))).toEqual(details); // plain JSON

    const res = await fetch(`${server.url}/transfer/download?bucket=site&key=${encodeURIComponent('a/b/c.txt')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(contentDisposition('a/b/c.txt'));
    expect(await res.text()).toBe('body of a/b/c.txt');
    expect((await fetch(`${server.url}/transfer/download?bucket=site&key=nope`)).status).toBe(404);

    await h()['buckets.deleteObject']({ bucket: 'site', key: 'e.txt' }, ctx);
    expect(await h()['buckets.headObject']({ bucket: 'site', key: 'e.txt' }, ctx)).toBeNull();
    await server.close();
  });

  it('streams a registered multipart upload over HTTP and refuses a wrong Content-Length', async () => {
    await h()['buckets.create']({ name: 'big', defaultStorageClass: 'Standard' }, ctx);
    const server = await serve();
    const data = Buffer.alloc(13 * 1024 * 1024, 3);
    const { jobs } = await h()['transfers.registerStreams']({ bucket: 'big', files: [{ key: 'x.bin', size: data.length }], conflict: 'overwrite' }, ctx);
    const res = await fetch(`${server.url}/transfer/upload?job=${jobs[0]!.id}`, { method: 'PUT', body: data });
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown).toMatchObject({ ok: true, value: { state: 'done', multipart: true } });
    const head = await h()['buckets.headObject']({ bucket: 'big', key: 'x.bin' }, ctx);
    expect(head?.etag).toMatch(/-3$/);
    const again = await fetch(`${server.url}/transfer/upload?job=${jobs[0]!.id}`, { method: 'PUT', body: data });
    expect(again.status).toBe(409);
    const bad = await fetch(`${server.url}/transfer/upload?bucket=big&key=y&size=5`, { method: 'PUT', body: 'too long' });
    expect(bad.status).toBe(400);
    expect(h()['transfers.ongoingUploads'](undefined, ctx)).toEqual({ count: 0 });
    await server.close();
  });

  it('reads an edge project configuration and says which bound buckets exist', async () => {
    await h()['buckets.create']({ name: 'assets', defaultStorageClass: 'Standard' }, ctx);
    const config = path.join(dir, 'wrangler.toml');
    fs.writeFileSync(config, 'compatibility_date = "2024-01-01"\n[[r2_buckets]]\nbinding = "ASSETS"\nbucket_name = "assets"\n[[r2_buckets]]\nbinding = "LOGS"\nbucket_name = "logs"\n');
    expect(await h()['buckets.readBindings']({ configPath: config }, ctx)).toMatchObject({
      compatibilityDate: '2024-01-01',
      entries: [
        { binding: 'ASSETS', bucketName: 'assets', exists: true },
        { binding: 'LOGS', bucketName: 'logs', exists: false },
      ],
    });
    expect(await error(h()['buckets.readBindings']({ configPath: path.join(dir, 'missing.toml') }, ctx))).toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'configPath' } });
  });
});

async function serve(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = domain.bridgeRoutes.find((r) => r.method === req.method && r.path === url.pathname);
    if (!route) return void res.writeHead(404).end();
    void route.handle(req, res, url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

async function put(server: { url: string }, bucket: string, key: string, body: string): Promise<void> {
  const res = await fetch(`${server.url}/transfer/upload?bucket=${bucket}&key=${encodeURIComponent(key)}&size=${Buffer.byteLength(body)}`, { method: 'PUT', body });
  if (res.status !== 200) throw new Error(await res.text());
}

describe('transfers.download', () => {
  it('refuses a destination the save dialog did not grant', async () => {
    expect(await error(Promise.resolve().then(() => h()['transfers.download']({ bucket: 'any', key: 'k', destinationPath: path.join(dir, 'x') }, ctx)))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('transfers.uploadPaths', () => {
  it('refuses folders, relative paths and non-regular files before queueing anything', async () => {
    await h()['buckets.create']({ name: 'local', defaultStorageClass: 'Standard' }, ctx);
    const folder = path.join(dir, 'a-folder');
    fs.mkdirSync(folder);
    const file = path.join(dir, 'ok.txt');
    fs.writeFileSync(file, 'fine');
    const cases: [string, RegExp][] = [
      [folder, /is a folder/],
      ['relative/file.txt', /not an absolute path/],
      ['/dev/null', /not a regular file/],
    ];
    for (const [p, message] of cases) {
      const shape = await error(h()['transfers.uploadPaths']({ bucket: 'local', conflict: 'overwrite', files: [{ path: file, key: 'ok.txt' }, { path: p, key: 'x' }] }, ctx));
      expect(shape, p).toMatchObject({ code: 'INVALID_ARGUMENT', message, details: { field: 'files', issues: [{ path: 'files.1.path', file: p }] } });
    }
    // Nothing was queued by the refused calls, not even the valid file beside the bad one.
    expect(h()['transfers.list'](undefined, ctx)).toEqual([]);
    // A regular file goes through.
    const { jobs } = await h()['transfers.uploadPaths']({ bucket: 'local', conflict: 'overwrite', files: [{ path: file, key: 'ok.txt' }] }, ctx);
    expect(jobs).toHaveLength(1);
  });
});
