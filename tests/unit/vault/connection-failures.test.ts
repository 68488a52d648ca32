import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testConnection } from '../../../src-main/vault/index';

// A throwaway self-signed certificate for 127.0.0.1 tests only (it protects nothing).
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQRc6ZJ8ATc/4Oaml
kMW2gWI4T9t/v7KU6Yx01r2ES3ahRANCAATcDdB9CeHRJ11+ggYk2dBaG39cQJvd
Mss9eyTi0hzHI13mbBsHDCby8UUkr5fxN2zt1ekdWqlOYuFTow6XrMl0
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBiDCCAS2gAwIBAgIUQGiCAVj4hzFD9+GwYdlixBLJO1QwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNem9uZWRlc2stdGVzdDAgFw0yNjExMjIwMDUyMzlaGA8yMTI2
MTAyOTAwNTIzOVowGDEWMBQGA1UEAwwNem9uZWRlc2stdGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABNwN0H0J4dEnXX6CBiTZ0Fobf1xAm90yyz17JOLSHMcj
XeZsGwcMJvLxRSSvl/E3bO3V6R1aqU5i4VOjDpesyXSjUzBRMB0GA1UdDgQWBBS2
eYLe8aLgLBmrlhGi0Tnjv7bWnjAfBgNVHSMEGDAWgBS2eYLe8aLgLBmrlhGi0Tnj
v7bWnjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQDvyqQYATU3
5aSzn2SNUky8c2rAsVCt7Yc9k/9OekRUtAIhAJ6Mc/cp1NqDzo732+TssWQqR62j
DMDxYDUU6Wb11dIw
-----END CERTIFICATE-----`;

const TOKEN = 'EchoedTokenEchoedTokenEchoedTokenEchoed0';
const KEY_SECRET = 'e'.repeat(37);

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function listen(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

// Real sockets, real TLS and real name resolution: the verdicts a user sees, end to end.
describe('testConnection failure classes', () => {
  it('says TLS when the certificate is not trusted', async () => {
    const port = await listen(createHttpsServer({ key: KEY, cert: CERT }, (_req, res) => res.end('{}')));
    const r = await testConnection(`https://127.0.0.1:${port}/client/v4`, { kind: 'token', token: TOKEN });
    expect(r).toMatchObject({ ok: false, failure: 'tls', message: expect.stringContaining('TLS error') });
  });

  it('says DNS when the host name does not resolve', async () => {
    // .invalid never resolves (RFC 6761); a resolver-less machine answers EAI_AGAIN, also DNS.
    const r = await testConnection('https://zonedesk-connection-test.invalid/client/v4', { kind: 'token', token: TOKEN }, { timeoutMs: 8_000 });
    expect(r).toMatchObject({ ok: false, failure: 'dns', message: expect.stringContaining('zonedesk-connection-test.invalid') });
  });

  it.each([
    ['a token', { kind: 'token' as const, token: TOKEN }, TOKEN],
    ['an API key', { kind: 'key' as const, email: 'ops@example.com', apiKey: KEY_SECRET }, KEY_SECRET],
  ])('never hands back %s that the service echoes in its error', async (_label, credential, secret) => {
    // A service (or a proxy) that quotes the credential it was sent, in a 403 and in a 400.
    const port = await listen(
      createHttpServer((req, res) => {
        const sent = String(req.headers.authorization ?? req.headers['x-auth-key'] ?? '');
        const status = req.url?.includes('verify') ? 403 : 400;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, errors: [{ code: 6003, message: `Invalid credential ${sent}` }], messages: [], result: null }));
      }),
    );
    const r = await testConnection(`http://127.0.0.1:${port}/client/v4`, credential);
    expect(r).toMatchObject({ ok: false, failure: 'auth', message: expect.stringContaining('[redacted]') });
    expect(JSON.stringify(r)).not.toContain(secret);
  });
});
