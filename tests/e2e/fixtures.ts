import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** A browser-mode Zonedesk server of its own (fresh data directory) for each worker. */
export interface ZonedeskServer {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
}

const root = resolve(import.meta.dirname, '..', '..');
export const SCREENSHOT_DIR = join(root, 'test-results', 'screenshots');

/** Starts `out/main/serve.js` (built by `npm run test:e2e`) and resolves its printed URL. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<ZonedeskServer & { process: ChildProcess; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zonedesk-e2e-'));
  const child = spawn(process.execPath, [join(root, 'out/main/serve.js'), '--port', '0', '--data-dir', dataDir], {
    // In-memory secrets keep e2e runs independent of the machine's keychain (browser mode only).
    env: { ...process.env, ZONEDESK_SECRET_STORE: 'memory', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ZONEDESK_URL=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-window screenshot under test-results/screenshots for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

export const test = base.extend<{ consoleErrors: string[] }, { server: ZonedeskServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  // Every test fails on a console error or an uncaught page error (CSP violations included).
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
