import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCredentials, type EmulatorCredentials, type RateLimit } from './auth';
import { systemClock, type Clock } from './clock';
import { openEmulatorDb, readMeta, writeMeta } from './db';
import type Database from 'better-sqlite3';
import { BASE_PATH, createRequestListener } from './http-handler';
import { composeRoutes, prepareState } from './server';

export { SEED_ZONES } from './seed';
export { getZone, listZones } from './zones';
export type { EmulatorCredentials, RateLimit } from './auth';

export interface ServiceEmulatorOptions {
  /** Folder for `service-emulator.sqlite`; in memory when absent. */
  dataDir?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only: 127.0.0.1 (default) or ::1 / localhost. */
  host?: string;
  credentials?: EmulatorCredentials;
  /** Seed the sandbox zones on first start (default true). */
  seed?: boolean;
  /** Per-credential limit; default 1,200 requests per 300 s like the service. */
  rateLimit?: RateLimit;
  clock?: Clock;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT/client/v4` */
  baseUrl: string;
  credentials: EmulatorCredentials;
  stop(): Promise<void>;
}

/** Credentials survive restarts of a file-backed emulator, so a saved account keeps working. */
function storedOrNewCredentials(db: Database.Database): EmulatorCredentials {
  const saved = readMeta(db, 'credentials');
  if (saved) return JSON.parse(saved) as EmulatorCredentials;
  const creds = generateCredentials();
  writeMeta(db, 'credentials', JSON.stringify(creds));
  return creds;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Starts a local emulator of the service's HTTP API (zones, DNS records, WAF migration) on loopback. */
export async function startServiceEmulator(opts: ServiceEmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`The emulator listens on loopback only, not ${host}`);
  const clock = opts.clock ?? systemClock;
  const db = openEmulatorDb(opts.dataDir);
  const credentials = opts.credentials ?? storedOrNewCredentials(db);
  try {
    prepareState(db, clock, opts.seed !== false);
  } catch (e) {
    db.close();
    throw e;
  }
  const listener = createRequestListener({
    routes: composeRoutes(db, clock),
    credentials,
    rateLimit: opts.rateLimit ?? { requests: 1200, windowSeconds: 300 },
    clock,
  });
  const server = http.createServer(listener);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  }).catch((e: unknown) => {
    db.close();
    throw e;
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host === '::1' ? '[::1]' : host;
  let stopped = false;
  return {
    baseUrl: `http://${hostPart}:${port}${BASE_PATH}`,
    credentials,
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
