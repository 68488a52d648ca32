import type { CredentialKind } from '../../src-preload/contract/accounts';
import type { SettingsDb } from '../settings-db';

/** A stored profile: everything about an account except its secret. */
export interface ProfileRow {
  id: string;
  name: string;
  baseUrl: string;
  kind: CredentialKind;
  email: string | null;
  createdAt: string;
  isSandbox: boolean;
}

interface RawRow {
  id: string;
  name: string;
  base_url: string;
  kind: string;
  email: string | null;
  created_at: string;
  is_sandbox: number;
}

const toRow = (r: RawRow): ProfileRow => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  kind: r.kind === 'key' ? 'key' : 'token',
  email: r.email,
  createdAt: r.created_at,
  isSandbox: r.is_sandbox === 1,
});

/** Profiles and the remembered active one in the settings database (no secret columns, by design). */
export function createProfilesRepo(db: SettingsDb) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS account_profiles (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      base_url TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('token', 'key')),
      email TEXT,
      created_at TEXT NOT NULL,
      is_sandbox INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS account_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
  const all = db.prepare<[], RawRow>('SELECT * FROM account_profiles ORDER BY is_sandbox DESC, created_at, name');
  const one = db.prepare<[string], RawRow>('SELECT * FROM account_profiles WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO account_profiles (id, name, base_url, kind, email, created_at, is_sandbox) VALUES (@id, @name, @baseUrl, @kind, @email, @createdAt, @isSandbox)',
  );
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM account_settings WHERE key = ?');
  const putSetting = db.prepare('INSERT INTO account_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');

  return {
    list(): ProfileRow[] {
      return all.all().map(toRow);
    },
    get(id: string): ProfileRow | undefined {
      const r = one.get(id);
      return r ? toRow(r) : undefined;
    },
    insert(p: ProfileRow): void {
      insert.run({ ...p, isSandbox: p.isSandbox ? 1 : 0 });
    },
    update(id: string, patch: Partial<Pick<ProfileRow, 'name' | 'baseUrl' | 'kind' | 'email'>>): void {
      const cur = this.get(id);
      if (!cur) return;
      const next = { ...cur, ...patch };
      db.prepare('UPDATE account_profiles SET name = ?, base_url = ?, kind = ?, email = ? WHERE id = ?').run(next.name, next.baseUrl, next.kind, next.email, id);
    },
    remove(id: string): void {
      db.prepare('DELETE FROM account_profiles WHERE id = ?').run(id);
    },
    getSetting(key: string): string | undefined {
      return getSetting.get(key)?.value;
    },
    setSetting(key: string, value: string): void {
      putSetting.run(key, value);
    },
  };
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
