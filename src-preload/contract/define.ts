import type { z } from 'zod';

/**
 * Building blocks of the IPC contract. A channel pairs an argument schema (checked in main,
 * because the renderer is untrusted) with a result type (compile-time only: main produces it).
 */

export interface ChannelSpec<Args extends z.ZodType = z.ZodType, Result = unknown> {
  readonly args: Args;
  /** Phantom field carrying the result type; never set at run time. */
  readonly result?: Result;
}

/** Declares a channel: `channel<ResultType>()(argsSchema)`. */
export function channel<Result>() {
  return <Args extends z.ZodType>(args: Args): ChannelSpec<Args, Result> => ({ args });
}

/** Declares a push event (main → renderer) with its payload type. */
export interface EventSpec<Payload = unknown> {
  readonly payload?: Payload;
}
export function event<Payload>(): EventSpec<Payload> {
  return {};
}

/** Error codes every channel may return; domains add their own strings. */
export type ErrorCode =
  | 'UNKNOWN_CHANNEL'
  | 'INVALID_ARGUMENT'
  | 'PAYLOAD_TOO_LARGE'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNAVAILABLE'
  | 'API_ERROR'
  | 'NETWORK_ERROR'
  | 'CANCELLED'
  | 'INTERNAL'
  | (string & {});

export interface AppErrorShape {
  code: ErrorCode;
  message: string;
  /** Structured detail the UI can use, e.g. field issues `{ issues: [{ path, message }] }`. */
  details?: unknown;
}

/** What every channel returns: errors are values, never exceptions across the boundary. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export type ArgsOf<S> = S extends ChannelSpec<infer A, unknown> ? z.input<A> : never;
export type ParsedArgsOf<S> = S extends ChannelSpec<infer A, unknown> ? z.output<A> : never;
export type ResultOf<S> = S extends ChannelSpec<z.ZodType, infer R> ? R : never;
export type PayloadOf<E> = E extends EventSpec<infer P> ? P : never;
