import type { IncomingHttpHeaders } from 'node:http';
import type { ResultInfo } from '../dns/types';

export type { ResultInfo };

/**
 * The emulator's route table contract. Each domain (zones, dns, waf/migration) contributes
 * routes; the server matches them, parses the body, checks auth and wraps results in the
 * service's response envelope. Shared so domains can be written independently.
 */

/** One entry of the envelope's `errors` array, as the real API sends it. */
export interface ApiErrorObject {
  code: number;
  message: string;
  error_chain?: ApiErrorObject[];
  source?: { pointer: string };
}

/** Thrown by a route to answer with `success: false`; the server turns it into the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorObject[],
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
    this.name = 'ApiFailure';
  }
}

/** Which credential authenticated the request (already verified by the server). */
export type EmulatorCredential = { kind: 'token' } | { kind: 'key'; email: string };

export interface EmulatorRequest {
  method: string;
  /** Path below the base path (`/client/v4`), e.g. `/zones/abc/dns_records`. */
  path: string;
  /** Named path parameters from the route pattern (`:zone_id` → `params.zone_id`). */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body for `application/json` requests; undefined when there is none. */
  body: unknown;
  /** The raw body bytes (for multipart routes such as DNS import). */
  rawBody: Buffer;
  credential: EmulatorCredential;
}


/** What a route returns on success. */
export type RouteResult =
  | { result: unknown; resultInfo?: ResultInfo; messages?: unknown[]; extra?: Record<string, unknown> }
  | { raw: { status?: number; contentType: string; body: string } };

export type RouteHandler = (req: EmulatorRequest) => RouteResult | Promise<RouteResult>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path pattern below the base path, with `:name` segments: `/zones/:zone_id/dns_records/:record_id`. */
  path: string;
  handler: RouteHandler;
}
