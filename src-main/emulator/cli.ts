import { startServiceEmulator } from './index';

/** `npm run emulator -- --port N --data-dir D [--no-seed]`: runs the emulator until interrupted. */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const portArg = arg('--port') ?? '0';
if (!/^\d{1,5}$/.test(portArg) || Number(portArg) > 65_535) {
  process.stderr.write(`--port must be a port number (0 picks a free one), not "${portArg}"\n`);
  process.exit(2);
}
const emulator = await startServiceEmulator({
  port: Number(portArg),
  dataDir: arg('--data-dir'),
  seed: !process.argv.includes('--no-seed'),
});
process.stdout.write(
  `Service emulator listening\n  base URL:  ${emulator.baseUrl}\n  email:     ${emulator.credentials.email}\n  API key:   ${emulator.credentials.apiKey}\n  API token: ${emulator.credentials.token}\n`,
);
const shutdown = () => {
  void emulator.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
