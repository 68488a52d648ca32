import type { SecretStore } from './secret-store';

/** The keytar functions this store uses (a subset of the package's API). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeychainStoreOptions {
  /** Keychain service name; every secret of the app sits under it. */
  service?: string;
  /** Loads keytar; injectable so tests can simulate a missing native module or Secret Service. */
  load?: () => Promise<KeytarLike>;
  /** How long the first call may take before the keychain is declared unreachable. */
  probeTimeoutMs?: number;
  platform?: NodeJS.Platform;
}

const PROBE_ACCOUNT = '__zonedesk_probe__';

async function loadKeytar(): Promise<KeytarLike> {
  // Lazy: keytar is native; a failed load (no libsecret, ABI mismatch) must not break start-up.
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

/** What a user can do about an unreachable keychain, per platform. */
export function keychainHint(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return 'Install and run a Secret Service — e.g. the packages gnome-keyring and libsecret-1-0 (sudo apt install gnome-keyring libsecret-1-0), or KeePassXC with its Secret Service integration on — then log in to a desktop session (or run gnome-keyring-daemon --start --components=secrets in your D-Bus session) and restart Zonedesk.';
  }
  if (platform === 'darwin') return 'Make sure the login keychain is unlocked (Keychain Access), then restart Zonedesk.';
  if (platform === 'win32') return 'Windows Credential Manager must be available for your user account; restart Zonedesk after fixing it.';
  return 'This platform has no supported keychain.';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Secrets in the OS keychain through keytar (service `Zonedesk`, account = profile id):
 * macOS Keychain, Windows Credential Manager, or a Secret Service (libsecret) on Linux.
 * The first use probes it; when it is unreachable every call rejects with the reason.
 */
export function createKeychainSecretStore(options: KeychainStoreOptions = {}): SecretStore {
  const service = options.service ?? 'Zonedesk';
  const load = options.load ?? loadKeytar;
  const timeoutMs = options.probeTimeoutMs ?? 8_000;
  const platform = options.platform ?? process.platform;
  let ready: Promise<KeytarLike> | undefined;

  function keytar(): Promise<KeytarLike> {
    ready ??= (async () => {
      let kt: KeytarLike;
      try {
        kt = await load();
      } catch (error) {
        throw new Error(`the keychain module could not be loaded (${(error as Error).message})`);
      }
      await withTimeout(kt.getPassword(service, PROBE_ACCOUNT), timeoutMs);
      return kt;
    })();
    return ready;
  }

  return {
    async get(account) {
      return (await (await keytar()).getPassword(service, account)) ?? undefined;
    },
    async set(account, secret) {
      await (await keytar()).setPassword(service, account, secret);
    },
    async delete(account) {
      return (await keytar()).deletePassword(service, account);
    },
    async has(account) {
      return (await (await keytar()).getPassword(service, account)) !== null;
    },
    async status() {
      try {
        await keytar();
        return { available: true, backend: 'keychain', persistent: true };
      } catch (error) {
        return {
          available: false,
          backend: 'none',
          persistent: false,
          reason: `No OS keychain is available: ${(error as Error).message}.`,
          hint: keychainHint(platform),
        };
      }
    },
  };
}
