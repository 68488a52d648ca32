import { createApiClient, type ApiClient, type Credential, type ScopedApiClient } from '../api';
import { AppError } from '../ipc/app-error';

/** What the accounts service tells about the active account (structural: no import of the vault). */
export interface ActiveConnection {
  profileId: string;
  profileName: string;
  baseUrl: string;
  credential: Credential;
  isSandbox: boolean;
}

export interface AccountsSource {
  activeConnection(): Promise<ActiveConnection>;
  /** The active profile without its secret; lets cached work skip the keychain. */
  activeProfileId?(): string;
  onActiveChange?(listener: () => void): (() => void) | void;
}

export interface OpenConnection {
  conn: Omit<ActiveConnection, 'credential'>;
  api: ScopedApiClient;
}

/**
 * Opens the active account for one operation: one API client per base URL (shared limits and
 * keep-alive), bound to the credential only for the call's lifetime.
 */
export function createConnector(accounts: AccountsSource, options: { fetch?: typeof fetch } = {}) {
  const clients = new Map<string, ApiClient>();
  return async function open(): Promise<OpenConnection> {
    let active: ActiveConnection;
    try {
      active = await accounts.activeConnection();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('UNAVAILABLE', `No usable account: ${error instanceof Error ? error.message : String(error)}`);
    }
    const { credential, ...conn } = active;
    let client = clients.get(conn.baseUrl);
    if (!client) {
      client = createApiClient({ baseUrl: conn.baseUrl.replace(/\/+$/, ''), ...(options.fetch ? { fetch: options.fetch } : {}) });
      clients.set(conn.baseUrl, client);
    }
    return { conn, api: client.withCredential(credential) };
  };
}
