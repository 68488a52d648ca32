/** Errors the API client throws: one class per way a call can fail, all with a readable message. */

/** One entry of the envelope's `errors` (same shape as the service's). */
export interface ApiErrorObject {
  code: number;
  message: string;
  error_chain?: ApiErrorObject[];
  source?: { pointer: string };
  documentation_url?: string;
}

function flatten(errors: ApiErrorObject[]): ApiErrorObject[] {
  return errors.flatMap((e) => [e, ...flatten(e.error_chain ?? [])]);
}

/** The service answered with `success: false` (or a non-2xx status). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** First error code of the envelope (0 when the body had none). */
  readonly code: number;
  /** Every code, top level and `error_chain` alike, in document order. */
  readonly codes: number[];

  constructor(
    readonly status: number,
    readonly errors: ApiErrorObject[],
    readonly messages: unknown[] = [],
  ) {
    const all = flatten(errors);
    super(all.length > 0 ? all.map((e) => `${e.code}: ${e.message}`).join('; ') : `HTTP ${status}`);
    this.codes = all.map((e) => e.code);
    this.code = all[0]?.code ?? 0;
  }

  /** True when `code` appears anywhere, including inside an `error_chain` (e.g. 9021 under 1004). */
  hasCode(code: number): boolean {
    return this.codes.includes(code);
  }

  /** The most specific message: the innermost chain entry, as users need the field detail. */
  get detail(): string {
    const all = flatten(this.errors);
    return all[all.length - 1]?.message ?? this.message;
  }
}

/** The request never got a response (connection refused, reset, DNS failure…). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** An attempt took longer than the timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs} ms`);
  }
}

/** The caller cancelled the call through its AbortSignal. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  constructor(message = 'The request was cancelled') {
    super(message);
  }
}
