import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../src-preload/contract';
import { createDnsHandlers } from '../../../src-main/dns-workbench';
import { startServiceEmulator, type RunningEmulator } from '../../../src-main/emulator/index';
import { createRouter, type Handlers } from '../../../src-main/ipc/router';
import { openSettingsDb, type SettingsDb } from '../../../src-main/settings-db';

let emulator: RunningEmulator;
let db: SettingsDb;
let dir: string;
let dispose: () => void;
let invoke: (channel: ChannelName, args?: unknown) => Promise<unknown>;
let errorOf: (channel: ChannelName, args?: unknown) => Promise<{ code: string; message: string; details?: unknown }>;
let zoneId: string;
let initechId: string;
/** How often the handlers asked for the credential (a keychain read for real accounts). */
let secretReads = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zonedesk-dns-'));
  emulator = await startServiceEmulator();
  db = openSettingsDb(dir);
  const accounts = {
    activeProfileId: () => 'sandbox',
    activeConnection: async () => {
      secretReads++;
      return {
        profileId: 'sandbox', profileName: 'Local sandbox', baseUrl: emulator.baseUrl, isSandbox: true,
        credential: { kind: 'token' as const, token: emulator.credentials.token },
      };
    },
  };
  const dns = createDnsHandlers({ accounts, db });
  dispose = dns.dispose;
  // Through the real router, so arguments are checked by the contract's schemas too.
  const router = createRouter(dns.handlers as unknown as Handlers);
  const call = (channel: ChannelName, args?: unknown) => router.invoke(channel, args, { transport: 'http' });
  invoke = async (channel, args) => {
    const r = await call(channel, args);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  errorOf = async (channel, args) => {
    const r = await call(channel, args);
    if (r.ok) throw new Error(`${channel} unexpectedly succeeded`);
    return r.error;
  };
  const zones = (await invoke('dns.listZones')) as { zones: { id: string; name: string }[] };
  zoneId = zones.zones.find((z) => z.name === 'acme-shop.example')?.id ?? '';
  initechId = zones.zones.find((z) => z.name === 'initech.example')?.id ?? '';
});

