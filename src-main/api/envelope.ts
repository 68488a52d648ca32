import { z } from 'zod';
import { ApiError, type ApiErrorObject } from './errors';

const errorObjectSchema: z.ZodType<ApiErrorObject> = z.lazy(() =>
  z.object({
    code: z.number(),
    message: z.string(),
    error_chain: z.array(errorObjectSchema).optional(),
    source: z.object({ pointer: z.string() }).optional(),
    documentation_url: z.string().optional(),
  }),
);

const resultInfoSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  count: z.number(),
  total_count: z.number(),
  total_pages: z.number().optional(),
});

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(errorObjectSchema),
  messages: z.array(z.unknown()).optional(),
  result: z.unknown(),
  result_info: resultInfoSchema.optional(),
});

export type PageInfo = z.infer<typeof resultInfoSchema>;

/** A parsed success envelope; `result` is typed by the endpoint's method. */
export interface Envelope {
  result: unknown;
  result_info?: PageInfo;
  messages: unknown[];
  /** Top-level extras (e.g. `timing` of an import). */
  extra: Record<string, unknown>;
}

/**
 * Parses a response body as the service's envelope. Anything else (HTML from a proxy, truncated
 * JSON, `success: false`, a non-2xx status) becomes an ApiError carrying the HTTP status.
 */
export function parseEnvelope(status: number, text: string): Envelope {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(status, [{ code: 0, message: `The service answered HTTP ${status} with a body that is not JSON` }]);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(status, [{ code: 0, message: `The service answered HTTP ${status} without the expected envelope` }]);
  }
  const env = parsed.data;
  if (!env.success || status < 200 || status >= 300) {
    throw new ApiError(status >= 400 ? status : 400, env.errors, env.messages ?? []);
  }
  const { success: _s, errors: _e, messages, result, result_info, ...rest } = json as Record<string, unknown>;
  void _s;
  void _e;
  return { result, result_info: env.result_info ?? (result_info as PageInfo | undefined), messages: (messages as unknown[] | undefined) ?? [], extra: rest };
}
