import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, snap, test, type ZonedeskServer } from './fixtures';

const BUCKET = 'e2e-files';

/** Calls a channel over the bridge the way the renderer does. */
async function rpc(page: Page, server: ZonedeskServer, channel: string, args?: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const res = await page.request.post(`${server.origin}/rpc/${channel}`, { headers: { 'X-Zonedesk-Token': server.token, 'Content-Type': 'application/json' }, data: { args } });
  return (await res.json()) as { ok: boolean; value?: unknown };
}

/** Drops files on the browser with a real DataTransfer (what a desktop drag delivers to the page). */
async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.getByTestId('drop-zone').evaluate((zone, list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

test('buckets: create, upload by drop / folder / button, browse, inspect, download, cancel, delete', async ({ page, server }) => {
  test.setTimeout(90_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-e2e-buckets-'));
  try {
    await page.goto(`${server.url}#/buckets`);
    await expect(page.getByRole('heading', { name: 'No buckets yet' })).toBeVisible();
    await snap(page, 'buckets-empty');

    await test.step('create a bucket (name validated)', async () => {
      await page.getByRole('button', { name: 'Create bucket' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create bucket' });
      await dialog.getByLabel('Name').fill('Bad_Name');
      await dialog.getByRole('button', { name: 'Create bucket' }).click();
      await expect(dialog.getByText('Use only lowercase letters, digits and hyphens.')).toBeVisible();
      await snap(page, 'buckets-create-invalid');
      await dialog.getByLabel('Name').fill(BUCKET);
      await dialog.getByLabel(/Infrequent Access/).check();
      await dialog.getByRole('button', { name: 'Create bucket' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: 'This bucket is empty' })).toBeVisible();
      await snap(page, 'buckets-bucket-empty');
    });

    await test.step('drop three files, pick a folder, use the upload button', async () => {
      await dropFiles(page, [
        { name: 'alpha.txt', text: 'alpha contents' },
        { name: 'beta.txt', text: 'beta contents, a bit longer' },
        { name: 'gamma.csv', text: 'a,b,c\n1,2,3\n' },
      ]);
      await expect(page.getByTestId('object-row')).toHaveCount(3);

      const album = path.join(tmp, 'album');
      fs.mkdirSync(path.join(album, 'sub'), { recursive: true });
      fs.writeFileSync(path.join(album, 'cover.txt'), 'cover');
      fs.writeFileSync(path.join(album, 'sub', 'track1.txt'), 'track one');
      fs.writeFileSync(path.join(album, 'sub', 'track2.txt'), 'track two');
      await page.getByTestId('folder-input').setInputFiles(album);

      const single = path.join(tmp, 'delta.md');
      fs.writeFileSync(single, '# delta');
      await page.getByTestId('file-input').setInputFiles(single);

      await expect(page.locator('[data-testid="folder-row"][data-prefix="album/"]')).toBeVisible();
      await expect(page.getByTestId('object-row')).toHaveCount(4);
      await expect(page.getByTestId('transfers-summary')).toContainText('7 / 7 files');
      await snap(page, 'buckets-uploaded');
    });

    await test.step('walk folders by rows and breadcrumbs', async () => {
      await page.locator('[data-testid="folder-row"][data-prefix="album/"]').getByRole('button', { name: 'album/', exact: true }).click();
      await expect(page.locator('[data-testid="object-row"][data-key="album/cover.txt"]')).toBeVisible();
      await page.locator('[data-testid="folder-row"][data-prefix="album/sub/"]').getByRole('button', { name: 'sub/', exact: true }).click();
      await expect(page.getByTestId('object-row')).toHaveCount(2);
      await expect(page.locator('[data-testid="object-row"][data-key="album/sub/track2.txt"]')).toBeVisible();
      await snap(page, 'buckets-nested-folder');
      await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: BUCKET }).click();
      await expect(page.getByTestId('object-row')).toHaveCount(4);
    });

    await test.step('object panel and download', async () => {
      await page.locator('[data-testid="object-row"][data-key="beta.txt"]').getByRole('button').click();
      const panel = page.getByTestId('object-panel');
      await expect(panel.getByTestId('object-key')).toHaveText('beta.txt');
      await expect(panel).toContainText('InfrequentAccess');
      await expect(panel).toContainText('text/plain');
      await expect(panel).toContainText('MD5');
      await snap(page, 'buckets-object-panel');
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('beta.txt');
      const saved = path.join(tmp, 'downloaded.txt');
      await download.saveAs(saved);
      expect(fs.readFileSync(saved, 'utf8')).toBe('beta contents, a bit longer');
      await panel.getByRole('button', { name: 'Close object panel' }).click();
    });

    await test.step('a conflict asks, and "keep both" uploads under a numbered name', async () => {
      await dropFiles(page, [{ name: 'alpha.txt', text: 'second alpha' }]);
      const dialog = page.getByRole('dialog', { name: 'This object already exists' });
      await expect(dialog.getByTestId('conflict-key')).toHaveText('alpha.txt');
      await snap(page, 'buckets-conflict');
      await dialog.getByRole('button', { name: 'Keep both' }).click();
      await expect(page.locator('[data-testid="object-row"][data-key="alpha (1).txt"]')).toBeVisible();
    });

    await test.step('cancel a large upload mid-way: no object, no ongoing upload', async () => {
      const big = path.join(tmp, 'huge.bin');
      fs.writeFileSync(big, '');
      fs.truncateSync(big, 600 * 1024 * 1024); // sparse: instant to make
      await page.getByTestId('file-input').setInputFiles(big);
      const row = page.locator('[data-testid="transfer-row"][data-key="huge.bin"]');
      await expect(row).toHaveAttribute('data-state', 'running');
      await expect(row).toContainText(/MiB \//);
      await snap(page, 'buckets-upload-running');
      await row.getByRole('button', { name: 'Cancel huge.bin' }).click();
      await expect(row).toHaveAttribute('data-state', 'cancelled');
      await snap(page, 'buckets-upload-cancelled');
      expect(await rpc(page, server, 'buckets.headObject', { bucket: BUCKET, key: 'huge.bin' })).toEqual({ ok: true, value: null });
      await expect.poll(async () => (await rpc(page, server, 'transfers.ongoingUploads')).value).toEqual({ count: 0 });
      // And the store itself holds no ongoing multipart upload.
      const db = new Database(path.join(server.dataDir, 'buckets', BUCKET, 'bucket.sqlite'), { readonly: true, fileMustExist: true });
      try {
        expect((db.prepare('SELECT count(*) AS n FROM uploads WHERE state = 0').get() as { n: number }).n).toBe(0);
        expect((db.prepare('SELECT count(*) AS n FROM uploads').get() as { n: number }).n).toBe(1);
      } finally {
        db.close();
      }
      await expect(page.locator('[data-testid="object-row"][data-key="huge.bin"]')).toHaveCount(0);
    });

    await test.step('delete a folder as a batched job', async () => {
      const folder = page.locator('[data-testid="folder-row"][data-prefix="album/"]');
      await folder.hover();
      await folder.getByRole('button', { name: 'Delete folder album/' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete folder' });
      await snap(page, 'buckets-delete-folder-confirm');
      await dialog.getByRole('button', { name: 'Delete folder' }).click();
      await expect(page.locator('[data-testid="transfer-row"][data-key="album/"]')).toHaveAttribute('data-state', 'done');
      await expect(page.locator('[data-testid="transfer-row"][data-key="album/"]')).toContainText('3 / 3 objects');
      await expect(folder).toHaveCount(0);
      await expect(page.getByTestId('object-row')).toHaveCount(5);
      await snap(page, 'buckets-folder-deleted');
    });

    await test.step('delete the bucket with typed confirmation', async () => {
      await page.getByRole('button', { name: `Delete bucket ${BUCKET}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete bucket' });
      await expect(dialog).toContainText('5 objects');
      const confirm = dialog.getByRole('button', { name: 'Delete bucket' });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(/Type/).fill(BUCKET);
      await snap(page, 'buckets-delete-bucket-confirm');
      await confirm.click();
      await expect(page.getByRole('heading', { name: 'No buckets yet' })).toBeVisible();
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

/** Uploads small objects straight through the bridge's streaming route, `concurrency` at a time. */
async function fill(server: ZonedeskServer, bucket: string, keys: string[], concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      const body = `body of ${key}`;
      const res = await fetch(`${server.origin}/transfer/upload?bucket=${bucket}&key=${encodeURIComponent(key)}&size=${body.length}`, {
        method: 'PUT',
        headers: { 'X-Zonedesk-Token': server.token },
        body,
      });
      if (res.status !== 200) throw new Error(`${key}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

test('buckets: pages past 1,000 objects by cursor; keyboard; narrow toolbar; dark mode', async ({ page, server }) => {
  test.setTimeout(60_000);
  const bucket = 'e2e-paging';
  expect((await rpc(page, server, 'buckets.create', { name: bucket })).ok).toBe(true);
  const keys = Array.from({ length: 1050 }, (_, i) => `obj-${String(i).padStart(4, '0')}.txt`);
  await fill(server, bucket, [...keys, 'zz-folder/inside.txt']);
  await rpc(page, server, 'transfers.clearFinished');

  await page.goto(`${server.url}#/buckets`);
  await page.getByRole('button', { name: /^e2e-paging 1,051 objects/ }).click();
  const count = page.getByTestId('loaded-count');
  await expect(count).toHaveText('1,000 objects loaded · more available');

  await test.step('scrolling near the end loads the next page by cursor', async () => {
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(count).toHaveText('1 folder · 1,050 objects loaded');
    // The list grew under the scroll position: scroll to its new end to see the last page's rows.
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.locator('[data-testid="object-row"][data-key="obj-1049.txt"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await snap(page, 'buckets-second-page');
  });

  await test.step('"Load more" fetches the next page too', async () => {
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = 0));
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(count).toHaveText('1,000 objects loaded · more available');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(count).toHaveText('1 folder · 1,050 objects loaded');
  });

  await test.step('keyboard: arrows move, Enter opens the panel, Esc closes it, Delete asks', async () => {
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = 0));
    const first = page.locator('[data-testid="object-row"][data-key="obj-0000.txt"] button.name');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const second = page.locator('[data-testid="object-row"][data-key="obj-0001.txt"] button.name');
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('object-panel');
    await expect(panel.getByTestId('object-key')).toHaveText('obj-0001.txt');
    // With the panel open the toolbar stays on one row; its secondary buttons keep their names.
    const toolbar = await page.locator('.toolbar').first().boundingBox();
    expect(toolbar?.height ?? 0).toBeLessThan(50);
    await expect(page.getByRole('button', { name: 'Upload folder' })).toBeVisible();
    await snap(page, 'buckets-object-panel-narrow');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(second).toBeFocused();
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete object' });
    await expect(dialog).toContainText('obj-0001.txt');
    await dialog.getByRole('button', { name: 'Delete object' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-testid="object-row"][data-key="obj-0001.txt"]')).toHaveCount(0);
    expect(await rpc(page, server, 'buckets.headObject', { bucket, key: 'obj-0001.txt' })).toEqual({ ok: true, value: null });
  });

  await test.step('"New folder" shows a placeholder until something is uploaded under it', async () => {
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Folder name').fill('reports');
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    const placeholder = page.locator('[data-testid="folder-row"][data-prefix="reports/"]');
    await expect(placeholder).toContainText('new');
    await placeholder.getByRole('button', { name: /^reports\/ new$/ }).click();
    await expect(page.getByRole('heading', { name: 'This folder is empty' })).toBeVisible();
    await page.getByTestId('file-input').setInputFiles({ name: 'q1.txt', mimeType: 'text/plain', buffer: Buffer.from('first quarter') });
    await expect(page.locator('[data-testid="object-row"][data-key="reports/q1.txt"]')).toBeVisible();
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: bucket }).click();
    // 'reports/' sorts after the first 1,000 keys: it is a real folder on the next page now.
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.getByTestId('loaded-count')).toHaveText('2 folders · 1,049 objects loaded');
    await page.getByRole('rowgroup', { name: 'Objects', exact: true }).evaluate((el) => (el.scrollTop = 0));
    await expect(placeholder).toBeVisible(); // folders list first
    await expect(placeholder).not.toContainText('new');
  });

  await test.step('dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('[data-testid="object-row"][data-key="obj-0002.txt"] button.name').click();
    await expect(page.getByTestId('object-panel')).toBeVisible();
    await snap(page, 'buckets-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
