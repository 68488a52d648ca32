/**
 * A credential for one call. The client never stores it: the caller fetches it from the vault and
 * passes it per call (through `client.withCredential(cred)`), so secrets live only as long as the call.
 */
export type Credential = { kind: 'token'; token: string } | { kind: 'key'; email: string; apiKey: string };

/** The auth headers of a credential: Bearer for a token, X-Auth-Email + X-Auth-Key for a global key. */
export function authHeaders(cred: Credential): Record<string, string> {
  return cred.kind === 'token'
    ? { authorization: `Bearer ${cred.token}` }
    : { 'x-auth-email': cred.email, 'x-auth-key': cred.apiKey };
}
