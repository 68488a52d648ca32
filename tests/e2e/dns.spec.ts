import { readFileSync } from 'node:fs';
import { expect, snap, test } from './fixtures';
import type { Page } from '@playwright/test';

// Each test works on its own seeded zone of the worker's fresh sandbox, so they do not collide.
async function openZone(page: Page, url: string, zone: string): Promise<void> {
  await page.goto(`${url}#/dns`);
  await expect(page.getByTestId('status-connection')).toHaveText(/Connected/);
  const picker = page.getByLabel('Zone', { exact: true });
  await expect(picker).toBeVisible();
  const label = (await picker.locator('option').filter({ hasText: `${zone} —` }).first().textContent())?.trim() ?? zone;
  await picker.selectOption({ label });
  await expect(page.locator(`[data-testid="dns-row"][data-name$="${zone}"]`).first()).toBeVisible();
}

const row = (page: Page, name: string, type?: string) =>
  page.locator(`[data-testid="dns-row"][data-name="${name}"]${type ? `[data-type="${type}"]` : ''}`);

test('browses, searches, filters and sorts the records of a zone', async ({ page, server }) => {
  await page.goto(`${server.url}#/dns`);
  await expect(page.getByTestId('dns-row').first()).toBeVisible();
  await expect(page.getByTestId('dns-count')).toHaveText(/^\d+ of \d+$/);
  await snap(page, 'dns-list');
  // `/` focuses search; typing filters instantly.
  await page.locator('body').click();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search records')).toBeFocused();
  await page.keyboard.type('dmarc');
  await expect(page.getByTestId('dns-row')).toHaveCount(1);
  await expect(page.getByTestId('dns-count')).toHaveText(/^1 of /);
  await snap(page, 'dns-search');
  await page.getByLabel('Search records').fill('');
  await page.getByLabel('Filter by type').selectOption('MX');
  await expect(page.getByTestId('dns-row')).toHaveCount(2);
  await page.getByLabel('Filter by type').selectOption('');
  await page.getByLabel('Filter by proxy status').selectOption('proxied');
  for (const toggle of await page.getByRole('switch').all()) await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Filter by proxy status').selectOption('all');
  // Sort by name, descending on the second click.
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  // Arrow keys move the cursor; Enter opens the edit form; Esc closes it.
  await page.getByRole('grid', { name: 'DNS records' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(/Edit \w+ record/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('creates one record of each common type with type-specific forms', async ({ page, server }) => {
  await openZone(page, server.url, 'globex.example');
  const dialog = page.getByRole('dialog');
  const create = async (type: string, fill: Record<string, string>, name: string) => {
    await page.getByRole('button', { name: 'New record' }).click();
    await dialog.getByLabel('Type').selectOption(type);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    for (const [label, value] of Object.entries(fill)) {
      const field = dialog.getByLabel(label, { exact: true });
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    if (type === 'SRV') await snap(page, 'dns-form-srv');
    await dialog.getByRole('button', { name: 'Create record' }).click();
    await expect(dialog).toBeHidden();
    const fqdn = `${name}.globex.example`;
    await expect(row(page, fqdn, type)).toBeVisible();
  };
  await create('A', { 'IPv4 address': '192.0.2.44' }, 'e2e-a');
  await create('AAAA', { 'IPv6 address': '2001:db8::44' }, 'e2e-aaaa');
  await create('CNAME', { Target: 'e2e-a.globex.example' }, 'e2e-cname');
  await create('MX', { 'Mail server': 'mail.globex.example', Priority: '5' }, 'e2e-mx');
  await create('TXT', { Content: 'hello from the e2e test' }, 'e2e-txt');
  await create('SRV', { Priority: '1', Weight: '2', Port: '443', Target: 'e2e-a.globex.example' }, '_e2e._tcp');
  await create('CAA', { Flags: '0', Tag: 'issue', Value: 'letsencrypt.org' }, 'e2e-caa');
  await expect(row(page, '_e2e._tcp.globex.example', 'SRV')).toContainText('1 2 443 e2e-a.globex.example');
  await expect(row(page, 'e2e-caa.globex.example', 'CAA')).toContainText('0 issue "letsencrypt.org"');
  await page.getByLabel('Search records').fill('e2e');
  await expect(page.getByTestId('dns-row')).toHaveCount(7);
  await snap(page, 'dns-created-each-type');
});

test('explains what is wrong on every keystroke, at the field', async ({ page, server }) => {
  await openZone(page, server.url, 'acme-shop.example');
  await page.locator('body').click();
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name', { exact: true });
  const content = dialog.getByLabel('IPv4 address');
  await name.fill('bad');
  await content.fill('192.0.2');
  await expect(dialog.getByRole('alert').filter({ hasText: 'must be a valid IPv4 address' })).toBeVisible();
  await expect(content).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'dns-validation-ipv4');
  await content.fill('104.16.0.1');
  await expect(dialog.getByRole('alert').filter({ hasText: /own network/ })).toBeVisible();
  await snap(page, 'dns-validation-own-network');
  await content.fill('192.0.2.77');
  await name.fill('a'.repeat(64));
  await expect(dialog.getByRole('alert').filter({ hasText: 'DNS name is invalid.' })).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'dns-validation-long-name');
  await name.fill('txt-proxied');
  // A proxied record switched to TXT: the proxy switch stays so the problem can be seen and fixed.
  await dialog.getByRole('switch', { name: 'Proxy status' }).click();
  await expect(dialog.getByLabel('TTL')).toBeDisabled();
  await dialog.getByLabel('Type').selectOption('TXT');
  await dialog.getByLabel('Content').fill('v=spf1 -all');
  await expect(dialog.getByRole('alert').filter({ hasText: 'This record type cannot be proxied.' })).toBeVisible();
  await snap(page, 'dns-validation-proxied-txt');
  await dialog.getByRole('switch', { name: 'Proxy status' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'cannot be proxied' })).toHaveCount(0);
  // Spec rule 4: a proxied CNAME to a name without an address warns before saving.
  await dialog.getByLabel('Type').selectOption('CNAME');
  await dialog.getByLabel('Target').fill('nothing-here.acme-shop.example');
  await dialog.getByRole('switch', { name: 'Proxy status' }).click();
  await expect(page.getByTestId('dns-form-warning')).toContainText('no A or AAAA record');
  await dialog.getByRole('button', { name: 'Create record' }).click();
  await expect(dialog.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  await snap(page, 'dns-validation-cname-chain');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('toggles the proxy inline and shows TTL Auto', async ({ page, server }) => {
  await openZone(page, server.url, 'acme-shop.example');
  const staging = row(page, 'staging.acme-shop.example', 'A');
  await expect(staging.getByTestId('dns-ttl')).toHaveText('5 min');
  await staging.getByRole('switch').click();
  await expect(staging.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(staging.getByTestId('dns-ttl')).toHaveText('Auto');
  await expect(page.getByTestId('dns-notice')).toContainText('Proxied');
  await snap(page, 'dns-proxy-on');
  await staging.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog').getByLabel('TTL')).toBeDisabled();
  await expect(page.getByRole('dialog')).toContainText('Auto (300 s) while proxied');
  await page.keyboard.press('Escape');
});

test('bulk-deletes three records in one batch after a preview', async ({ page, server }) => {
  await openZone(page, server.url, 'umbrella-legacy.example');
  const before = Number((await page.getByTestId('dns-count').textContent())?.split(' of ')[1]);
  const names = ['mail.umbrella-legacy.example', 'sip.umbrella-legacy.example', 'staging.umbrella-legacy.example'];
  for (const n of names) await row(page, n, 'A').getByRole('checkbox').check();
  await expect(page.getByTestId('dns-selected-count')).toHaveText('3 selected');
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('dns-bulk-count')).toHaveText('3 records will change');
  for (const n of names) await expect(dialog).toContainText(n);
  await snap(page, 'dns-bulk-delete-preview');
  await dialog.getByRole('button', { name: 'Delete 3 records' }).click();
  await expect(dialog).toBeHidden();
  for (const n of names) await expect(row(page, n)).toHaveCount(0);
  await expect(page.getByTestId('dns-count')).toHaveText(`${before - 3} of ${before - 3}`);
  await snap(page, 'dns-bulk-deleted');
});

test('imports a zone file: preview with line numbers, proxy option, apply', async ({ page, server }) => {
  await openZone(page, server.url, 'initech.example');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  const text = ['$ORIGIN initech.example.', '$TTL 3600', 'imp-one  IN A 192.0.2.61', 'imp-bad  IN A 192.0.2.300', 'www      IN CNAME initech.example.', 'imp-two  IN CNAME imp-one.initech.example.'].join('\n');
  await page.getByTestId('dns-import-file').setInputFiles({ name: 'initech.zone', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.getByTestId('dns-import-summary')).toContainText('2 to add');
  await expect(page.getByTestId('dns-import-summary')).toContainText('1 already in the zone');
  await expect(page.getByTestId('dns-import-invalid')).toContainText('Line 4');
  await dialog.getByLabel(/Proxy imported records/).check();
  await expect(dialog.getByText('Proxied').first()).toBeVisible();
  await snap(page, 'dns-import-preview');
  await dialog.getByRole('button', { name: /Import 2 valid records/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'imp-one.initech.example', 'A').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'imp-two.initech.example', 'CNAME')).toBeVisible();
  await snap(page, 'dns-imported');
});

test('exports the zone; the file re-imports as all duplicates', async ({ page, server }) => {
  await openZone(page, server.url, 'globex.example');
  const total = Number((await page.getByTestId('dns-count').textContent())?.split(' of ')[1]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('globex.example.zone');
  const text = readFileSync(await download.path(), 'utf8');
  const recordLines = text.split('\n').filter((l) => l.trim() && !l.startsWith(';') && !/\sSOA\s/.test(l));
  expect(recordLines).toHaveLength(total);
  expect(text).toMatch(/www\.globex\.example\.\s+1\s+IN\s+CNAME\s+globex\.example\./);
  // Round trip: the exported file adds nothing and has no invalid line.
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('dns-import-file').setInputFiles({ name: 'globex.example.zone', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.getByTestId('dns-import-summary')).toContainText(`0 to add`);
  await expect(page.getByTestId('dns-import-summary')).toContainText(`${total} already in the zone`);
  await expect(page.getByTestId('dns-import-summary')).toContainText('0 invalid lines');
  await snap(page, 'dns-export-roundtrip');
  await page.keyboard.press('Escape');
});

test('undoes a delete from the journal and the record comes back', async ({ page, server }) => {
  await openZone(page, server.url, 'acme-shop.example');
  const api = row(page, 'api.acme-shop.example', 'A');
  await api.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('dns-delete-names')).toContainText('api.acme-shop.example');
  await snap(page, 'dns-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete record' }).click();
  await expect(api).toHaveCount(0);
  await page.getByRole('button', { name: 'Journal' }).click();
  const journal = page.getByTestId('dns-journal');
  await expect(journal).toContainText('Deleted A api.acme-shop.example');
  await snap(page, 'dns-journal');
  await page.getByRole('button', { name: /^Undo: Deleted A api\.acme-shop\.example/ }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Undid 1 change' })).toBeVisible();
  await expect(journal.locator('li').first()).toContainText('Undo: Deleted');
  await snap(page, 'dns-journal-undone');
  await page.keyboard.press('Escape');
  await expect(api).toBeVisible();
  await expect(api).toContainText('192.0.2.50');
  await expect(api.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(api).toContainText('env:production');
});

test('tag filter, the n shortcut, forms of other named types, the SPF helper, dark mode', async ({ page, server }) => {
  await openZone(page, server.url, 'initech.example');
  await page.getByLabel('Filter by tag').selectOption('team:platform');
  await expect(page.getByTestId('dns-row')).toHaveCount(1);
  await expect(row(page, 'api.initech.example', 'A')).toBeVisible();
  await expect(page.getByTestId('dns-count')).toHaveText(/^1 of \d+$/);
  await snap(page, 'dns-tag-filter');
  await page.getByLabel('Filter by tag').selectOption('');

  const dialog = page.getByRole('dialog', { name: 'New DNS record' });
  const create = async (type: string, name: string, fields: Record<string, string>) => {
    await page.getByRole('grid', { name: 'DNS records' }).focus();
    await page.keyboard.press('n');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Type').selectOption(type);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    for (const [label, value] of Object.entries(fields)) {
      const field = dialog.getByLabel(label, { exact: true });
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    if (type === 'TLSA') await snap(page, 'dns-form-tlsa');
    await dialog.getByRole('button', { name: 'Create record' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, `${name}.initech.example`, type)).toBeVisible();
  };
  await create('TLSA', '_443._tcp.www', { Usage: '3', Selector: '1', 'Matching type': '1', 'Certificate (hex)': 'abcdef0123456789' });
  await create('LOC', 'office', { 'Latitude degrees': '37', 'Latitude direction': 'N', 'Longitude degrees': '122', 'Longitude direction': 'W' });
  await create('NAPTR', 'sip-naptr', { Order: '100', Preference: '10', 'Flags (optional)': 'S', 'Service (optional)': 'SIP+D2U', Replacement: '_sip._udp.initech.example' });

  await test.step('the SPF helper fills a TXT record', async () => {
    await page.keyboard.press('n');
    await dialog.getByLabel('Type').selectOption('TXT');
    await dialog.getByRole('button', { name: 'SPF' }).click();
    await dialog.getByLabel('Include (comma-separated)').fill('_spf.mailhost.example');
    await dialog.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('@');
    await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue(/^v=spf1 .*include:_spf\.mailhost\.example/);
    await snap(page, 'dns-form-spf-helper');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'dns-dark');
    await page.keyboard.press('n');
    await dialog.getByLabel('Type').selectOption('SRV');
    await dialog.getByLabel('Name', { exact: true }).fill('_sip._tcp.x');
    await dialog.getByLabel('Port', { exact: true }).fill('99999');
    await expect(dialog.getByText(/must be between 0 and 65535/)).toBeVisible();
    await snap(page, 'dns-dark-form');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
