import { randomUUID } from 'node:crypto';
import type { AccountProfile, AddAccountInput, CredentialInput, KeychainStatus } from '../../src-preload/contract/accounts';
import type { Credential } from '../api/credential';
import { AppError } from '../ipc/app-error';
import type { ProfileRow, ProfilesRepo } from './profiles-repo';
import { SANDBOX_ID, type Sandbox } from './sandbox';
import type { SecretStore } from './secret-store';

export interface AccountConnection {
  profileId: string;
  profileName: string;
  baseUrl: string;
  credential: Credential;
  isSandbox: boolean;
}

/** Parsed (validated, trimmed) inputs as the contract's schemas output them. */
type ParsedCredential = { kind: 'token'; secret: string } | { kind: 'key'; email: string; secret: string };
type ParsedAdd = { name: string; baseUrl: string; credential: ParsedCredential };
export type { AddAccountInput, CredentialInput };

export interface CoreDeps {
  repo: ProfilesRepo;
  /** The OS keychain (or an injected store); real accounts' secrets go only here. */
  secrets: SecretStore;
  keychain: KeychainStatus;
  sandbox: Sandbox;
  clock: () => number;
}

const ACTIVE_KEY = 'activeProfileId';

/** Profile rules and secret handling, transport-free: the channel handlers are thin over this. */
export function createAccountsCore(deps: CoreDeps) {
  const { repo, secrets, keychain, sandbox } = deps;

  function requireProfile(id: string): ProfileRow {
    const row = repo.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'That account no longer exists.');
    return row;
  }

  function requireKeychain(action: 'save' | 'remove' = 'save'): void {
    if (keychain.available) return;
    const why = keychain.reason ?? 'no OS keychain is available.';
    const message =
      action === 'save'
        ? `Real accounts cannot be saved: ${why} Secrets are never stored in plain text. ${keychain.hint ?? ''}`
        : `This account cannot be removed while its secret in the OS keychain cannot be deleted: ${why} ${keychain.hint ?? ''}`;
    throw new AppError('KEYCHAIN_UNAVAILABLE', message.trim());
  }

  function requireUniqueName(name: string, exceptId?: string): void {
    const taken = repo.list().some((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      const message = `An account named “${name}” already exists.`;
      throw new AppError('CONFLICT', message, { field: 'name', issues: [{ path: 'name', message }] });
    }
  }

  function activeId(): string {
    const id = repo.getSetting(ACTIVE_KEY);
    return id && repo.get(id) ? id : SANDBOX_ID;
  }

  async function hasSecret(row: ProfileRow): Promise<boolean> {
    if (!row.isSandbox && !keychain.available) return false;
    try {
      return await (row.isSandbox ? sandbox.hasSecret() : secrets.has(row.id));
    } catch {
      return false; // a keychain gone mid-session: the list still loads, the account shows no secret
    }
  }

  async function view(row: ProfileRow, active = activeId()): Promise<AccountProfile> {
    const has = await hasSecret(row);
    const profile: AccountProfile = {
      id: row.id,
      name: row.name,
      baseUrl: row.baseUrl,
      kind: row.kind,
      email: row.email,
      createdAt: row.createdAt,
      hasSecret: has,
      // Memory stores (tests, no keychain) keep secrets for this session only.
      secretScope: !has ? 'none' : row.isSandbox && !keychain.available ? 'session' : keychain.persistent ? 'keychain' : 'session',
      isActive: row.id === active,
      isSandbox: row.isSandbox,
    };
    if (row.isSandbox) {
      const state = await sandbox.state();
      if (state.problem) profile.problem = state.problem;
    }
    return profile;
  }

  async function writeSecret(id: string, credential: ParsedCredential): Promise<void> {
    requireKeychain();
    try {
      await secrets.set(id, credential.secret);
    } catch (error) {
      throw new AppError('KEYCHAIN_UNAVAILABLE', `The OS keychain refused to store the secret: ${(error as Error).message}`);
    }
  }

  return {
    activeId,
    view,
    requireProfile,
    async list(): Promise<AccountProfile[]> {
      const active = activeId();
      return Promise.all(repo.list().map((row) => view(row, active)));
    },
    async active(): Promise<AccountProfile> {
      return view(requireProfile(activeId()));
    },
    async add(input: ParsedAdd): Promise<AccountProfile> {
      requireKeychain();
      requireUniqueName(input.name);
      const row: ProfileRow = {
        id: randomUUID(),
        name: input.name,
        baseUrl: input.baseUrl,
        kind: input.credential.kind,
        email: input.credential.kind === 'key' ? input.credential.email : null,
        createdAt: new Date(deps.clock()).toISOString(),
        isSandbox: false,
      };
      // Secret first: a profile row never exists for a secret the keychain refused.
      await writeSecret(row.id, input.credential);
      try {
        repo.insert(row);
      } catch (error) {
        await secrets.delete(row.id).catch(() => false); // no orphan secret for a profile that was never saved
        throw error;
      }
      return view(row);
    },
    async rename(id: string, name: string): Promise<AccountProfile> {
      requireProfile(id);
      requireUniqueName(name, id);
      repo.update(id, { name });
      return view(requireProfile(id));
    },
    async setSecret(id: string, credential: ParsedCredential): Promise<AccountProfile> {
      const row = requireProfile(id);
      if (row.isSandbox) throw new AppError('FORBIDDEN', 'The Local sandbox manages its own credentials; use “Reset sandbox” instead.');
      await writeSecret(id, credential);
      repo.update(id, { kind: credential.kind, email: credential.kind === 'key' ? credential.email : null });
      return view(requireProfile(id));
    },
    async remove(id: string): Promise<{ removed: string; wasActive: boolean }> {
      const row = requireProfile(id);
      if (row.isSandbox) throw new AppError('FORBIDDEN', 'The Local sandbox cannot be removed; you can reset it instead.');
      // The profile goes only once its secret is gone: no orphan secret left in a keychain we cannot reach.
      requireKeychain('remove');
      const wasActive = activeId() === id;
      try {
        await secrets.delete(id);
      } catch (error) {
        throw new AppError('KEYCHAIN_UNAVAILABLE', `The OS keychain refused to delete the secret, so “${row.name}” was kept: ${(error as Error).message}`);
      }
      repo.remove(id);
      if (wasActive) repo.setSetting(ACTIVE_KEY, SANDBOX_ID);
      return { removed: id, wasActive };
    },
    async hasSecretFor(id: string): Promise<boolean> {
      return hasSecret(requireProfile(id));
    },
    async select(id: string): Promise<AccountProfile> {
      const row = requireProfile(id);
      repo.setSetting(ACTIVE_KEY, id);
      return view(row, id);
    },
    /** Base URL + credential of a stored profile, the secret read from the store now. */
    async connectionFor(id: string): Promise<AccountConnection> {
      const row = requireProfile(id);
      if (row.isSandbox) {
        const state = await sandbox.state();
        if (!state.baseUrl) throw new AppError('UNAVAILABLE', state.problem ?? 'The local sandbox is not running.');
        const credential = await sandbox.credential();
        if (!credential) throw new AppError('NO_CREDENTIAL', 'The local sandbox has no credentials; reset it.');
        return { profileId: row.id, profileName: row.name, baseUrl: state.baseUrl, credential, isSandbox: true };
      }
      if (!keychain.available) {
        throw new AppError('UNAVAILABLE', `“${row.name}” needs the OS keychain, which is not available: ${keychain.reason ?? ''} ${keychain.hint ?? ''}`.trim());
      }
      let secret: string | undefined;
      try {
        secret = await secrets.get(row.id);
      } catch (error) {
        throw new AppError('UNAVAILABLE', `The OS keychain did not hand over the secret of “${row.name}”: ${(error as Error).message}`);
      }
      if (!secret) throw new AppError('NO_CREDENTIAL', `“${row.name}” has no saved secret. Open Accounts and set its ${row.kind === 'key' ? 'API key' : 'API token'}.`);
      const credential: Credential = row.kind === 'key' ? { kind: 'key', email: row.email ?? '', apiKey: secret } : { kind: 'token', token: secret };
      return { profileId: row.id, profileName: row.name, baseUrl: row.baseUrl, credential, isSandbox: false };
    },
  };
}

export type AccountsCore = ReturnType<typeof createAccountsCore>;
