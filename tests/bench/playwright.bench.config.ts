import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Benchmarks that need a real browser (renderer performance marks). Run by `npm run bench:dns`
// and friends after `electron-vite build`; each prints one JSON line of figures.
const debianChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.pw.ts',
  outputDir: '../../test-results/bench',
  timeout: 240_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['line']],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: existsSync(debianChromium) ? debianChromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
