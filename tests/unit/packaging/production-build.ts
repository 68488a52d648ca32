import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Builds the app for production into a private app directory (`<dir>/out`, plus package.json and
 * a link to node_modules) that electron-builder can package via `directories.app`. A private
 * build, not the shared out/: other tools rebuild out/ at any moment, and packaging while chunk
 * names change underneath fails. Takes ~3–6 s.
 */
export function buildProductionApp(dir: string, root: string = ROOT): void {
  mkdirSync(dir, { recursive: true });
  const bin = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [bin, 'build', '--outDir', join(dir, 'out'), '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`electron-vite build failed:\n${result.stdout}\n${result.stderr}`);
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'junction');
}
