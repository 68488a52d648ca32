import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../src-preload/contract/app';
import { createAppHandlers } from './app-handlers';
import type { BridgeRoute } from './bridge/http-bridge';
import { createEventHub, type EventHub } from './ipc/event-hub';
import { createRouter, type Handlers, type Router } from './ipc/router';

export interface ServicesOptions {
  dataDir: string;
  mode: AppInfo['mode'];
  version: string;
  versions?: Record<string, string>;
}

/** Everything the app runs, wired once; the Electron shell and browser mode both call this. */
export interface Services {
  router: Router;
  events: EventHub;
  /** Streaming routes only the HTTP bridge needs (Electron passes file paths instead). */
  bridgeRoutes: BridgeRoute[];
  dispose(): Promise<void>;
}

/** Composition root: builds every service with explicit dependencies and the router over them. */
export async function createServices(options: ServicesOptions): Promise<Services> {
  mkdirSync(options.dataDir, { recursive: true });
  const events = createEventHub();
  const disposers: Array<() => Promise<void> | void> = [];

  const info: AppInfo = {
    name: 'Zonedesk',
    version: options.version,
    mode: options.mode,
    dataDir: options.dataDir,
    platform: process.platform,
    versions: { node: process.versions.node, ...options.versions },
  };

  const handlers: Handlers = {
    ...createAppHandlers(info),
  };

  return {
    router: createRouter(handlers),
    events,
    bridgeRoutes: [],
    async dispose() {
      for (const dispose of disposers.reverse()) await dispose();
    },
  };
}
