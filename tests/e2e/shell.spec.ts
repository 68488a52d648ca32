import { expect, snap, test } from './fixtures';

const SCREENS = [
  { label: 'DNS', id: 'dns' },
  { label: 'Buckets', id: 'buckets' },
  { label: 'Migration', id: 'migration' },
  { label: 'Accounts', id: 'accounts' },
  { label: 'About', id: 'about' },
];

test('opens the app and visits every screen by mouse', async ({ page, server }) => {
  await page.goto(server.url);
  await expect(page.getByTestId('status-connection')).toHaveText(/Connected/);
  // The token leaves the address bar once read.
  expect(page.url()).not.toContain('token=');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const screen of SCREENS) {
    await nav.getByRole('button', { name: screen.label }).click();
    await expect(page.locator('main')).toHaveAttribute('data-screen', screen.id);
    await expect(nav.getByRole('button', { name: screen.label })).toHaveAttribute('aria-current', 'page');
    await snap(page, `shell-${screen.id}`);
  }
  await expect(page.getByTestId('about-data-dir')).toHaveText(server.dataDir);
  await expect(page.getByTestId('about-versions')).toContainText(/sqlite/i);
  // The status bar names the active account and its service's state, on every screen.
  await expect(page.getByTestId('status-account')).toContainText('Local sandbox');
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-state', 'ok');
});

test('visits every screen by keyboard', async ({ page, server }) => {
  await page.goto(server.url);
  await expect(page.getByTestId('status-connection')).toHaveText(/Connected/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The first Tab lands on the sidebar (one tab stop); arrows move; Enter opens.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'DNS' })).toBeFocused();
  for (const screen of SCREENS.slice(1)) {
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('button', { name: screen.label })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toHaveAttribute('data-screen', screen.id);
    await expect(nav.getByRole('button', { name: screen.label })).toBeFocused(); // focus stays visible on the item
    await snap(page, `shell-keyboard-${screen.id}`);
  }
  await page.keyboard.press('Home');
  await expect(nav.getByRole('button', { name: 'DNS' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('main')).toHaveAttribute('data-screen', 'dns');
  // Ctrl+number shortcuts jump anywhere.
  await page.keyboard.press('Control+1');
  await expect(page.locator('main')).toHaveAttribute('data-screen', 'dns');
  await page.keyboard.press('Control+3');
  await expect(page.locator('main')).toHaveAttribute('data-screen', 'migration');
});

test('follows the dark color scheme', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${server.url}#/about`);
  await expect(page.locator('main')).toHaveAttribute('data-screen', 'about');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(23, 25, 29)');
  await snap(page, 'shell-about-dark');
});
