import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface DataDirInputs {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Electron's `userData`, when running in the desktop shell. */
  electronUserData?: string;
}

/**
 * The data directory: `--data-dir`, then `ZONEDESK_DATA_DIR`, then the platform default, as an
 * absolute path (a relative one is taken from the working directory once, so it never drifts).
 */
export function resolveDataDir(inputs: DataDirInputs): string {
  return resolve(chooseDataDir(inputs));
}

function chooseDataDir({ argv, env, platform, electronUserData }: DataDirInputs): string {
  const flagIndex = argv.findIndex((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (flagIndex >= 0) {
    const flag = argv[flagIndex] ?? '';
    const value = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : argv[flagIndex + 1];
    if (value) return value;
  }
  if (env.ZONEDESK_DATA_DIR) return env.ZONEDESK_DATA_DIR;
  return electronUserData ?? platformDataDir(platform, env);
}

/** Where an app named Zonedesk keeps its data on each OS (same place Electron's userData uses). */
export function platformDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Zonedesk');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Zonedesk');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Zonedesk');
}
