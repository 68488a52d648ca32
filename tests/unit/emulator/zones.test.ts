import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Zone } from '../../../src-main/dns/types';
import { call, start, ZONE, type Emulator } from './harness';

let emu: Emulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.stop());

describe('GET /zones', () => {
  it('lists the seeded zones with real plan shapes and result_info', async () => {
    const r = await call<Zone[]>(emu, 'GET', '/zones');
    expect(r.status).toBe(200);
    expect(r.json.result.map((z) => [z.name, z.plan.name, z.plan.legacy_id])).toEqual([
      [ZONE.pro, 'Pro Website', 'pro'],
      [ZONE.business, 'Business Website', 'business'],
      [ZONE.enterprise, 'Enterprise Website', 'enterprise'],
      [ZONE.legacy, 'Business Website', 'business'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(r.json.result_info).toEqual({ page: 1, per_page: 20, count: 4, total_count: 4, total_pages: 1 });
    const z = r.json.result[0] as Zone;
    expect(z.id).toMatch(/^[0-9a-f]{32}$/);
    expect(z.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,6}Z$/);
    expect(z).toMatchObject({ status: 'active', paused: false, type: 'full' });
  });
  it.each([
    ['name=globex.example', ['globex.example']],
    ['name=contains:ex', [ZONE.pro, ZONE.business, ZONE.enterprise, ZONE.legacy].sort()],
    ['name=starts_with:ini', [ZONE.enterprise]],
    ['name=ends_with:legacy.example', [ZONE.legacy]],
    ['status=pending', []],
    ['name=globex.example&status=pending&match=any', ['globex.example']],
    ['order=name&direction=desc', [ZONE.pro, ZONE.business, ZONE.enterprise, ZONE.legacy].sort().reverse()],
    ['per_page=5&page=2', []],
  ])('%s', async (query, names) => {
    const r = await call<Zone[]>(emu, 'GET', `/zones?${query}`);
    expect(r.json.result.map((z) => z.name)).toEqual(names);
  });
  it.each([['per_page=4'], ['per_page=51'], ['page=0'], ['status=bogus'], ['order=colour'], ['direction=up']])('%s → 400', async (q) => {
    const r = await call(emu, 'GET', `/zones?${q}`);
    expect([r.status, r.json.success]).toEqual([400, false]);
  });
  it('GET /zones/:id', async () => {
    const list = await call<Zone[]>(emu, 'GET', `/zones?name=${ZONE.enterprise}`);
    const id = list.json.result[0]?.id ?? '';
    const r = await call<Zone>(emu, 'GET', `/zones/${id}`, { auth: 'key' });
    expect(r.json.result).toMatchObject({ id, name: ZONE.enterprise, plan: { id: '94f3b7b768b0458b56d2cac4fe5ec0f9' } });
  });
});

describe('state', () => {
  it('persists in <dataDir>/service-emulator.sqlite with credentials, and instances run side by side', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-'));
    try {
      const a = await start({ dataDir: dir });
      const other = await start({ seed: false });
      const zones = await call<Zone[]>(a, 'GET', '/zones');
      const zid = zones.json.result[0]?.id ?? '';
      const created = await call<{ id: string }>(a, 'POST', `/zones/${zid}/dns_records`, { body: { type: 'A', name: 'persist', content: '192.0.2.77' } });
      expect(created.status).toBe(200);
      expect((await call<Zone[]>(other, 'GET', '/zones')).json.result).toEqual([]);
      const creds = a.credentials;
      await a.stop();
      await other.stop();
      expect(fs.existsSync(path.join(dir, 'service-emulator.sqlite'))).toBe(true);
      const b = await start({ dataDir: dir });
      try {
        expect(b.credentials).toEqual(creds);
        const again = await call(b, 'GET', `/zones/${zid}/dns_records/${created.json.result.id}`);
        expect(again.status).toBe(200);
        expect((await call<Zone[]>(b, 'GET', '/zones')).json.result).toHaveLength(4);
      } finally {
        await b.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses a non-loopback host', async () => {
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});
