/**
 * The one source of truth for IPC: every channel and push event, by name. Main validates with
 * it, the preload and the HTTP bridge expose it, the renderer is typed by it.
 * Each domain declares its own file; this index only merges them.
 */
import { accountsChannels, accountsEvents } from './accounts';
import { appChannels, appEvents } from './app';
import { bucketsChannels } from './buckets';
import { dnsChannels } from './dns';
import { migrationChannels } from './migration';
import { transfersChannels, transfersEvents } from './transfers';
import type { ArgsOf, PayloadOf, Result, ResultOf } from './define';

export const contract = {
  ...appChannels,
  ...accountsChannels,
  ...bucketsChannels,
  ...dnsChannels,
  ...migrationChannels,
  ...transfersChannels,
} as const;

export const events = {
  ...appEvents,
  ...accountsEvents,
  ...transfersEvents,
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type EventName = keyof typeof events;
export type Events = typeof events;

export const channelNames = Object.keys(contract) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

/** The renderer-facing call signature of one channel. */
export type ChannelCall<K extends ChannelName> = undefined extends ArgsOf<Contract[K]>
  ? (args?: ArgsOf<Contract[K]>) => Promise<Result<ResultOf<Contract[K]>>>
  : (args: ArgsOf<Contract[K]>) => Promise<Result<ResultOf<Contract[K]>>>;

type Namespace<K> = K extends `${infer N}.${string}` ? N : never;
type Method<K, N extends string> = K extends `${N}.${infer M}` ? M : never;

/** `window.zonedesk`: named functions grouped by domain (`api.dns.listRecords(args)`). */
export type Api = {
  [N in Namespace<ChannelName>]: {
    [M in Method<ChannelName, N>]: ChannelCall<Extract<`${N}.${M}`, ChannelName>>;
  };
} & {
  on<E extends EventName>(name: E, listener: (payload: PayloadOf<Events[E]>) => void): () => void;
  /** Electron only: the file-system path of a dropped File (browser mode streams bytes instead). */
  pathForFile?: (file: File) => string;
};

/** The transport primitives both the preload and the HTTP bridge provide. */
export interface Transport {
  invoke(channel: string, args: unknown): Promise<Result<unknown>>;
  subscribe(listener: (name: string, payload: unknown) => void): () => void;
}

/** Builds the named-function API over a transport; used by the preload and by browser mode. */
export function createApi(transport: Transport): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of channelNames) {
    const [ns, method] = name.split('.') as [string, string];
    api[ns] ??= {};
    api[ns][method] = (args?: unknown) => transport.invoke(name, args);
  }
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let unsubscribe: (() => void) | undefined;
  const on = (name: string, listener: (payload: unknown) => void) => {
    if (!listeners.size) {
      unsubscribe = transport.subscribe((n, payload) => listeners.get(n)?.forEach((l) => l(payload)));
    }
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => {
      set.delete(listener);
      if (!set.size) listeners.delete(name);
      if (!listeners.size) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  };
  return Object.assign(api, { on }) as unknown as Api;
}

export type { Result, AppErrorShape, ErrorCode } from './define';
export const IPC_INVOKE = 'zonedesk:invoke';
export const IPC_EVENT = 'zonedesk:event';
/** Largest argument payload accepted over IPC or the bridge (bytes never cross IPC; see DESIGN). */
export const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
