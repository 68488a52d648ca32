/**
 * The real OS keychain through keytar (macOS Keychain, Windows Credential Manager, or a Linux
 * Secret Service). Under `scripts/with-keychain.mjs` (CI) a keychain is provided and required;
 * elsewhere the test skips, saying why, only when no keychain answers at all.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { openSettingsDb } from '../../../src-main/settings-db';
import { createAccountsService, createKeychainSecretStore } from '../../../src-main/vault/index';

// A service name of its own, so a developer's real Zonedesk entries are never touched.
const SERVICE = 'Zonedesk-integration-test';
const store = createKeychainSecretStore({ service: SERVICE });
const status = await store.status();
const required = process.env.ZONEDESK_REQUIRE_KEYCHAIN === '1';
const skip = !status.available && !required;
if (skip) console.warn(`[keychain.integration] skipped: ${status.reason} ${status.hint}`);

describe.skipIf(skip)(`real OS keychain${skip ? ` (skipped: ${status.reason})` : ''}`, () => {
  const accounts: string[] = [];
  afterAll(async () => {
    for (const account of accounts) await store.delete(account).catch(() => false);
  });

  it('is reachable (the CI wrapper provides one)', () => {
    expect(status, status.reason).toMatchObject({ available: true, backend: 'keychain', persistent: true });
  });

  it('round-trips set / get / has / delete', async () => {
    const account = `it-${randomUUID()}`;
    accounts.push(account);
    const secret = `s3cr3t-${randomUUID()}`;
    expect(await store.has(account)).toBe(false);
    expect(await store.get(account)).toBeUndefined();
    await store.set(account, secret);
    expect(await store.get(account)).toBe(secret);
    expect(await store.has(account)).toBe(true);
    await store.set(account, `${secret}-2`);
    expect(await store.get(account)).toBe(`${secret}-2`);
    expect(await store.delete(account)).toBe(true);
    expect(await store.has(account)).toBe(false);
    expect(await store.delete(account)).toBe(false);
  });

  it('keeps account secrets and the sandbox credentials there, and removes them with the account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zonedesk-keychain-it-'));
    try {
      const db = openSettingsDb(dataDir);
      const service = await createAccountsService({ db, events: createEventHub(), dataDir, secrets: store });
      accounts.push('local-sandbox', 'local-sandbox:api-key');
      const ctx = { transport: 'http' as const };
      const sandboxToken = await store.get('local-sandbox');
      expect(sandboxToken).toMatch(/^[A-Za-z0-9_-]{40}$/);
      expect(await service.handlers['accounts.testConnection']({ id: 'local-sandbox' }, ctx)).toMatchObject({ ok: true });

      const token = 'T'.repeat(40);
      const added = await service.handlers['accounts.add']({ name: 'Real', baseUrl: 'https://api.example.com/client/v4', credential: { kind: 'token', secret: token } }, ctx);
      accounts.push(added.id);
      expect(await store.get(added.id)).toBe(token);
      await service.handlers['accounts.remove']({ id: added.id }, ctx);
      expect(await store.has(added.id)).toBe(false);
      await service.dispose();
      db.close();

      // A later start reuses the sandbox credentials generated the first time.
      const db2 = openSettingsDb(dataDir);
      const again = await createAccountsService({ db: db2, events: createEventHub(), dataDir, secrets: store });
      expect(await store.get('local-sandbox')).toBe(sandboxToken);
      expect(await again.handlers['accounts.testConnection']({ id: 'local-sandbox' }, ctx)).toMatchObject({ ok: true });
      await again.dispose();
      db2.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
