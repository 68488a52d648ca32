import type { z } from 'zod';
import { contract, MAX_PAYLOAD_BYTES, type ChannelName, type Contract, type Result } from '../../src-preload/contract';
import type { ParsedArgsOf, ResultOf } from '../../src-preload/contract/define';
import { toAppErrorShape } from './app-error';

/** Who is calling; transports fill it in so handlers can scope work (e.g. cancel on window close). */
export interface CallContext {
  transport: 'electron' | 'http';
  signal?: AbortSignal;
}

export type Handler<K extends ChannelName> = (
  args: ParsedArgsOf<Contract[K]>,
  ctx: CallContext,
) => ResultOf<Contract[K]> | Promise<ResultOf<Contract[K]>>;

export type Handlers = { [K in ChannelName]: Handler<K> };

/** The handlers of one domain: every channel whose name starts with `<prefix>.`. */
export type DomainHandlers<Prefix extends string> = {
  [K in ChannelName as K extends `${Prefix}.${string}` ? K : never]: Handler<K>;
};

export interface Router {
  invoke(channel: unknown, args: unknown, ctx: CallContext): Promise<Result<unknown>>;
}

/** Size of the arguments as JSON, or undefined when they are not plain JSON data (BigInt, cycles). */
function payloadSize(args: unknown): number | undefined {
  if (args === undefined) return 0;
  try {
    return Buffer.byteLength(JSON.stringify(args) ?? '');
  } catch {
    return undefined;
  }
}

/**
 * Validates every call against the contract before any service runs: the renderer is
 * untrusted, so an unknown channel, malformed or oversized arguments never reach a handler.
 */
export function createRouter(handlers: Handlers, options: { maxPayloadBytes?: number } = {}): Router {
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  return {
    async invoke(channel, rawArgs, ctx) {
      if (typeof channel !== 'string' || !Object.hasOwn(contract, channel)) {
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Unknown channel: ${String(channel).slice(0, 80)}` } };
      }
      // Electron's structured clone lets values through that JSON (browser mode) cannot carry.
      const size = payloadSize(rawArgs);
      if (size === undefined) {
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'Arguments must be plain JSON data.' } };
      }
      if (size > maxPayloadBytes) {
        return { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', message: `Arguments exceed ${maxPayloadBytes} bytes.` } };
      }
      const name = channel as ChannelName;
      const schema: z.ZodType = contract[name].args;
      let parsed: ReturnType<typeof schema.safeParse>;
      try {
        parsed = schema.safeParse(rawArgs);
      } catch (error) {
        // A refinement that throws is a bug in the contract, but still no exception crosses the boundary.
        console.error(`[zonedesk] ${name} argument check failed:`, error);
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'Invalid argument.' } };
      }
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
        const first = issues[0];
        return {
          ok: false,
          error: {
            code: 'INVALID_ARGUMENT',
            message: first ? `Invalid argument${first.path ? ` ${first.path}` : ''}: ${first.message}` : 'Invalid argument.',
            details: { issues },
          },
        };
      }
      try {
        const handler = handlers[name] as (args: unknown, ctx: CallContext) => unknown;
        const value = await handler(parsed.data, ctx);
        return { ok: true, value };
      } catch (error) {
        const shape = toAppErrorShape(error);
        if (shape.code === 'INTERNAL') console.error(`[zonedesk] ${name} failed:`, error);
        return { ok: false, error: shape };
      }
    },
  };
}
