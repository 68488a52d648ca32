import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { startServiceEmulator } from '../emulator/index';
import type { SecretStore } from './secret-store';

export const SANDBOX_ID = 'local-sandbox';
export const SANDBOX_NAME = 'Local sandbox';
export const SANDBOX_EMAIL = 'sandbox@zonedesk.invalid';
const TOKEN_ACCOUNT = SANDBOX_ID;
const KEY_ACCOUNT = `${SANDBOX_ID}:api-key`;
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export interface SandboxCredentials {
  email: string;
  apiKey: string;
  token: string;
}

/** Fresh sandbox credentials in the service's formats (40-char token, 37 lowercase-hex key). */
export function generateSandboxCredentials(random: (n: number) => Buffer = randomBytes): SandboxCredentials {
  const token = [...random(40)].map((b) => TOKEN_CHARS[b % TOKEN_CHARS.length]).join('');
  return { email: SANDBOX_EMAIL, apiKey: random(19).toString('hex').slice(0, 37), token };
}

export interface SandboxDeps {
  dataDir: string;
  /** The keychain when there is one, else a session-only memory store. */
  secrets: SecretStore;
  start: typeof startServiceEmulator;
}

/**
 * The Local sandbox's embedded emulator: credentials generated once and kept in the secret store
 * (reused on later starts), data under `<dataDir>/sandbox/`, reset by wiping that folder.
 */
export function createSandbox(deps: SandboxDeps) {
  const dir = join(deps.dataDir, 'sandbox');
  let running: Awaited<ReturnType<typeof startServiceEmulator>> | undefined;
  let problem: string | undefined;
  let ready: Promise<void> = Promise.resolve();

  async function credentials(): Promise<SandboxCredentials> {
    const [token, apiKey] = await Promise.all([deps.secrets.get(TOKEN_ACCOUNT), deps.secrets.get(KEY_ACCOUNT)]);
    if (token && apiKey) return { email: SANDBOX_EMAIL, token, apiKey };
    const fresh = generateSandboxCredentials();
    await deps.secrets.set(TOKEN_ACCOUNT, fresh.token);
    await deps.secrets.set(KEY_ACCOUNT, fresh.apiKey);
    return fresh;
  }

  async function boot(): Promise<void> {
    try {
      running = await deps.start({ dataDir: dir, port: 0, credentials: await credentials() });
      problem = undefined;
    } catch (error) {
      running = undefined;
      problem = `The local sandbox could not start: ${(error as Error).message}`;
    }
  }

  async function halt(): Promise<void> {
    const r = running;
    running = undefined;
    await r?.stop();
  }

  return {
    /** Starts the emulator; never rejects (a failure is kept as `problem`). */
    start(): Promise<void> {
      ready = ready.then(boot);
      return ready;
    },
    /** Stops the emulator, deletes its data and starts it again with the same credentials (reseeded). */
    reset(): Promise<void> {
      ready = ready.then(async () => {
        await halt();
        await rm(dir, { recursive: true, force: true });
        await boot();
      });
      return ready;
    },
    stop(): Promise<void> {
      ready = ready.then(halt);
      return ready;
    },
    /** Waits for a pending start/reset, then tells where the emulator listens (or why it does not). */
    async state(): Promise<{ baseUrl?: string; problem?: string }> {
      await ready;
      return running ? { baseUrl: running.baseUrl } : { problem: problem ?? 'The local sandbox is stopped.' };
    },
    /** The sandbox credential for API calls: its token. */
    async credential(): Promise<{ kind: 'token'; token: string } | undefined> {
      // Read on demand from the store; the running emulator's copy covers a keychain entry deleted behind our back.
      const stored = await deps.secrets.get(TOKEN_ACCOUNT).catch(() => undefined); // keychain gone mid-session
      const token = stored ?? running?.credentials.token;
      return token ? { kind: 'token', token } : undefined;
    },
    async hasSecret(): Promise<boolean> {
      return (await deps.secrets.has(TOKEN_ACCOUNT)) && (await deps.secrets.has(KEY_ACCOUNT));
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
