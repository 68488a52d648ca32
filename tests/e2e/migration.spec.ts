import type { Page } from '@playwright/test';
import { expect, snap, test, type ZonedeskServer } from './fixtures';

// The Migration screen against the Local sandbox (browser mode). Each test migrates a different
// seeded zone, so they share the worker's server and run in order.
test.describe.configure({ mode: 'serial' });

async function openZone(page: Page, server: ZonedeskServer, name: string): Promise<void> {
  await page.goto(`${server.url}#/migration`);
  await page.getByTestId(`zone-${name}`).click();
  await expect(page.getByTestId('busy')).toHaveCount(0);
}

/** Calls a channel through the bridge the way the renderer does (token header, JSON body). */
async function rpc(page: Page, server: ZonedeskServer, channel: string, args: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  const res = await page.request.post(`${server.origin}/rpc/${channel}`, {
    headers: { 'X-Zonedesk-Token': server.token, 'Content-Type': 'application/json', Origin: server.origin },
    data: { args },
  });
  return (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string } };
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Migration steps' });

test('a Pro zone migrates in one step; finishing needs the exact zone name; afterwards the old API is gone', async ({ page, server }) => {
  await openZone(page, server, 'acme-shop.example');
  await expect(page.getByTestId('eligibility-verdict')).toContainText('This zone can migrate');
  await expect(page.getByTestId('migration-state')).toHaveText('start');
  // Validation mode is not offered on Pro, and the stepper says why.
  await expect(steps(page).getByRole('button', { name: /Validation mode/ })).toBeDisabled();
  await expect(steps(page).getByRole('button', { name: /Validation mode/ })).toContainText('Not on Pro');
  await snap(page, 'migration-1-eligibility');

  await page.getByTestId('continue-review').click();
  await expect(page.getByRole('heading', { name: '2. Review' })).toBeVisible();
  await expect(page.getByTestId('diff-carried')).toContainText('Simulate becomes Log');
  await expect(page.getByTestId('diff-carried')).toContainText('PL1, score threshold High (25 or higher)');
  await expect(page.getByTestId('diff-dropped')).toContainText('recreate');
  await snap(page, 'migration-2-review');
  await page.locator('.panel-area').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await snap(page, 'migration-2-review-diff');

  await page.getByTestId('continue-adjust').click();
  await expect(page.getByRole('heading', { name: '3. Adjust' })).toBeVisible();
  const managed = page.locator('.ruleset').filter({ hasText: 'Managed Ruleset' }).first();
  await managed.getByRole('button', { name: 'Add rule override' }).click();
  const idInput = managed.getByLabel('Rule id, row 1');
  await idInput.fill('not-a-rule');
  await expect(managed.locator('.field-error')).toContainText('32 lowercase hexadecimal');
  await expect(page.getByTestId('save-adjustments')).toBeDisabled();
  await snap(page, 'migration-3-adjust-invalid');
  await idInput.fill('23ee7cebe6e8443e99ecf932ab579455');
  await managed.getByLabel('Action, row 1').selectOption('log');
  await managed.getByLabel('Enabled, row 1').selectOption('disabled');
  await expect(page.getByTestId('save-adjustments')).toBeEnabled();
  await expect(page.getByTestId('save-adjustments')).toContainText('continue to finish');
  await snap(page, 'migration-3-adjust');
  await page.getByTestId('save-adjustments').click();

  await expect(page.getByRole('heading', { name: '5. Finish' })).toBeVisible();
  await expect(page.getByTestId('validation-reason')).toContainText('only on Enterprise');
  await expect(page.getByTestId('irreversible-list')).toContainText('stop working');
  await expect(page.getByTestId('irreversible-list')).toContainText('no global on/off');
  await expect(page.getByTestId('irreversible-list')).toContainText('Page Rules');
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.getByTestId('save-configs').click();
  await expect.poll(() => downloads.length).toBe(2);
  expect(downloads.some((n) => n.startsWith('acme-shop.example-previous-waf'))).toBe(true);
  expect(downloads.some((n) => n.startsWith('acme-shop.example-new-entrypoint'))).toBe(true);
  await snap(page, 'migration-5-finish');

  // The confirmation: disabled until the zone name is typed exactly; Esc closes it.
  await page.getByTestId('open-finish').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByTestId('confirm-finish');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type acme-shop.example to confirm/).fill('ACME-SHOP.EXAMPLE');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type acme-shop.example to confirm/).press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Type acme-shop.example to confirm/).fill('acme-shop.example ');
  await expect(confirm).toBeDisabled();
  await snap(page, 'migration-5-confirm-mismatch');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The service was not touched.
  await expect(page.getByTestId('zone-acme-shop.example')).toContainText('Not migrated');

  await page.getByTestId('open-finish').click();
  await dialog.getByLabel(/Type acme-shop.example to confirm/).fill('acme-shop.example');
  await expect(confirm).toBeEnabled();
  await snap(page, 'migration-5-confirm');
  await dialog.getByLabel(/Type acme-shop.example to confirm/).press('Enter');

  await expect(page.getByTestId('migrated-banner')).toBeVisible();
  await expect(page.getByTestId('old-status')).toHaveText('disabled');
  await expect(page.getByTestId('new-status')).toHaveText('enabled');
  await expect(page.getByTestId('zone-acme-shop.example')).toContainText('Migrated');
  await expect(page.getByText('What to use from now on')).toBeVisible();
  await snap(page, 'migration-6-status');

  await page.getByTestId('verify').click();
  const results = page.getByTestId('verify-results');
  await expect(results).toContainText('Previous managed-rules API (packages)');
  await expect(results).toContainText('no longer works');
  await expect(results).toContainText('A second migration');
  await expect(results.locator('li.ok')).toHaveCount(4);
  await snap(page, 'migration-6-verified');

  // A second migration is refused (the wizard keeps only Status reachable; a direct call is refused too).
  await expect(steps(page).getByRole('button', { name: /Finish/ })).toBeDisabled();
  const zones = (await rpc(page, server, 'migration.listZones', undefined)).value as { id: string; name: string }[];
  const acme = zones.find((z) => z.name === 'acme-shop.example')!;
  const again = await rpc(page, server, 'migration.finish', { zoneId: acme.id, confirmZoneName: 'acme-shop.example' });
  expect((again.value as { state: { error: { code: string } } }).state.error.code).toBe('finished');
});

