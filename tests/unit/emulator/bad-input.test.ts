import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../../src-main/dns/types';
import { call, start, zoneId, ZONE, type Emulator } from './harness';

// Bad input of every kind, on every writing endpoint: always the envelope with success false and a
// 4xx — never a 5xx, never a crash — and nothing written.
let emu: Emulator;
let zid: string;
let recordId: string;
beforeAll(async () => {
  emu = await start({ rateLimit: { requests: 100_000, windowSeconds: 300 } });
  zid = await zoneId(emu, ZONE.business);
  recordId = (await call<DnsRecord[]>(emu, 'GET', `/zones/${zid}/dns_records?type=A&per_page=1`)).json.result[0]?.id ?? '';
});
afterAll(() => emu.stop());

/** A small deterministic generator (mulberry32), so a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', ' ', 'x'.repeat(5000), '\u0000', '\ud800', '😀', '<script>', '../../etc/passwd',
  [], [null], [[[[[]]]]], {}, { __proto__: { polluted: true } }, { constructor: { prototype: { x: 1 } } }, 'A', '192.0.2.1', '@',
];
const FIELDS = ['type', 'name', 'content', 'ttl', 'proxied', 'priority', 'data', 'settings', 'comment', 'tags', 'id', 'zone_id', 'meta', 'unknown'];

function junkObject(next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = Math.floor(next() * 3) === 0 ? { type: 'A', name: 'fuzz', content: '192.0.2.1' } : {};
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) out[FIELDS[Math.floor(next() * FIELDS.length)] ?? 'x'] = ODD_VALUES[Math.floor(next() * ODD_VALUES.length)];
  return out;
}

const RAW_BODIES = ['{', '}', '{"a":', 'null', '[]', '"text"', '12', 'nul', '{"type":"A",}', '\u0000\u0001', '{"a":1}{"b":2}', '\ufeff{}'];

describe('bad input never yields a 5xx or a write', () => {
  const endpoints = () => [
    ['POST', `/zones/${zid}/dns_records`],
    ['PATCH', `/zones/${zid}/dns_records/${recordId}`],
    ['PUT', `/zones/${zid}/dns_records/${recordId}`],
    ['POST', `/zones/${zid}/dns_records/batch`],
    ['PUT', `/zones/${zid}/rulesets/phases/http_request_firewall_managed/entrypoint?waf_migration=pending&phase_two=1`],
  ] as const;

  it('malformed JSON, wrong content types and non-objects', async () => {
    for (const [method, path] of endpoints()) {
      for (const raw of RAW_BODIES) {
        for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
          const r = await call(emu, method, path, { raw, headers: { 'content-type': contentType } });
          expect(r.status, `${method} ${path} ${contentType} ${JSON.stringify(raw)}`).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
          expect([r.json.success, r.json.result]).toEqual([false, null]);
        }
      }
    }
  });

  it('objects with odd values in every field (deterministic fuzz)', async () => {
    const next = rng(20261122);
    const before = (await call<DnsRecord[]>(emu, 'GET', `/zones/${zid}/dns_records?per_page=5000`)).json.result;
    let accepted = 0;
    for (let i = 0; i < 250; i++) {
      const [method, path] = endpoints()[i % 3] ?? ['POST', ''];
      const body = junkObject(next);
      const r = await call<DnsRecord>(emu, method, path, { body });
      expect(r.status, `${method} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(r.json.success).toBe(r.status === 200);
      if (r.status === 200) {
        accepted++;
        // Whatever got through is a well-formed record; undo it so the count check below holds.
        expect(r.json.result.id).toMatch(/^[0-9a-f]{32}$/);
        if (method === 'POST') await call(emu, 'DELETE', `/zones/${zid}/dns_records/${r.json.result.id}`);
      } else {
        expect(r.json.errors.length).toBeGreaterThan(0);
      }
      if (method !== 'POST' && r.status === 200) {
        const restore = before.find((x) => x.id === recordId);
        await call(emu, 'PUT', path, { body: { type: restore?.type, name: restore?.name, content: restore?.content, ttl: restore?.ttl, proxied: restore?.proxied, comment: restore?.comment, tags: restore?.tags } });
      }
    }
    const batch = await call(emu, 'POST', `/zones/${zid}/dns_records/batch`, { body: { posts: Array.from({ length: 30 }, () => junkObject(next)) } });
    expect(batch.status).toBeLessThan(500);
    const after = (await call<DnsRecord[]>(emu, 'GET', `/zones/${zid}/dns_records?per_page=5000`)).json.result;
    expect(after.length).toBe(before.length + (batch.status === 200 ? 30 : 0));
    expect(accepted).toBeLessThan(250);
  });

  it('odd query strings and paths', async () => {
    const queries = ['page=-1', 'page=1e3', 'per_page=abc', 'order=', 'direction=sideways', 'name.exact=%E0%A4%A', 'tag.contains=novalue', 'match=', 'type=a', '%zz=1', 'name=' + 'x'.repeat(10_000)];
    for (const q of queries) {
      const r = await call(emu, 'GET', `/zones/${zid}/dns_records?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.json.success).toBe(r.status === 200);
    }
    for (const p of [`/zones/${zid}/dns_records/%E0%A4%A`, `/zones/${zid}/dns_records/${'f'.repeat(32)}/extra`, '/zones/%00/dns_records', '/zones//dns_records']) {
      const r = await call(emu, 'GET', p);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.status, p).toBeLessThan(500);
    }
  });
});
