import type { Credential } from './credential';
import { migrationMethods } from './migration';
import { createTransport, type TransportOptions } from './transport';
import { zoneAndDnsMethods } from './zones-dns';

export type ApiClientOptions = TransportOptions;

/** Every typed method of `{base_url}`, bound to one credential. */
export type ScopedApiClient = ReturnType<typeof zoneAndDnsMethods> & ReturnType<typeof migrationMethods>;

export interface ApiClient {
  /**
   * The client's methods bound to `cred`. The credential lives only in the returned object (keep it
   * for one operation, then drop it); the client itself never stores secrets.
   */
  withCredential(cred: Credential): ScopedApiClient;
}

/**
 * One typed client for the service's HTTP API: envelope parsing, typed errors, retries with backoff
 * honouring Retry-After, per-attempt timeouts, AbortSignal cancellation and a concurrency limit
 * shared by every scoped object it hands out.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options);
  return {
    withCredential(cred) {
      return { ...zoneAndDnsMethods(transport, cred), ...migrationMethods(transport, cred) };
    },
  };
}
