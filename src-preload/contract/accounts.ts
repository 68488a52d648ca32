import { z } from 'zod';
import { channel, event } from './define';

/**
 * Accounts: profiles (name, base URL, credential kind) and write-only secrets. No channel ever
 * returns a secret; the renderer can set one and ask whether one exists, nothing more.
 */

export type CredentialKind = 'token' | 'key';

/** Where a profile's secret lives: the OS keychain, this session's memory (sandbox without keychain), or nowhere. */
export type SecretScope = 'keychain' | 'session' | 'none';

export interface AccountProfile {
  id: string;
  name: string;
  baseUrl: string;
  kind: CredentialKind;
  /** The X-Auth-Email of a key credential (not a secret); null for tokens. */
  email: string | null;
  createdAt: string;
  hasSecret: boolean;
  secretScope: SecretScope;
  isActive: boolean;
  isSandbox: boolean;
  /** Sandbox only: why its embedded emulator is not running, when it is not. */
  problem?: string;
}

export interface KeychainStatus {
  available: boolean;
  backend: 'keychain' | 'memory' | 'none';
  /** True when secrets survive a restart. */
  persistent: boolean;
  /** Why the keychain cannot be used (when unavailable). */
  reason?: string;
  /** What to install or start to make it available. */
  hint?: string;
}

export type ConnectionFailure = 'no-secret' | 'dns' | 'tls' | 'auth' | 'timeout' | 'unreachable' | 'http' | 'unavailable';

export type ConnectionTestResult =
  | { ok: true; message: string; latencyMs: number }
  | {
      ok: false;
      failure: ConnectionFailure;
      message: string;
      latencyMs: number;
      /** HTTP status and the service's error codes, when it answered. */
      status?: number;
      codes?: number[];
    };

export interface AccountsChanged {
  activeProfileId: string;
  reason: 'added' | 'removed' | 'renamed' | 'secret' | 'selected' | 'reset' | 'sandbox';
  profileId: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True for the hosts where plain http is acceptable (the sandbox, a local emulator). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * A service base URL for a real account: https anywhere, http only on loopback (a secret sent
 * over plain http to another host could be read on the way). No credentials, query or fragment.
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the service base URL.')
  .max(2048, 'The base URL is too long.')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full URL, e.g. https://api.example.com/client/v4.' });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: 'The base URL must start with https://.' });
    } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      ctx.addIssue({ code: 'custom', message: 'Use https:// — plain http is only allowed for 127.0.0.1, localhost or [::1].' });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'Do not put credentials in the URL.' });
    } else if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'The base URL cannot have a query or a fragment.' });
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const profileNameSchema = z.string().trim().min(1, 'Enter a name.').max(80, 'Keep the name under 80 characters.');
export const emailSchema = z.string().trim().max(254).pipe(z.email('Enter a valid email address.'));
export const secretSchema = z
  .string()
  .trim()
  .min(1, 'Enter the secret.')
  .max(4096, 'The secret is too long.')
  .refine((s) => !/\s/.test(s), 'The secret cannot contain spaces or line breaks.');
const profileId = z.string().min(1).max(100);

/** A credential as typed in a form: kind, email for a key, and the secret itself (write-only). */
export const credentialInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('token'), secret: secretSchema }),
  z.object({ kind: z.literal('key'), email: emailSchema, secret: secretSchema }),
]);
export type CredentialInput = z.input<typeof credentialInputSchema>;

export const addAccountSchema = z.object({ name: profileNameSchema, baseUrl: baseUrlSchema, credential: credentialInputSchema });
export type AddAccountInput = z.input<typeof addAccountSchema>;

export const accountsChannels = {
  'accounts.list': channel<AccountProfile[]>()(z.undefined()),
  'accounts.active': channel<AccountProfile>()(z.undefined()),
  'accounts.add': channel<AccountProfile>()(addAccountSchema),
  'accounts.rename': channel<AccountProfile>()(z.object({ id: profileId, name: profileNameSchema })),
  'accounts.remove': channel<{ removed: string }>()(z.object({ id: profileId })),
  'accounts.setSecret': channel<AccountProfile>()(z.object({ id: profileId, credential: credentialInputSchema })),
  'accounts.hasSecret': channel<boolean>()(z.object({ id: profileId })),
  'accounts.testConnection': channel<ConnectionTestResult>()(
    z.union([
      z.object({ id: profileId }),
      z.object({ draft: z.object({ baseUrl: baseUrlSchema, credential: credentialInputSchema }) }),
    ]),
  ),
  'accounts.select': channel<AccountProfile>()(z.object({ id: profileId })),
  'accounts.resetSandbox': channel<AccountProfile>()(z.undefined()),
  'accounts.keychainStatus': channel<KeychainStatus>()(z.undefined()),
};

export const accountsEvents = {
  /** Any profile change; `activeProfileId` tells screens which account to show. */
  'accounts.changed': event<AccountsChanged>(),
};
