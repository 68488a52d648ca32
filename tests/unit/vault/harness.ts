import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../../src-preload/contract';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { createRouter, type Handlers } from '../../../src-main/ipc/router';
import { openSettingsDb, type SettingsDb } from '../../../src-main/settings-db';
import { createAccountsService, createMemorySecretStore, type SecretStore } from '../../../src-main/vault/index';

export type Accounts = Awaited<ReturnType<typeof createAccountsService>>;

/** An accounts service over real SQLite in a temp dir, called through the real router (validation included). */
export interface Harness {
  dataDir: string;
  db: SettingsDb;
  store: SecretStore;
  service: Accounts;
  /** Every router result so far, for the "no secret in any response" scan. */
  responses: Array<Result<unknown>>;
  events: Array<{ name: string; payload: unknown }>;
  call<T = unknown>(channel: string, args?: unknown): Promise<Result<T>>;
  /** `call` that throws unless ok. */
  ok<T = unknown>(channel: string, args?: unknown): Promise<T>;
  /** Closes and reopens the service on the same data dir and store (an app restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function openHarness(options: { store?: SecretStore; dataDir?: string } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'zonedesk-vault-'));
  const store = options.store ?? createMemorySecretStore();
  const hub = createEventHub();
  const events: Harness['events'] = [];
  hub.subscribe((name, payload) => events.push({ name, payload }));
  const responses: Harness['responses'] = [];
  const boot = async () => {
    const db = openSettingsDb(dataDir);
    const service = await createAccountsService({ db, events: hub, dataDir, secrets: store });
    // The router only looks up the channels it is asked for; the other domains are not needed here.
    const router = createRouter(service.handlers as unknown as Handlers);
    return { db, service, router };
  };
  let current = await boot();
  const h: Harness = {
    dataDir,
    store,
    responses,
    events,
    get db() {
      return current.db;
    },
    get service() {
      return current.service;
    },
    async call<T>(channel: string, args?: unknown) {
      const result = (await current.router.invoke(channel, args, { transport: 'http' })) as Result<T>;
      responses.push(result);
      return result;
    },
    async ok<T>(channel: string, args?: unknown) {
      const result = await h.call<T>(channel, args);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async restart() {
      await current.service.dispose();
      current.db.close();
      current = await boot();
    },
    async close() {
      await current.service.dispose();
      current.db.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}
