import type { ConnectionFailure, ConnectionTestResult } from '../../src-preload/contract/accounts';
import type { Credential } from '../api/credential';
import { ApiError, NetworkError, TimeoutError } from '../api/errors';
import { createTransport } from '../api/transport';

type Failure = Extract<ConnectionTestResult, { ok: false }>;

const AUTH_CODES = new Set([1000, 6003, 6102, 6103, 6111, 9103, 9106, 9107, 9109, 10000]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_SOCKET', 'ETIMEDOUT']);

function causeCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const isTlsCode = (code: string): boolean =>
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code) || code === 'EPROTO' || code === 'HOSTNAME_MISMATCH';

/**
 * Turns whatever a test call threw into a readable verdict saying which layer failed: name
 * resolution, TLS, the credential (with the service's own message and codes), time, or the network.
 */
export function classifyFailure(error: unknown, host: string, latencyMs: number): Failure {
  const fail = (failure: ConnectionFailure, message: string, extra: Partial<Failure> = {}): Failure => ({ ok: false, failure, message, latencyMs, ...extra });
  if (error instanceof ApiError) {
    const codes = error.codes;
    const detail = error.errors.length > 0 ? error.message : `HTTP ${error.status}`;
    if (error.status === 401 || error.status === 403 || codes.some((c) => AUTH_CODES.has(c))) {
      return fail('auth', `The service refused the credential (HTTP ${error.status}): ${detail}`, { status: error.status, codes });
    }
    return fail('http', `The service answered HTTP ${error.status}: ${detail}`, { status: error.status, codes });
  }
  if (error instanceof TimeoutError) return fail('timeout', `${host} did not answer within ${Math.round(error.timeoutMs / 1000)} s.`);
  const code = causeCode(error instanceof NetworkError ? error.cause : error) ?? '';
  if (DNS_CODES.has(code)) return fail('dns', `DNS lookup failed: the host name ${host} could not be resolved (${code}).`);
  if (isTlsCode(code)) return fail('tls', `TLS error talking to ${host}: the certificate or handshake was rejected (${code}).`);
  if (UNREACHABLE_CODES.has(code)) return fail('unreachable', `${host} is unreachable (${code}): nothing accepted the connection.`);
  const cause = error instanceof NetworkError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return fail('unreachable', `Could not reach ${host}: ${message}.`);
}

export interface ConnectionTestOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Checks a base URL + credential with one cheap authenticated call, no retries: `GET
 * /user/tokens/verify` for a token (falling back to `GET /zones?per_page=5` when the service has no
 * such route, as the local emulator), `GET /zones?per_page=5` for an email + key.
 */
export async function testConnection(baseUrl: string, credential: Credential, options: ConnectionTestOptions = {}): Promise<ConnectionTestResult> {
  return withoutSecret(await runTest(baseUrl, credential, options), credential);
}

/**
 * The verdict goes to the renderer, and a service (or a proxy in front of it) may echo the
 * credential back in its error text: a secret never crosses IPC, even quoted by someone else.
 */
function withoutSecret(result: ConnectionTestResult, credential: Credential): ConnectionTestResult {
  const secret = credential.kind === 'key' ? credential.apiKey : credential.token;
  if (!secret || !result.message.includes(secret)) return result;
  return { ...result, message: result.message.split(secret).join('[redacted]') };
}

async function runTest(baseUrl: string, credential: Credential, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const host = new URL(baseUrl).host;
  const transport = createTransport({ baseUrl, maxRetries: 0, timeoutMs: options.timeoutMs ?? 10_000, fetch: options.fetch });
  const zones = async (): Promise<string> => {
    const env = await transport.json(credential, { method: 'GET', path: '/zones', query: { per_page: 5 } });
    const total = env.result_info?.total_count ?? (Array.isArray(env.result) ? env.result.length : 0);
    return `Connected to ${host}: the credential works and ${total === 1 ? 'one zone is' : `${total} zones are`} visible.`;
  };
  try {
    let message: string;
    if (credential.kind === 'token') {
      try {
        const env = await transport.json(credential, { method: 'GET', path: '/user/tokens/verify' });
        const status = (env.result as { status?: unknown } | null)?.status;
        if (typeof status === 'string' && status !== 'active') {
          return { ok: false, failure: 'auth', message: `The service knows this token but it is ${status}.`, latencyMs: now() - started };
        }
        message = `Connected to ${host}: the token is valid and active.`;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        message = await zones();
      }
    } else {
      message = await zones();
    }
    return { ok: true, message, latencyMs: now() - started };
  } catch (error) {
    return classifyFailure(error, host, now() - started);
  }
}
