import Cloudflare from 'cloudflare';
import type { BatchPatchParam } from 'cloudflare/resources/dns/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, ZONE, type Emulator } from './harness';

// The official SDK, unchanged, pointed at the emulator.
let emu: Emulator;
let cf: Cloudflare;
let zoneId: string;
beforeAll(async () => {
  emu = await start({ rateLimit: { requests: 100_000, windowSeconds: 300 } });
  cf = new Cloudflare({ baseURL: emu.baseUrl, apiToken: emu.credentials.token, apiKey: null, apiEmail: null, maxRetries: 0 });
  const zones = [];
  for await (const z of cf.zones.list({ name: ZONE.business })) zones.push(z);
  zoneId = zones[0]?.id ?? '';
});
afterAll(() => emu.stop());

describe('official SDK against the emulator', () => {
  it('lists and gets zones', async () => {
    const names: string[] = [];
    for await (const z of cf.zones.list({ per_page: 5 })) names.push(z.name);
    expect(names).toHaveLength(4);
    const zone = await cf.zones.get({ zone_id: zoneId });
    expect(zone.plan?.name).toBe('Business Website');
  });

  it('creates, gets, edits, updates and deletes a record', async () => {
    const created = await cf.dns.records.create({ zone_id: zoneId, type: 'A', name: 'sdk', content: '192.0.2.40', proxied: true, ttl: 3600 });
    expect(created).toMatchObject({ name: `sdk.${ZONE.business}`, ttl: 1, proxied: true });
    const got = await cf.dns.records.get(created.id, { zone_id: zoneId });
    expect(got.content).toBe('192.0.2.40');
    const edited = await cf.dns.records.edit(created.id, { zone_id: zoneId, content: '192.0.2.41' } as Cloudflare.DNS.RecordEditParams);
    expect(edited).toMatchObject({ content: '192.0.2.41', proxied: true });
    const updated = await cf.dns.records.update(created.id, { zone_id: zoneId, type: 'A', name: 'sdk', content: '192.0.2.42', ttl: 600 });
    expect(updated).toMatchObject({ content: '192.0.2.42', proxied: false, ttl: 600 });
    const srv = await cf.dns.records.create({ zone_id: zoneId, type: 'SRV', name: '_sdk._tcp', data: { priority: 1, weight: 2, port: 3, target: 'sdk.example.net' }, ttl: 1 });
    expect(srv.content).toBe('2 3 sdk.example.net');
    const deleted = await cf.dns.records.delete(created.id, { zone_id: zoneId });
    expect(deleted?.id).toBe(created.id);
    await expect(cf.dns.records.get(created.id, { zone_id: zoneId })).rejects.toBeInstanceOf(Cloudflare.NotFoundError);
  });

  it('maps validation failures to BadRequestError with the real codes', async () => {
    const err = await cf.dns.records.create({ zone_id: zoneId, type: 'A', name: 'bad', content: '104.16.0.1', ttl: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Cloudflare.BadRequestError);
    expect((err as InstanceType<typeof Cloudflare.BadRequestError>).errors[0]).toMatchObject({ code: 9005 });
  });

  it('batch-creates 3,000 records and auto-paginates over them', async () => {
    const posts = Array.from({ length: 3000 }, (_, i) => ({ type: 'A' as const, name: `bulk-${i}`, content: `10.${i >> 8}.${i & 255}.1`, ttl: 1 }));
    const r = await cf.dns.records.batch({ zone_id: zoneId, posts });
    expect(r.posts).toHaveLength(3000);
    const seen = new Set<string>();
    for await (const rec of cf.dns.records.list({ zone_id: zoneId, name: { startswith: 'bulk-' }, per_page: 500 })) seen.add(rec.id);
    expect(seen.size).toBe(3000);
    let all = 0;
    for await (const rec of cf.dns.records.list({ zone_id: zoneId })) all += rec.id ? 1 : 0;
    expect(all).toBeGreaterThan(3000);
    const b = await cf.dns.records.batch({
      zone_id: zoneId,
      deletes: (r.posts ?? []).slice(0, 10).map((p) => ({ id: p.id })),
      patches: [{ id: r.posts?.[10]?.id ?? '', content: '10.200.0.1' } as BatchPatchParam],
    });
    expect(b.deletes).toHaveLength(10);
    expect(b.patches?.[0]?.content).toBe('10.200.0.1');
  });

  it('exports and imports BIND files', async () => {
    const text = await cf.dns.records.export({ zone_id: zoneId });
    expect(text).toContain(`;; Domain:     ${ZONE.business}.`);
    const imported = await cf.dns.records.import({ zone_id: zoneId, file: 'sdkimp 300 IN TXT "via sdk"\n', proxied: 'false' });
    expect(imported).toMatchObject({ recs_added: 1, total_records_parsed: 1 });
  });
});
