import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ScopedApiClient } from '../../../src-main/api';
import { startServiceEmulator, type RunningEmulatorHandle } from './emulator-handle';

let emu: RunningEmulatorHandle;
let api: ScopedApiClient;
const zoneIds = new Map<string, string>();

beforeAll(async () => {
  emu = await startServiceEmulator();
  api = createApiClient({ baseUrl: emu.baseUrl, sleep: async () => {} }).withCredential({ kind: 'token', token: emu.credentials.token });
  for await (const z of api.listAllZones({ per_page: 5 })) zoneIds.set(z.name, z.id);
});
afterAll(() => emu.stop());

const id = (name: string) => zoneIds.get(name)!;

describe('zones', () => {
  it('lists every seeded zone with plans, gets one, and filters by name', async () => {
    expect([...zoneIds.keys()].sort()).toEqual(['acme-shop.example', 'globex.example', 'initech.example', 'umbrella-legacy.example']);
    const z = await api.getZone(id('initech.example'));
    expect(z.plan).toMatchObject({ legacy_id: 'enterprise', name: 'Enterprise Website' });
    const page = await api.listZones({ name: 'globex.example' });
    expect(page.items.map((x) => x.name)).toEqual(['globex.example']);
    expect(page.info.total_count).toBe(1);
  });

  it('works with the key + email credential too, and refuses a wrong one with a typed error', async () => {
    const client = createApiClient({ baseUrl: emu.baseUrl });
    const byKey = client.withCredential({ kind: 'key', email: emu.credentials.email, apiKey: emu.credentials.apiKey });
    await expect(byKey.getZone(id('globex.example'))).resolves.toMatchObject({ name: 'globex.example' });
    const wrong = await client.withCredential({ kind: 'token', token: 'x'.repeat(40) }).getZone(id('globex.example')).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect([(wrong as ApiError).status, (wrong as ApiError).code]).toEqual([403, 10000]);
  });
});

describe('DNS records', () => {
  it('create, get, patch, put, list with filters, delete', async () => {
    const z = id('globex.example');
    const rec = await api.createRecord(z, { type: 'A', name: 'client-test', content: '192.0.2.10', proxied: true, comment: 'c', tags: ['env:test'] });
    expect(rec).toMatchObject({ name: 'client-test.globex.example', ttl: 1, proxied: true, tags: ['env:test'] });
    expect(await api.getRecord(z, rec.id)).toEqual(rec);
    const patched = await api.patchRecord(z, rec.id, { content: '192.0.2.11' });
    expect([patched.content, patched.proxied, patched.comment]).toEqual(['192.0.2.11', true, 'c']);
    const put = await api.putRecord(z, rec.id, { type: 'A', name: 'client-test', content: '192.0.2.12' });
    expect([put.content, put.proxied, put.comment, put.tags]).toEqual(['192.0.2.12', false, null, []]);
    const found = await api.listRecords(z, { name: { startswith: 'client-test.' }, type: 'A' });
    expect(found.items.map((r) => r.id)).toEqual([rec.id]);
    expect(await api.deleteRecord(z, rec.id)).toEqual({ id: rec.id });
    const gone = (await api.getRecord(z, rec.id).catch((e: unknown) => e)) as ApiError;
    expect([gone.status, gone.code]).toEqual([404, 81044]);
  });

  it('reports validation errors with the chained code', async () => {
    const err = (await api.createRecord(id('globex.example'), { type: 'A', name: 'bad', content: 'not-an-ip' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.hasCode(9005)).toBe(true);
  });

  it('batch, export, import and page iteration', async () => {
    const z = id('acme-shop.example');
    const res = await api.batchRecords(z, { posts: [{ type: 'TXT', name: 'batch-a', content: '"a"' }, { type: 'TXT', name: 'batch-b', content: '"b"' }] });
    expect(res.posts).toHaveLength(2);
    const lines = Array.from({ length: 120 }, (_, i) => `imp${i}.acme-shop.example. 300 IN A 192.0.2.${i % 250}`).join('\n');
    const imported = await api.importZone(z, lines, { proxied: false });
    expect(imported).toMatchObject({ recs_added: 120, total_records_parsed: 120 });
    const text = await api.exportZone(z);
    expect(text).toContain('imp119.acme-shop.example.');
    const pages: number[] = [];
    for await (const items of api.iterateRecords(z, { per_page: 50 })) pages.push(items.length);
    const all = await api.listAllRecords(z, { per_page: 50 });
    expect(pages.reduce((a, b) => a + b, 0)).toBe(all.length);
    expect(all.length).toBeGreaterThan(122);
    expect(pages.length).toBe(Math.ceil(all.length / 50));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });
});
