import { createApiClient } from '../../src-main/api/index';
import { startServiceEmulator } from '../../src-main/emulator/index';
import { expect, snap, startServer, test } from './fixtures';

// A server of our own: its secret store is in memory (browser mode honours ZONEDESK_SECRET_STORE),
// so this spec never touches a developer's real keychain, and adding/removing accounts cannot
// disturb other specs sharing a worker.
type Server = Awaited<ReturnType<typeof startServer>>;
type Emulator = Awaited<ReturnType<typeof startServiceEmulator>>;

const CREDS = { email: 'ops@globex.example', apiKey: '0123456789abcdef0123456789abcdef01234', token: 'GlobexTokenGlobexTokenGlobexTokenGlobex0' };
const BAD_KEY = 'f'.repeat(37);
const MARKER = 'second-emulator-marker.globex.example';

let server: Server;
let second: Emulator;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [server, second] = await Promise.all([startServer({ ZONEDESK_SECRET_STORE: 'memory' }), startServiceEmulator({ credentials: CREDS })]);
  // Something only the second service has, to tell the two accounts apart in the DNS screen.
  const api = createApiClient({ baseUrl: second.baseUrl }).withCredential({ kind: 'token', token: CREDS.token });
  const zone = (await api.listZones({ name: 'globex.example' })).items[0];
  if (zone) await api.createRecord(zone.id, { type: 'A', name: MARKER, content: '192.0.2.77', ttl: 1, proxied: false });
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), second?.stop()]);
});

test('first start: the Local sandbox is active and answers', async ({ page }) => {
  await page.goto(`${server.url}#/accounts`);
  const row = page.getByTestId('account-row').filter({ hasText: 'Local sandbox' });
  await expect(row.getByTestId('active-badge')).toBeVisible();
  await expect(page.getByTestId('status-account')).toContainText('Local sandbox');
  await expect(page.getByTestId('keychain-banner')).toHaveCount(0);
  await row.getByRole('button', { name: 'Test connection of Local sandbox' }).click();
  await expect(row.getByTestId('test-result')).toContainText('Connection OK');
  await expect(row.getByTestId('test-result')).toContainText('4 zones are visible');
  await snap(page, 'accounts-sandbox');
});

test('adds an account on a second service, tests bad and good keys, switches, removes it', async ({ page }) => {
  await page.goto(`${server.url}#/accounts`);
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await expect(dialog).toBeVisible();

  // Inline validation: plain http to a remote host is refused before anything is sent.
  await dialog.getByLabel('Name').fill('Globex ops');
  await dialog.getByLabel('Base URL').fill('http://api.globex.example/client/v4');
  await dialog.getByLabel('Base URL').blur();
  await expect(dialog.getByText('plain http is only allowed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog.getByText('Enter the secret.')).toBeVisible();
  await snap(page, 'accounts-form-invalid');

  await dialog.getByLabel('Base URL').fill(second.baseUrl);
  await dialog.getByText('Email + global key').click();
  await dialog.getByLabel('Email', { exact: true }).fill(CREDS.email);
  await dialog.getByLabel('Global API key').fill(BAD_KEY);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByTestId('test-result')).toContainText('Credential refused');
  await expect(dialog.getByTestId('test-result')).toContainText('9103');
  await snap(page, 'accounts-form-bad-key');

  await dialog.getByLabel('Global API key').fill(CREDS.apiKey);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByTestId('test-result')).toContainText('Connection OK');
  await snap(page, 'accounts-form-good-key');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('account-row').filter({ hasText: 'Globex ops' });
  await expect(row).toContainText(`Email + API key (${CREDS.email})`);
  // Write-only: the secret is nowhere in the page once saved.
  expect(await page.content()).not.toContain(CREDS.apiKey);

  await row.getByRole('button', { name: 'Test connection of Globex ops' }).click();
  await expect(row.getByTestId('test-result')).toContainText('Connection OK');
  await row.getByRole('button', { name: 'Use Globex ops' }).click();
  await expect(row.getByTestId('active-badge')).toBeVisible();
  await expect(page.getByTestId('status-account')).toContainText('Globex ops');
  // The status bar checks the new account's own service.
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('status-connection')).toContainText(new URL(second.baseUrl).host);
  await snap(page, 'accounts-switched');

  // The DNS screen now reads the second service (its marker record), and the status bar follows.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'DNS' }).click();
  await expect(page.getByTestId('status-account')).toContainText('Globex ops');
  const picker = page.getByLabel('Zone', { exact: true });
  const globex = await picker.locator('option', { hasText: 'globex.example' }).getAttribute('value');
  await picker.selectOption(globex ?? '');
  await expect(page.locator(`[data-testid="dns-row"][data-name="${MARKER}"]`)).toBeVisible();
  await snap(page, 'accounts-dns-on-second-account');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();

  // Rename through the edit form; the stored secret is kept when none is typed.
  await row.getByRole('button', { name: 'Edit Globex ops' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Globex ops”' });
  await expect(edit.getByLabel('Global API key')).toHaveValue('');
  await expect(edit.getByLabel('Global API key')).toHaveAttribute('placeholder', 'Leave empty to keep the saved secret');
  await edit.getByLabel('Name').fill('Globex production');
  await snap(page, 'accounts-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('status-account')).toContainText('Globex production');
  const renamed = page.getByTestId('account-row').filter({ hasText: 'Globex production' });
  await renamed.getByRole('button', { name: 'Test connection of Globex production' }).click();
  await expect(renamed.getByTestId('test-result')).toContainText('Connection OK');

  await renamed.getByRole('button', { name: 'Remove Globex production' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove account?' });
  await expect(confirm).toContainText('“Globex production”');
  await snap(page, 'accounts-remove-confirm');
  await confirm.getByRole('button', { name: 'Remove account' }).click();
  await expect(page.getByTestId('account-row').filter({ hasText: 'Globex' })).toHaveCount(0);
  await expect(page.getByTestId('status-account')).toContainText('Local sandbox');
});

test('resets the sandbox after a confirmation', async ({ page }) => {
  await page.goto(`${server.url}#/accounts`);
  await page.getByRole('button', { name: 'Reset the Local sandbox' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset the Local sandbox?' });
  await expect(confirm).toContainText('demo data comes back');
  await snap(page, 'accounts-reset-confirm');
  await confirm.getByRole('button', { name: 'Reset sandbox' }).click();
  await expect(page.getByTestId('accounts-notice')).toContainText('reset');
  const row = page.getByTestId('account-row').filter({ hasText: 'Local sandbox' });
  await row.getByRole('button', { name: 'Test connection of Local sandbox' }).click();
  await expect(row.getByTestId('test-result')).toContainText('Connection OK');
});

test('without a keychain: a banner says why and what to install; the sandbox still works', async ({ page }) => {
  test.skip(process.platform !== 'linux', 'the missing Secret Service is simulated through D-Bus, Linux only');
  // The real keychain store (not the fixtures' in-memory default), with no Secret Service to reach.
  const bare = await startServer({ ZONEDESK_SECRET_STORE: 'keychain', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/zonedesk-e2e-bus' });
  try {
    await page.goto(`${bare.url}#/accounts`);
    await expect(page.getByTestId('keychain-banner')).toContainText('gnome-keyring');
    const row = page.getByTestId('account-row').filter({ hasText: 'Local sandbox' });
    await expect(row).toContainText('Session-only secret');
    await row.getByRole('button', { name: 'Test connection of Local sandbox' }).click();
    await expect(row.getByTestId('test-result')).toContainText('Connection OK');
    await snap(page, 'accounts-no-keychain');
  } finally {
    await bare.stop();
  }
});
