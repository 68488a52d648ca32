// `npm start`: the desktop app. Where there is no Electron binary (it could not be downloaded)
// or no display, say so and fall back to browser mode instead of failing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const hasDisplay = process.platform !== 'linux' || !!process.env.DISPLAY || !!process.env.WAYLAND_DISPLAY;
const binary = electronBinary();
buildIfNeeded(root);

const [command, args] =
  binary && hasDisplay
    ? [binary, [root, ...process.argv.slice(2)]]
    : [process.execPath, [join(root, 'out/main/serve.js'), ...process.argv.slice(2)]];
if (!binary) console.log('The Electron binary is not installed here; starting browser mode instead (npm run serve).');
else if (!hasDisplay) console.log('No display found; starting browser mode instead (npm run serve).');

const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