afterAll(async () => {
  dispose();
  db.close();
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Row = { id: string; name: string; type: string; content: string; ttl: number; proxied: boolean };
type Mutation = { upserted: Row[]; removedIds: string[]; entry: { id: number; kind: string; summary: string } | null };
const records = async (id = zoneId) => ((await invoke('dns.listRecords', { zoneId: id })) as { records: Row[] }).records;

describe('DNS handlers against the emulator', () => {
  it('lists the zones with plan and status, and remembers the chosen one per account', async () => {
    const first = (await invoke('dns.listZones')) as { zones: { name: string; plan: string; status: string }[]; rememberedZoneId: string | null };
    expect(first.zones.map((z) => [z.name, z.plan])).toContainEqual(['acme-shop.example', 'pro']);
    expect(first.zones.every((z) => z.status === 'active')).toBe(true);
    await invoke('dns.rememberZone', { zoneId });
    expect(((await invoke('dns.listZones')) as { rememberedZoneId: string }).rememberedZoneId).toBe(zoneId);
  });

  it('validates keystrokes against a fetched zone without reading the secret again', async () => {
    await records();
    const before = secretReads;
    for (const content of ['1', '19', '192.0', '192.0.2.77']) {
      await invoke('dns.validateRecord', { zoneId, input: { type: 'A', name: 'typing', content } });
    }
    expect(secretReads).toBe(before);
  });

  it('reads every record of the zone', async () => {
    const rows = await records();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.find((r) => r.name === 'www.acme-shop.example')).toMatchObject({ type: 'CNAME', proxied: true, ttl: 1 });
  });

  it('validates with fields and reasons, and warns about proxied CNAME chains', async () => {
    const bad = (await invoke('dns.validateRecord', { zoneId, input: { type: 'A', name: 'x', content: '104.16.0.1' } })) as { ok: boolean; issues: { field: string; message: string }[] };
    expect(bad.ok).toBe(false);
    expect(bad.issues[0]).toMatchObject({ field: 'content', message: expect.stringMatching(/own network/) });
    const dup = (await invoke('dns.validateRecord', { zoneId, input: { type: 'A', name: 'www', content: '192.0.2.8' } })) as { issues: { field: string; code: number }[] };
    expect(dup.issues).toEqual([expect.objectContaining({ field: 'name', code: 81054 })]);
    const chain = (await invoke('dns.validateRecord', { zoneId, input: { type: 'CNAME', name: 'shop', content: 'nothing-here.acme-shop.example', proxied: true } })) as { ok: boolean; warnings: { message: string }[] };
    expect(chain.ok).toBe(true);
    expect(chain.warnings[0]?.message).toMatch(/no A or AAAA/);
    const fine = (await invoke('dns.validateRecord', { zoneId, input: { type: 'CNAME', name: 'shop', content: 'api.acme-shop.example', proxied: true } })) as { warnings: unknown[] };
    expect(fine.warnings).toEqual([]);
  });

  it('returns the service error at the field it names', async () => {
    const error = await errorOf('dns.createRecord', { zoneId, input: { type: 'A', name: 'bad', content: '1.1' } });
    expect(error.code).toBe('API_ERROR');
    expect(error.details).toMatchObject({ issues: [{ field: 'content', code: 9005 }] });
  });

  it('creates, edits, toggles the proxy, deletes — and undoes each through the journal', async () => {
    const created = (await invoke('dns.createRecord', { zoneId, input: { type: 'A', name: 'undo-me', content: '192.0.2.200', ttl: 3600 } })) as Mutation;
    const id = created.upserted[0]?.id ?? '';
    expect(created.entry).toMatchObject({ kind: 'create', summary: expect.stringContaining('undo-me.acme-shop.example') });

    const edited = (await invoke('dns.updateRecord', { zoneId, recordId: id, input: { content: '192.0.2.201' } })) as Mutation;
    expect(edited.upserted[0]).toMatchObject({ content: '192.0.2.201', ttl: 3600 });
    const proxied = (await invoke('dns.setProxied', { zoneId, recordId: id, proxied: true })) as Mutation;
    expect(proxied.upserted[0]).toMatchObject({ proxied: true, ttl: 1 });

    // Undo the proxy toggle: back to DNS only with its TTL.
    const u1 = (await invoke('dns.undo', { zoneId, entryId: proxied.entry?.id })) as { conflict: unknown; upserted: Row[] };
    expect(u1.conflict).toBeNull();
    expect(u1.upserted[0]).toMatchObject({ id, proxied: false, ttl: 3600, content: '192.0.2.201' });

    const deleted = (await invoke('dns.deleteRecords', { zoneId, ids: [id] })) as Mutation;
    expect(deleted.removedIds).toEqual([id]);
    expect((await records()).some((r) => r.id === id)).toBe(false);

    // Undo the delete: the record is back (with a new id)…
    const u2 = (await invoke('dns.undo', { zoneId, entryId: deleted.entry?.id })) as { upserted: Row[]; records: Row[] };
    const back = u2.upserted[0];
    expect(back).toMatchObject({ name: 'undo-me.acme-shop.example', content: '192.0.2.201', ttl: 3600 });
    expect(u2.records.some((r) => r.id === back?.id)).toBe(true);
    // …and the older edit can still be undone through the id alias.
    const u3 = (await invoke('dns.undo', { zoneId, entryId: edited.entry?.id })) as { conflict: unknown; upserted: Row[] };
    expect(u3.conflict).toBeNull();
    expect(u3.upserted[0]).toMatchObject({ id: back?.id, content: '192.0.2.200' });

    const journal = (await invoke('dns.listJournal', { zoneId })) as { id: number; kind: string; undoneBy: number | null }[];
    expect(journal[0]?.kind).toBe('undo');
    expect(journal.find((e) => e.id === deleted.entry?.id)?.undoneBy).not.toBeNull();
  });

  it('refuses to undo when the record changed since, saying so', async () => {
    const created = (await invoke('dns.createRecord', { zoneId, input: { type: 'TXT', name: 'conflict', content: 'one' } })) as Mutation;
    const id = created.upserted[0]?.id ?? '';
    // Someone else edits it behind the app's back.
    const scoped = { authorization: `Bearer ${emulator.credentials.token}`, 'content-type': 'application/json' };
    await new Promise((r) => setTimeout(r, 5));
    const res = await fetch(`${emulator.baseUrl}/zones/${zoneId}/dns_records/${id}`, { method: 'PATCH', headers: scoped, body: JSON.stringify({ content: 'two' }) });
    expect(res.status).toBe(200);
    const result = (await invoke('dns.undo', { zoneId, entryId: created.entry?.id })) as { conflict: { message: string } | null; undoneIds: number[] };
    expect(result.undoneIds).toEqual([]);
    expect(result.conflict?.message).toMatch(/changed since/);
    expect(result.conflict?.message).toContain('conflict.acme-shop.example');
  });

  it('previews and applies bulk actions as one batch', async () => {
    const mk = async (name: string) => ((await invoke('dns.createRecord', { zoneId, input: { type: 'A', name, content: '192.0.2.150', ttl: 120 } })) as Mutation).upserted[0]?.id ?? '';
    const ids = [await mk('bulk1'), await mk('bulk2')];
    const txt = (await records()).find((r) => r.type === 'TXT')?.id ?? '';
    const preview = (await invoke('dns.previewBulk', { zoneId, ids: [...ids, txt], action: { kind: 'proxy', proxied: true } })) as { changes: unknown[]; skipped: { reason: string }[] };
    expect(preview.changes).toHaveLength(2);
    expect(preview.skipped[0]?.reason).toMatch(/cannot be proxied/);
    const applied = (await invoke('dns.applyBulk', { zoneId, ids: [...ids, txt], action: { kind: 'proxy', proxied: true } })) as Mutation;
    expect(applied.upserted.map((r) => [r.proxied, r.ttl])).toEqual([[true, 1], [true, 1]]);
    const gone = (await invoke('dns.applyBulk', { zoneId, ids, action: { kind: 'delete' } })) as Mutation;
    expect(gone.removedIds.sort()).toEqual([...ids].sort());
    // Undo the last two entries (the delete, then the proxy change) in order.
    const undone = (await invoke('dns.undo', { zoneId, last: 2 })) as { undoneIds: number[]; records: Row[]; conflict: unknown };
    expect(undone.conflict).toBeNull();
    expect(undone.undoneIds).toEqual([gone.entry?.id, applied.entry?.id]);
    const restored = undone.records.filter((r) => r.name.startsWith('bulk'));
    expect(restored.map((r) => [r.proxied, r.ttl])).toEqual([[false, 120], [false, 120]]);
  });

  it('previews an import with duplicates and line-numbered errors, then applies it', async () => {
    const text = [
      '$ORIGIN initech.example.',
      '$TTL 3600',
      'imp1   IN A 192.0.2.31',
      'imp2   IN A 192.0.2.999',
      'www    IN CNAME initech.example.',
      'imp3   IN AAAA 2001:db8::31',
    ].join('\n');
    const preview = (await invoke('dns.previewImport', { zoneId: initechId, text, proxied: true })) as {
      toAdd: { name: string; proxied: boolean; ttl: number }[]; duplicates: { name: string }[]; invalid: { line: number }[];
    };
    expect(preview.toAdd.map((r) => [r.name, r.proxied])).toEqual([['imp1.initech.example', true], ['imp3.initech.example', true]]);
    expect(preview.duplicates.map((r) => r.name)).toEqual(['www.initech.example']);
    expect(preview.invalid.map((e) => e.line)).toEqual([4]);
    const refused = await errorOf('dns.applyImport', { zoneId: initechId, text, proxied: true });
    expect(refused.message).toMatch(/line 4/);
    const applied = (await invoke('dns.applyImport', { zoneId: initechId, text: text.replace('192.0.2.999', '192.0.2.32'), proxied: false })) as Mutation;
    expect(applied.upserted.map((r) => r.name).sort()).toEqual(['imp1.initech.example', 'imp2.initech.example', 'imp3.initech.example']);
    expect(applied.entry?.kind).toBe('import');
  });

  it('exports the zone as BIND text', async () => {
    const out = (await invoke('dns.exportZone', { zoneId })) as { fileName: string; text: string };
    expect(out.fileName).toBe('acme-shop.example.zone');
    expect(out.text).toMatch(/www\.acme-shop\.example\.\s+\d+\s+IN\s+CNAME/);
  });

  it('rejects malformed arguments before any handler runs', async () => {
    expect((await errorOf('dns.listRecords', { zoneId: 'nope' })).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf('dns.undo', { zoneId })).code).toBe('INVALID_ARGUMENT');
  });
});
