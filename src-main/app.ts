import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../src-preload/contract/app';
import { createAppHandlers, type ShellCapabilities } from './app-handlers';
import type { BridgeRoute } from './bridge/http-bridge';
import { createBucketsDomain } from './buckets';
import { createDnsHandlers } from './dns-workbench';
import { createEventHub, type EventHub } from './ipc/event-hub';
import { createRouter, type Handlers, type Router } from './ipc/router';
import { createMigrationHandlers, createMigrationWorkbench } from './migration-workbench';
import { createSavePathGrants } from './save-path-grants';
import { openSettingsDb, type SettingsDb } from './settings-db';
import { createAccountsService, defaultSecretStore, type AccountsService, type SecretStore } from './vault/index';

export interface ServicesOptions {
  dataDir: string;
  mode: AppInfo['mode'];
  version: string;
  versions?: Record<string, string>;
  /** Where account secrets go; default: the OS keychain (see vault/default-store.ts). */
  secrets?: SecretStore;
  /** Native capabilities the Electron shell provides (save dialog); omitted in browser mode. */
  shell?: ShellCapabilities;
}

/** Everything the app runs, wired once; the Electron shell and browser mode both call this. */
export interface Services {
  router: Router;
  events: EventHub;
  /** Streaming routes only the HTTP bridge needs (Electron passes file paths instead). */
  bridgeRoutes: BridgeRoute[];
  /** The active account's connection, for the DNS and Migration services. */
  accounts: AccountsService;
  dispose(): Promise<void>;
}

/** Composition root: builds every service with explicit dependencies and the router over them. */
export async function createServices(options: ServicesOptions): Promise<Services> {
  mkdirSync(options.dataDir, { recursive: true });
  const events = createEventHub();
  const disposers: Array<() => Promise<void> | void> = [];
  const db = openSettingsDb(options.dataDir);
  disposers.push(() => {
    db.close();
  });
  const accounts = await createAccountsService({ db, events, dataDir: options.dataDir, secrets: options.secrets ?? defaultSecretStore(options.mode) });
  disposers.push(() => accounts.dispose());
  const dns = createDnsHandlers({ accounts, db });
  disposers.push(() => dns.dispose());
  const migration = createMigrationWorkbench({ db, connection: () => accounts.activeConnection() });

  const info: AppInfo = {
    name: 'Zonedesk',
    version: options.version,
    mode: options.mode,
    dataDir: options.dataDir,
    platform: process.platform,
    versions: { node: process.versions.node, v8: process.versions.v8, sqlite: sqliteVersion(db), ...options.versions },
  };

  const savePaths = createSavePathGrants(options.shell);
  const buckets = createBucketsDomain({ dataDir: options.dataDir, events, authorizeDestination: savePaths.consume });
  disposers.push(() => buckets.dispose());

  const handlers: Handlers = {
    ...buckets.handlers,
    ...createAppHandlers(info, savePaths.shell),
    ...accounts.handlers,
    ...dns.handlers,
    ...createMigrationHandlers(migration),
  };

  return {
    router: createRouter(handlers),
    events,
    accounts,
    bridgeRoutes: [...buckets.bridgeRoutes],
    async dispose() {
      for (const dispose of disposers.reverse()) await dispose();
    },
  };
}

/** The SQLite library's version, for the About view (a bug report's first question). */
function sqliteVersion(db: SettingsDb): string {
  return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
}
