#!/usr/bin/env node
/**
 * Runs a command with an OS keychain reachable, so the keychain integration test runs for real.
 *
 *   node scripts/with-keychain.mjs vitest run
 *
 * On Linux without a D-Bus session (CI, containers, SSH) but with `dbus-run-session` and
 * `gnome-keyring-daemon` installed, the command runs inside a private D-Bus session with a
 * throwaway, unlocked gnome-keyring (its files in a temp dir, deleted afterwards; the user's own
 * keyrings are never touched). Everywhere else the command runs directly.
 * The child sees ZONEDESK_REQUIRE_KEYCHAIN=1 when the wrapper provided a keychain: the
 * integration test then fails instead of skipping if it cannot reach it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-keychain.mjs <command> [args...]');
  process.exit(2);
}

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const wrap = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && has('dbus-run-session') && has('gnome-keyring-daemon');

let child;
let keyringHome;
if (wrap) {
  keyringHome = mkdtempSync(join(tmpdir(), 'zonedesk-keyring-'));
  // An empty password makes gnome-keyring ask a (display-less) prompter, so the throwaway login
  // keyring gets a fixed throwaway one. XDG_DATA_HOME only for the daemon: keyrings land in the temp dir.
  const script = 'printf %s zonedesk-test | XDG_DATA_HOME="$ZK_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
  child = spawn('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...command], {
    stdio: 'inherit',
    env: { ...process.env, ZK_KEYRING_HOME: keyringHome, ZONEDESK_REQUIRE_KEYCHAIN: '1' },
  });
} else {
  child = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`with-keychain: could not run ${command[0]}: ${error.message}`);
  process.exitCode = 127;
});
child.on('exit', (code, signal) => {
  if (keyringHome) rmSync(keyringHome, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
