import { describe, expect, it } from 'vitest';
import { addAccountSchema, baseUrlSchema, credentialInputSchema, isLoopbackHost } from '../../../src-preload/contract/accounts';
import { ApiError, NetworkError, TimeoutError } from '../../../src-main/api/errors';
import { classifyFailure } from '../../../src-main/vault/index';

describe('base URL rules', () => {
  it.each([
    ['https://api.cloudflare.com/client/v4', 'https://api.cloudflare.com/client/v4'],
    ['https://api.example.com/client/v4/', 'https://api.example.com/client/v4'],
    ['  https://api.example.com  ', 'https://api.example.com'],
    ['http://127.0.0.1:8787/client/v4', 'http://127.0.0.1:8787/client/v4'],
    ['http://localhost:8787/client/v4', 'http://localhost:8787/client/v4'],
    ['http://[::1]:8787/client/v4', 'http://[::1]:8787/client/v4'],
    ['HTTP://LOCALHOST:1/x', 'HTTP://LOCALHOST:1/x'],
  ])('accepts %s', (input, output) => {
    expect(baseUrlSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'Enter the service base URL.'],
    ['api.example.com', 'Enter a full URL'],
    ['http://api.example.com/client/v4', 'plain http is only allowed'],
    ['http://127.0.0.2/client/v4', 'plain http is only allowed'],
    ['http://localhost.example.com/', 'plain http is only allowed'],
    ['ftp://api.example.com/', 'must start with https://'],
    ['file:///etc/passwd', 'must start with https://'],
    ['https://user:pw@api.example.com/', 'credentials in the URL'],
    ['https://api.example.com/?x=1', 'query or a fragment'],
    ['https://api.example.com/#x', 'query or a fragment'],
  ])('rejects %j', (input, message) => {
    const r = baseUrlSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(message);
  });

  it.each([
    ['127.0.0.1', true],
    ['localhost', true],
    ['[::1]', true],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('isLoopbackHost(%s) = %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('credential input', () => {
  it.each([
    [{ kind: 'token', secret: 'abc' }, true],
    [{ kind: 'token', secret: '  abc \n' }, true],
    [{ kind: 'token', secret: 'a b' }, false],
    [{ kind: 'token', secret: '' }, false],
    [{ kind: 'key', email: 'ops@example.com', secret: 'k' }, true],
    [{ kind: 'key', email: 'ops@', secret: 'k' }, false],
    [{ kind: 'key', secret: 'k' }, false],
    [{ kind: 'password', secret: 'k' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(credentialInputSchema.safeParse(input).success).toBe(valid);
  });

  it('trims the name and strips the trailing slash of an account', () => {
    expect(addAccountSchema.parse({ name: ' Prod ', baseUrl: 'https://a.example/', credential: { kind: 'token', secret: 't' } })).toEqual({
      name: 'Prod',
      baseUrl: 'https://a.example',
      credential: { kind: 'token', secret: 't' },
    });
  });
});

describe('classifyFailure', () => {
  const net = (code: string) => new NetworkError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  it.each([
    [new ApiError(403, [{ code: 10000, message: 'Authentication error' }]), 'auth', 'Authentication error'],
    [new ApiError(400, [{ code: 6003, message: 'Invalid request headers', error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }] }]), 'auth', 'Invalid format for Authorization header'],
    [new ApiError(401, []), 'auth', 'HTTP 401'],
    [new ApiError(404, [{ code: 7000, message: 'No route for that URI' }]), 'http', 'HTTP 404'],
    [new ApiError(502, [{ code: 0, message: 'not JSON' }]), 'http', 'HTTP 502'],
    [new TimeoutError(10_000), 'timeout', 'within 10 s'],
    [net('ENOTFOUND'), 'dns', 'could not be resolved'],
    [net('EAI_AGAIN'), 'dns', 'could not be resolved'],
    [net('CERT_HAS_EXPIRED'), 'tls', 'TLS error'],
    [net('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls', 'TLS error'],
    [net('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls', 'TLS error'],
    [net('ECONNREFUSED'), 'unreachable', 'unreachable'],
    [new NetworkError('fetch failed', { cause: new Error('bad port') }), 'unreachable', 'bad port'],
  ])('%s → %s', (error, failure, text) => {
    const r = classifyFailure(error, 'api.example.com', 12);
    expect(r).toMatchObject({ ok: false, failure, latencyMs: 12 });
    expect(r.message).toContain(text);
  });

  it('keeps the HTTP status and every service code', () => {
    const r = classifyFailure(new ApiError(403, [{ code: 9109, message: 'Invalid access token' }]), 'h', 0);
    expect(r).toMatchObject({ status: 403, codes: [9109] });
  });
});
