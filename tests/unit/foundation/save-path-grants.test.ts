import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createServices } from '../../../src-main/app';
import { createMemorySecretStore } from '../../../src-main/vault/index';

const ctx = { transport: 'electron' as const };

it('downloads only to the path the user chose in the save dialog, once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'zonedesk-grants-'));
  const chosen = join(dir, 'chosen.txt');
  const services = await createServices({
    dataDir: join(dir, 'data'),
    mode: 'electron',
    version: '1',
    secrets: createMemorySecretStore(),
    shell: { chooseSavePath: async () => chosen },
  });
  try {
    const { router } = services;
    const source = join(dir, 'source.txt');
    writeFileSync(source, 'hello bucket');
    expect((await router.invoke('buckets.create', { name: 'grants' }, ctx)).ok).toBe(true);
    const upload = await router.invoke('transfers.uploadPaths', { bucket: 'grants', files: [{ path: source, key: 'a.txt' }] }, ctx);
    expect(upload.ok).toBe(true);
    await expect
      .poll(async () => {
        const listed = await router.invoke('buckets.listObjects', { bucket: 'grants' }, ctx);
        return listed.ok ? (listed.value as { objects: unknown[] }).objects.length : -1;
      })
      .toBe(1);

    const elsewhere = join(dir, 'not-chosen.txt');
    expect(await router.invoke('transfers.download', { bucket: 'grants', key: 'a.txt', destinationPath: elsewhere }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });

    expect(await router.invoke('app.chooseSavePath', { defaultName: 'a.txt' }, ctx)).toEqual({ ok: true, value: chosen });
    expect((await router.invoke('transfers.download', { bucket: 'grants', key: 'a.txt', destinationPath: chosen }, ctx)).ok).toBe(true);
    await expect.poll(() => { try { return readFileSync(chosen, 'utf8'); } catch { return ''; } }).toBe('hello bucket');
    // The grant is used up.
    expect(await router.invoke('transfers.download', { bucket: 'grants', key: 'a.txt', destinationPath: chosen }, ctx)).toMatchObject({ ok: false });
  } finally {
    await services.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
