// Builds with electron-vite when out/ is missing or older than any source file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src-main', 'src-preload', 'src-renderer', 'electron.vite.config.ts', 'package.json'];
const OUTPUTS = ['out/main/serve.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

export function buildIfNeeded(root) {
  const outputs = OUTPUTS.map((p) => join(root, p));
  const fresh =
    outputs.every(existsSync) &&
    Math.min(...outputs.map((p) => statSync(p).mtimeMs)) >= Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (fresh) return;
  console.log('Building Zonedesk…');
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
