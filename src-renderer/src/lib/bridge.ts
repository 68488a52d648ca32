import { createApi, type Api, type Result } from '../../../src-preload/contract';
import { createHttpTransport, takeBridgeToken } from './http-transport';

/** Electron exposes `window.zonedesk`; anywhere else the same API goes over the HTTP bridge. */
export const mode: 'electron' | 'browser' = window.zonedesk ? 'electron' : 'browser';

/** The browser-mode token (empty in Electron); streamed upload/download URLs need it. */
export const bridgeToken: string = window.zonedesk ? '' : takeBridgeToken();

export const api: Api = window.zonedesk ?? createApi(createHttpTransport(bridgeToken));

/** Thrown by `unwrap` so screens can use try/catch while the wire stays errors-as-values. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new CallError(result.error.code, result.error.message, result.error.details);
  return result.value;
}
