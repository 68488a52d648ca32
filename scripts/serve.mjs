// `npm run serve`: browser mode — build if needed, then serve the app on 127.0.0.1.
// Flags pass through: `npm run serve -- --port 5174 --data-dir ./my-data`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded(root);
const child = spawn(process.execPath, [join(root, 'out/main/serve.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
