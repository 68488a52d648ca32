/**
 * Browser mode entry: the app's services and router on 127.0.0.1, with the built renderer.
 * For machines without a display or an Electron binary, and for end-to-end tests.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServices } from './app';
import { startHttpBridge } from './bridge/http-bridge';
import { resolveDataDir } from './data-dir';

const here = dirname(fileURLToPath(import.meta.url));
// Built layout: out/main/serve.js → project root two levels up.
const root = resolve(here, '..', '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.ZONEDESK_PORT ?? '0' },
      'data-dir': { type: 'string' },
      'static-dir': { type: 'string' },
    },
    strict: false,
  });
  const dataDir = resolveDataDir({ argv: process.argv, env: process.env, platform: process.platform });
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const services = await createServices({ dataDir, mode: 'browser', version: pkg.version });
  const bridge = await startHttpBridge({
    router: services.router,
    events: services.events,
    routes: services.bridgeRoutes,
    staticDir: typeof values['static-dir'] === 'string' ? values['static-dir'] : join(root, 'out', 'renderer'),
    port: Number(values.port),
  });
  // One machine-readable line first (tests parse it), then the human hint.
  console.log(`ZONEDESK_URL=${bridge.url}`);
  console.log(`Zonedesk is running in browser mode. Open:\n  ${bridge.url}\nData directory: ${dataDir}\nPress Ctrl+C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await bridge.close();
    await services.dispose();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('Zonedesk could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
