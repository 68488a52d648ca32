/** Typed HTTP client of the service's API (zones, DNS records, managed-WAF migration). */
export { createApiClient, type ApiClient, type ApiClientOptions, type ScopedApiClient } from './client';
export { authHeaders, type Credential } from './credential';
export { ApiError, AbortError, NetworkError, TimeoutError, type ApiErrorObject } from './errors';
export { retryAfterMs, type CallOptions } from './transport';
export type { Page } from './zones-dns';
export type { PageInfo } from './envelope';
