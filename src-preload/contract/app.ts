import { z } from 'zod';
import { channel, event } from './define';

export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  dataDir: string;
  platform: string;
  versions: Record<string, string>;
}

export const appChannels = {
  'app.info': channel<AppInfo>()(z.undefined()),
  'app.ping': channel<{ pong: true; at: string }>()(z.undefined()),
  /** Desktop only: the OS save dialog; null when the user cancels. Browser mode downloads instead. */
  'app.chooseSavePath': channel<string | null>()(z.object({ defaultName: z.string().min(1).max(255) })),
};

export const appEvents = {
  /** Emitted when a long-lived service (emulator, store) changes availability. */
  'app.status': event<{ service: string; state: 'starting' | 'ready' | 'error'; message?: string }>(),
};
