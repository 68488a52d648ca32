import type { Result, Transport } from '../../../src-preload/contract';

const TOKEN_KEY = 'zonedesk.token';

/**
 * Reads the per-run bridge token from the URL once, keeps it for the tab's session and removes
 * it from the address bar so it does not end up in screenshots or history.
 */
export function takeBridgeToken(): string {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    params.delete('token');
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/** Browser mode's transport: calls as JSON POSTs to the loopback bridge, events over SSE. */
export function createHttpTransport(token: string): Transport {
  return {
    async invoke(channel, args) {
      try {
        const response = await fetch(`/rpc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Zonedesk-Token': token },
          body: JSON.stringify({ args }),
        });
        const body = (await response.json()) as Result<unknown> | null;
        if (body && typeof body === 'object' && typeof body.ok === 'boolean') return body;
        return { ok: false, error: { code: 'INTERNAL', message: `Unexpected answer from Zonedesk (HTTP ${response.status}).` } };
      } catch (error) {
        return {
          ok: false,
          error: { code: 'NETWORK_ERROR', message: `Zonedesk is not reachable: ${error instanceof Error ? error.message : String(error)}` },
        };
      }
    },
    subscribe(listener) {
      const source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
      source.onmessage = (message: MessageEvent<string>) => {
        let event: { name?: unknown; payload?: unknown };
        try {
          event = JSON.parse(message.data) as { name?: unknown; payload?: unknown };
        } catch {
          return; // not one of ours: ignore rather than throw into the page
        }
        if (typeof event.name === 'string') listener(event.name, event.payload);
      };
      return () => source.close();
    },
  };
}
