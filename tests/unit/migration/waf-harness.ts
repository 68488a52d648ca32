import Database from 'better-sqlite3';
import { ApiFailure, type Route } from '../../../src-main/emulator/routing';
import { createWafRoutes, seedWaf, seedId, type WafZone } from '../../../src-main/emulator/waf';

export const ZONES: WafZone[] = [
  { id: seedId('zone', 'acme'), name: 'acme-shop.example', plan: { legacy_id: 'pro', name: 'Pro Website' } },
  { id: seedId('zone', 'globex'), name: 'globex.example', plan: { legacy_id: 'business', name: 'Business Website' } },
  { id: seedId('zone', 'initech'), name: 'initech.example', plan: { legacy_id: 'enterprise', name: 'Enterprise Website' } },
  { id: seedId('zone', 'umbrella'), name: 'umbrella-legacy.example', plan: { legacy_id: 'business', name: 'Business Website' } },
];
export const zoneId = (name: string) => ZONES.find((z) => z.name.startsWith(name))!.id;

/** Calls WAF routes directly (no HTTP) over an in-memory database: the route table's contract. */
export function wafHarness() {
  const db = new Database(':memory:');
  seedWaf(db, ZONES);
  let now = Date.UTC(2026, 0, 2, 3, 4, 5);
  const routes: Route[] = createWafRoutes({ db, getZone: (id) => ZONES.find((z) => z.id === id), clock: () => now++ });
  function call(method: Route['method'], url: string, body?: unknown): { status: number; result?: unknown; errors?: { code: number; message: string }[]; messages?: unknown[]; resultInfo?: unknown } {
    const u = new URL(url, 'http://x');
    for (const r of routes) {
      if (r.method !== method) continue;
      const pp = r.path.split('/');
      const up = u.pathname.split('/');
      if (pp.length !== up.length) continue;
      const params: Record<string, string> = {};
      if (!pp.every((seg, i) => (seg.startsWith(':') ? ((params[seg.slice(1)] = up[i]!), true) : seg === up[i]))) continue;
      try {
        const out = r.handler({ method, path: u.pathname, params, query: u.searchParams, headers: {}, body, rawBody: Buffer.alloc(0), credential: { kind: 'token' } });
        if (out instanceof Promise) throw new Error('async handler');
        if ('raw' in out) throw new Error('raw');
        return { status: 200, result: out.result, messages: out.messages, resultInfo: out.resultInfo };
      } catch (e) {
        if (e instanceof ApiFailure) return { status: e.status, errors: e.errors };
        throw e;
      }
    }
    return { status: 404, errors: [{ code: 7000, message: 'No route for that URI' }] };
  }
  return { db, call, close: () => db.close() };
}