test('an Enterprise zone runs validation mode, resumes after a reload, then finishes', async ({ page, server }) => {
  await openZone(page, server, 'initech.example');
  await page.getByTestId('continue-review').click();
  await page.getByTestId('continue-adjust').click();
  await expect(page.getByTestId('save-adjustments')).toContainText('continue to validation');
  await page.getByTestId('save-adjustments').click();
  await expect(page.getByRole('heading', { name: '4. Validation mode' })).toBeVisible();
  // Validation mode is optional on Enterprise: Finish is open before anything is deployed.
  await expect(page.getByTestId('continue-finish')).toContainText('Skip validation and finish');
  await expect(steps(page).getByRole('button', { name: /Finish/ })).toBeEnabled();
  await snap(page, 'migration-4-validation-ready');

  // Progress is saved: a reload comes back to the same step.
  await page.reload();
  await page.getByTestId('zone-initech.example').click();
  await expect(page.getByRole('heading', { name: '4. Validation mode' })).toBeVisible();

  await page.getByTestId('deploy-validation').click();
  await expect(page.getByTestId('old-status')).toHaveText('enabled');
  await expect(page.getByTestId('new-status')).toHaveText('enabled');
  await expect(page.getByTestId('status-flags')).toContainText('validation');
  await expect(page.getByTestId('zone-initech.example')).toContainText('Validation mode');
  await snap(page, 'migration-4-validation');

  // The main side refuses a finish without the exact zone name, whatever the caller.
  const zones = (await rpc(page, server, 'migration.listZones', undefined)).value as { id: string; name: string }[];
  const initech = zones.find((z) => z.name === 'initech.example')!;
  const refused = await rpc(page, server, 'migration.finish', { zoneId: initech.id, confirmZoneName: 'Initech.example' });
  expect((refused.value as { state: { error: { code: string }; migrationState: string } }).state).toMatchObject({ error: { code: 'confirmation_required' }, migrationState: 'validation' });

  await page.getByTestId('continue-finish').click();
  await page.getByTestId('open-finish').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Type initech.example to confirm/).fill('initech.example');
  await dialog.getByTestId('confirm-finish').click();
  await expect(page.getByTestId('migrated-banner')).toBeVisible();
  await expect(page.getByTestId('old-status')).toHaveText('disabled');
  await expect(page.getByTestId('new-status')).toHaveText('enabled');
  await snap(page, 'migration-6-status-enterprise');
});

test('URI-based overrides block the zone until they are deleted from the screen', async ({ page, server }) => {
  await openZone(page, server, 'umbrella-legacy.example');
  await expect(page.getByTestId('eligibility-verdict')).toContainText('cannot migrate yet');
  const table = page.getByRole('table', { name: 'URI-based overrides' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(steps(page).getByRole('button', { name: /Review/ })).toBeDisabled();
  await expect(page.getByTestId('continue-review')).toHaveCount(0);
  await snap(page, 'migration-1-blocked');

  for (const name of ['Relax SQLi checks on the report builder', 'Simulate Struts rule on the upload path']) {
    await table.locator('tr', { hasText: name }).getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('confirm-override-name')).toHaveText(`“${name}”`);
    if (name.startsWith('Relax')) await snap(page, 'migration-1-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete override' }).click();
    await expect(page.getByTestId('busy')).toHaveCount(0);
  }
  await expect(page.getByTestId('eligibility-verdict')).toContainText('This zone can migrate');
  await expect(page.getByRole('table', { name: 'URI-based overrides' })).toHaveCount(0);
  await expect(page.getByTestId('continue-review')).toBeEnabled();
  await snap(page, 'migration-1-unblocked');
});
