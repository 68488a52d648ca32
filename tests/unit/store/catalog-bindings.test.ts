import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BucketNameError, createBucketCatalog, defaultBucketsDir, loadBindings, readBindingConfig, type BucketCatalog } from '../../../src-main/store/index';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let catalog: BucketCatalog;
beforeEach(() => {
  tmp = tempDir();
  catalog = createBucketCatalog({ dir: path.join(tmp.dir, 'buckets'), clock: () => Date.UTC(2024, 0, 2) });
});
afterEach(async () => {
  await catalog.close();
  tmp.cleanup();
});

describe('catalog', () => {
  it('creates, lists, counts, deletes', async () => {
    expect(await catalog.list()).toEqual([]);
    const info = await catalog.create('photos', { defaultStorageClass: 'InfrequentAccess' });
    expect(info).toEqual({ name: 'photos', createdAt: '2024-01-02T00:00:00.000Z', defaultStorageClass: 'InfrequentAccess', objectCount: 0, totalBytes: 0 });
    await catalog.create('docs');
    const photos = await catalog.open('photos');
    expect(await catalog.open('photos')).toBe(photos);
    expect((await photos.put('a', 'hello')).storageClass).toBe('InfrequentAccess');
    await photos.put('b', 'hi');
    await photos.put('a', 'hey');
    const up = await photos.createMultipartUpload('m');
    await up.complete([await up.uploadPart(1, 'multi')]);
    await photos.delete('b');
    expect(await catalog.stats('photos')).toMatchObject({ objectCount: 2, totalBytes: 8 });
    expect((await catalog.list()).map((b) => b.name)).toEqual(['docs', 'photos']);
    await expect(catalog.create('photos')).rejects.toThrow(/already exists\. \(BucketAlreadyExists\)$/);
    await catalog.delete('photos');
    await expect(catalog.delete('photos')).rejects.toThrow(/does not exist\. \(NoSuchBucket\)$/);
    await expect(catalog.open('photos')).rejects.toThrow(/NoSuchBucket/);
    expect((await catalog.list()).map((b) => b.name)).toEqual(['docs']);
  });

  it('persists counters and settings across catalogs', async () => {
    await catalog.create('keep', { defaultStorageClass: 'InfrequentAccess' });
    await (await catalog.open('keep')).put('x', 'abc');
    await catalog.close();
    catalog = createBucketCatalog({ dir: path.join(tmp.dir, 'buckets') });
    expect(await catalog.stats('keep')).toMatchObject({ objectCount: 1, totalBytes: 3, defaultStorageClass: 'InfrequentAccess' });
  });

  it.each(['ab', 'Upper', 'under_score', '-start', 'end-', 'a'.repeat(64)])('rejects bucket name %s', async (name) => {
    await expect(catalog.create(name)).rejects.toBeInstanceOf(BucketNameError);
    await expect(catalog.create(name)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('loadBindings', () => {
  const write = (name: string, text: string) => {
    const file = path.join(tmp.dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('reads TOML and opens the bound buckets with the config compatibility date', async () => {
    const file = write('wrangler.toml', `name = "w"\ncompatibility_date = "2021-01-01"\n\n[[r2_buckets]]\nbinding = "MY_BUCKET"\nbucket_name = "assets"\n\n[[store_buckets]]\nbinding = "OTHER"\nbucket_name = "assets"\n`);
    const config = await readBindingConfig(file);
    expect(config.entries.map((e) => [e.binding, e.bucketName, e.section])).toEqual([['OTHER', 'assets', 'store_buckets'], ['MY_BUCKET', 'assets', 'r2_buckets']]);
    const env = await loadBindings(file, { bucketsDir: path.join(tmp.dir, 'buckets') });
    expect(env.MY_BUCKET).toBe(env.OTHER);
    await env.MY_BUCKET?.put('k', 'v', { httpMetadata: { contentType: 'a/b' } });
    // Old compatibility date: include is ignored, both metadata kinds come back.
    expect((await env.MY_BUCKET?.list({ include: ['customMetadata'] }))?.objects[0]?.httpMetadata).toEqual({ contentType: 'a/b' });
    expect((await catalog.stats('assets')).objectCount).toBe(1); // the app sees the same bucket
    await env.MY_BUCKET?.close();
  });

  it('reads JSON with comments and trailing commas', async () => {
    const file = write('wrangler.jsonc', `{\n  // comment\n  "compatibility_date": "2024-09-01",\n  "r2_buckets": [ { "binding": "B", "bucket_name": "files" }, ],\n}`);
    const env = await loadBindings(file, { bucketsDir: path.join(tmp.dir, 'buckets') });
    await env.B?.put('k', 'v', { httpMetadata: { contentType: 'a/b' } });
    expect((await env.B?.list())?.objects[0]?.httpMetadata).toBeUndefined();
    await env.B?.close();
  });

  it.each([
    ['bad.toml', '[[r2_buckets]]\nbinding = "A"\n', /bad\.toml: r2_buckets\[0\] \(binding "A"\): bucket_name is missing or not a string/],
    ['bad2.toml', '[[r2_buckets]]\nbinding = "A"\nbucket_name = "Bad_Name"\n', /bad2\.toml: r2_buckets\[0\] \(binding "A"\): bucket_name invalid bucket name/],
    ['bad3.json', '{"store_buckets":[{"binding":"1x","bucket_name":"ok-name"}]}', /bad3\.json: store_buckets\[0\] \(binding "1x"\): binding must be a valid JavaScript identifier/],
    ['bad4.json', '{"r2_buckets":[{"binding":"A","bucket_name":"abc"},{"binding":"A","bucket_name":"abd"}]}', /bad4\.json: r2_buckets\[1\] \(binding "A"\): binding "A" is defined twice/],
    ['bad5.toml', 'x = = 1', /bad5\.toml: invalid TOML/],
    ['bad6.jsonc', '{ "r2_buckets": [ }', /bad6\.jsonc: invalid JSON/],
    ['bad7.json', '{"compatibility_date": "soon"}', /bad7\.json: compatibility_date: must be YYYY-MM-DD/],
  ])('reports %s', async (name, text, message) => {
    await expect(readBindingConfig(write(name, text))).rejects.toThrow(message);
  });

  it('reports a missing file by name', async () => {
    await expect(readBindingConfig(path.join(tmp.dir, 'none.toml'))).rejects.toThrow(/none\.toml: cannot read/);
  });
});

describe('defaultBucketsDir', () => {
  it.each([
    [{ ZONEDESK_BUCKETS_DIR: '/b' }, 'linux', '/b'],
    [{ ZONEDESK_DATA_DIR: '/d' }, 'linux', path.join('/d', 'buckets')],
    [{ HOME: '/h' }, 'linux', path.join('/h', '.config', 'Zonedesk', 'buckets')],
    [{ HOME: '/h', XDG_CONFIG_HOME: '/x' }, 'linux', path.join('/x', 'Zonedesk', 'buckets')],
    [{ HOME: '/h' }, 'darwin', path.join('/h', 'Library', 'Application Support', 'Zonedesk', 'buckets')],
    [{ HOME: '/h', APPDATA: '/ap' }, 'win32', path.join('/ap', 'Zonedesk', 'buckets')],
  ] as const)('%o on %s → %s', (env, platform, want) => {
    expect(defaultBucketsDir(env as NodeJS.ProcessEnv, platform)).toBe(want);
  });
});
