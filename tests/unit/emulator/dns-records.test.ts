import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../../src-main/dns/types';
import { call, start, zoneId, ZONE, type Emulator } from './harness';

let emu: Emulator;
let zid: string;
let ent: string;
const rec = (path = '') => `/zones/${zid}/dns_records${path}`;
beforeAll(async () => {
  emu = await start({ rateLimit: { requests: 100_000, windowSeconds: 300 } });
  zid = await zoneId(emu, ZONE.business);
  ent = await zoneId(emu, ZONE.enterprise);
});
afterAll(() => emu.stop());

describe('create, get, patch, put, delete', () => {
  it('creates with the real shape (ttl Auto when proxied, comment null, tags [], meta, timestamps)', async () => {
    const r = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'A', name: 'New', content: '192.0.2.5', proxied: true, ttl: 3600 }, auth: 'key' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, errors: [], messages: [] });
    expect(r.json.result).toMatchObject({
      zone_id: zid, zone_name: ZONE.business, name: `new.${ZONE.business}`, type: 'A', content: '192.0.2.5', proxiable: true,
      proxied: true, ttl: 1, locked: false, settings: {}, comment: null, tags: [],
      meta: { auto_added: false, managed_by_apps: false, managed_by_tunnel: false, source: 'primary' },
    });
    expect(r.json.result.id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.json.result.created_on).toMatch(/\.\d{1,6}Z$/);
    expect(r.json.result).not.toHaveProperty('comment_modified_on');
    const got = await call<DnsRecord>(emu, 'GET', rec(`/${r.json.result.id}`));
    expect(got.json.result).toEqual(r.json.result);
  });

  it('PATCH merges, PUT replaces with defaults, DELETE answers {id} then 404 81044', async () => {
    const { json } = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'A', name: 'cycle', content: '192.0.2.6', proxied: true, comment: 'c', tags: ['a:b'] } });
    const id = json.result.id;
    const patched = await call<DnsRecord>(emu, 'PATCH', rec(`/${id}`), { body: { content: '192.0.2.7' } });
    expect(patched.json.result).toMatchObject({ content: '192.0.2.7', proxied: true, comment: 'c', tags: ['a:b'] });
    expect(patched.json.result.comment_modified_on).toBeDefined();
    const put = await call<DnsRecord>(emu, 'PUT', rec(`/${id}`), { body: { type: 'A', name: 'cycle', content: '192.0.2.8' } });
    expect(put.json.result).toMatchObject({ content: '192.0.2.8', proxied: false, comment: null, tags: [], ttl: 1, created_on: json.result.created_on });
    const del = await call(emu, 'DELETE', rec(`/${id}`));
    expect([del.status, del.json.result]).toEqual([200, { id }]);
    for (const method of ['GET', 'DELETE', 'PATCH', 'PUT']) {
      const again = await call(emu, method, rec(`/${id}`), method === 'PATCH' || method === 'PUT' ? { body: { type: 'A', name: 'x', content: '192.0.2.1' } } : {});
      expect([again.status, again.json.errors[0]?.code, again.json.errors[0]?.message]).toEqual([404, 81044, 'Record does not exist.']);
    }
  });

  it('SRV data ⇔ content and priority; MX priority at top level', async () => {
    const srv = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'SRV', name: '_xmpp._tcp', data: { priority: 10, weight: 5, port: 5223, target: 'server.example.com' } } });
    expect(srv.json.result).toMatchObject({ content: '5 5223 server.example.com', priority: 10, proxiable: false, data: { priority: 10, weight: 5, port: 5223, target: 'server.example.com' } });
    const mx = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'MX', name: 'mx-test', content: 'mail.example.net', priority: 5 } });
    expect(mx.json.result).toMatchObject({ priority: 5, content: 'mail.example.net' });
  });

  it.each([
    [{ type: 'A', name: 'bad', content: '1.1' }, 9005],
    [{ type: 'A', name: 'bad', content: '104.16.0.1' }, 9005],
    [{ type: 'AAAA', name: 'bad', content: '2606:4700::1' }, 9006],
    [{ type: 'TXT', name: 'bad', content: 'x', proxied: true }, 9004],
    [{ type: 'A', name: 'bad', content: '192.0.2.1', ttl: 30 }, 9021],
    [{ type: 'A', name: '-bad', content: '192.0.2.1' }, 9000],
    [{ type: 'CAA', name: 'bad', data: { flags: 0, tag: 'issue' } }, 9101],
    [{ type: 'SOA', name: 'bad', content: 'x' }, 9009],
  ])('%j → 400 %i', async (body, code) => {
    const r = await call(emu, 'POST', rec(), { body });
    expect([r.status, r.json.success, r.json.errors[0]?.code]).toEqual([400, false, code]);
  });

  it('Enterprise accepts a 30 s TTL', async () => {
    const r = await call<DnsRecord>(emu, 'POST', `/zones/${ent}/dns_records`, { body: { type: 'A', name: 'fast', content: '192.0.2.1', ttl: 30 } });
    expect(r.json.result.ttl).toBe(30);
  });

  it('conflicts: CNAME beside others 81053, others beside CNAME 81054, identical 81058', async () => {
    await call(emu, 'POST', rec(), { body: { type: 'A', name: 'dup', content: '192.0.2.1' } });
    await call(emu, 'POST', rec(), { body: { type: 'CNAME', name: 'alias', content: 'dup.example.net' } });
    const cases: [unknown, number][] = [
      [{ type: 'CNAME', name: 'dup', content: 'x.example.net' }, 81053],
      [{ type: 'A', name: 'alias', content: '192.0.2.2' }, 81054],
      [{ type: 'A', name: 'dup', content: '192.0.2.1' }, 81058],
    ];
    for (const [body, code] of cases) {
      const r = await call(emu, 'POST', rec(), { body });
      expect([r.status, r.json.errors[0]?.code]).toEqual([400, code]);
    }
    expect((await call(emu, 'POST', rec(), { body: { type: 'A', name: 'dup', content: '192.0.2.2' } })).status).toBe(200);
  });
});

describe('list filters', () => {
  let lz: string;
  const list = (q: string) => call<DnsRecord[]>(emu, 'GET', `/zones/${lz}/dns_records?${q}`);
  beforeAll(async () => {
    lz = await zoneId(emu, ZONE.legacy);
    const posts = [
      { type: 'A', name: 'f1', content: '203.0.113.1', comment: 'Alpha server', tags: ['env:prod', 'team:web'], proxied: true },
      { type: 'A', name: 'f2', content: '203.0.113.2', tags: ['env:staging'] },
      { type: 'TXT', name: 'f3', content: 'hello world', comment: 'note' },
      { type: 'CNAME', name: 'f4', content: 'target.example.net', tags: ['team:web'] },
    ];
    const r = await call(emu, 'POST', `/zones/${lz}/dns_records/batch`, { body: { posts } });
    expect(r.status).toBe(200);
  });
  const names = async (q: string) => (await list(q)).json.result.map((r) => r.name.split('.')[0]).filter((n) => n?.startsWith('f')).sort();
  it.each([
    ['type=A', ['f1', 'f2']],
    ['name=f1.umbrella-legacy.example', ['f1']],
    ['name.exact=F1.UMBRELLA-LEGACY.EXAMPLE', ['f1']],
    ['name.startswith=f', ['f1', 'f2', 'f3', 'f4']],
    ['name.endswith=2.umbrella-legacy.example', ['f2']],
    ['name.contains=4.umbr', ['f4']],
    ['content=203.0.113.2', ['f2']],
    ['content.contains=HELLO', ['f3']],
    ['content.startswith=target', ['f4']],
    ['content.endswith=.1', ['f1']],
    ['comment=alpha server', ['f1']],
    ['comment.contains=ot', ['f3']],
    ['comment.startswith=alp', ['f1']],
    ['comment.endswith=ote', ['f3']],
    ['comment.present&name.startswith=f', ['f1', 'f3']],
    ['comment.absent&name.startswith=f', ['f2', 'f4']],
    ['tag=team', ['f1', 'f4']],
    ['tag=env:prod', ['f1']],
    ['tag.exact=ENV:PROD', ['f1']],
    ['tag.present=env', ['f1', 'f2']],
    ['tag.absent=env&name.startswith=f', ['f3', 'f4']],
    ['tag.contains=env:ag', ['f2']],
    ['tag.startswith=env:st', ['f2']],
    ['tag.endswith=env:od', ['f1']],
    ['tag=env:prod&tag=team:web', ['f1']],
    ['tag=env:prod&tag=team:web&tag_match=any', ['f1', 'f4']],
    ['type=TXT&tag=env:staging&match=any', ['f2', 'f3']],
    ['proxied=true&name.startswith=f', ['f1']],
    ['proxied=false&name.startswith=f', ['f2', 'f3', 'f4']],
    ['search=alpha', ['f1']],
    ['search=staging', ['f2']],
  ])('%s', async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it('orders, pages, and answers an empty success past the end', async () => {
    const byName = await list('name.startswith=f&order=name&direction=desc');
    expect(byName.json.result.map((r) => r.name.split('.')[0])).toEqual(['f4', 'f3', 'f2', 'f1']);
    const p = await list('name.startswith=f&order=name&per_page=3&page=2');
    expect(p.json.result.map((r) => r.name.split('.')[0])).toEqual(['f4']);
    expect(p.json.result_info).toEqual({ page: 2, per_page: 3, count: 1, total_count: 4, total_pages: 2 });
    const past = await list('name.startswith=f&per_page=3&page=9');
    expect([past.status, past.json.success, past.json.result]).toEqual([200, true, []]);
    expect((await list('')).json.result_info?.per_page).toBe(100);
    const byTtl = await list('order=ttl&direction=desc');
    const ttls = byTtl.json.result.map((r) => r.ttl);
    expect(ttls).toEqual([...ttls].sort((a, b) => b - a));
  });
  it.each([['per_page=0'], ['page=0'], ['order=colour'], ['proxied=maybe'], ['type=BOGUS'], ['match=some'], ['name.fuzzy=x']])('%s → 400', async (q) => {
    expect((await list(q)).status).toBe(400);
  });
});

describe('batch', () => {
  it('runs deletes → patches → puts → posts and returns the records', async () => {
    const a = (await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'A', name: 'b1', content: '192.0.2.11' } })).json.result;
    const b = (await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'A', name: 'b2', content: '192.0.2.12' } })).json.result;
    const c = (await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'A', name: 'b3', content: '192.0.2.13' } })).json.result;
    // the post re-creates what the delete removes: only valid because deletes run first
    const r = await call<Record<string, DnsRecord[]>>(emu, 'POST', rec('/batch'), {
      body: {
        posts: [{ type: 'A', name: 'b1', content: '192.0.2.11', comment: 'again' }],
        puts: [{ id: c.id, type: 'AAAA', name: 'b3', content: '2001:db8::13' }],
        patches: [{ id: b.id, proxied: true }],
        deletes: [{ id: a.id }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.result.deletes?.map((x) => x.id)).toEqual([a.id]);
    expect(r.json.result.patches?.[0]).toMatchObject({ id: b.id, proxied: true, ttl: 1 });
    expect(r.json.result.puts?.[0]).toMatchObject({ id: c.id, type: 'AAAA', content: '2001:db8::13' });
    expect(r.json.result.posts?.[0]).toMatchObject({ name: `b1.${ZONE.business}`, comment: 'again' });
  });

  it('is all or nothing, reporting the failing operation', async () => {
    const before = (await call<DnsRecord[]>(emu, 'GET', rec('?per_page=5000'))).json.result.length;
    const r = await call(emu, 'POST', rec('/batch'), {
      body: { posts: [{ type: 'A', name: 'ok1', content: '192.0.2.1' }, { type: 'A', name: 'bad', content: 'nope' }] },
    });
    expect([r.status, r.json.errors[0]?.code, r.json.errors[0]?.source?.pointer]).toEqual([400, 9005, '/posts/1/content']);
    const missing = await call(emu, 'POST', rec('/batch'), { body: { deletes: [{ id: 'f'.repeat(32) }], posts: [{ type: 'A', name: 'ok2', content: '192.0.2.1' }] } });
    expect([missing.status, missing.json.errors[0]?.code]).toEqual([404, 81044]);
    expect((await call<DnsRecord[]>(emu, 'GET', rec('?per_page=5000'))).json.result.length).toBe(before);
    expect((await call(emu, 'POST', rec('/batch'), { body: { upserts: [] } })).status).toBe(400);
    expect((await call(emu, 'POST', rec('/batch'), { body: { posts: {} } })).status).toBe(400);
  });
});

describe('import and export', () => {
  const form = (file: string, proxied?: string, asFile = false) => {
    const fd = new FormData();
    if (asFile) fd.append('file', new Blob([file], { type: 'text/plain' }), 'zone.txt');
    else fd.append('file', file);
    if (proxied !== undefined) fd.append('proxied', proxied);
    return fd;
  };

  it('imports a BIND file (file as field or file part) and reports counts and timing', async () => {
    const iz = await zoneId(emu, ZONE.pro);
    const text = `$ORIGIN ${ZONE.pro}.\n$TTL 3600\nimp1 IN A 192.0.2.201\nimp2 IN A 192.0.2.202 ; tagged cf_tags=k:v,cf-proxied:false\nimp3 IN TXT "hello"\n`;
    const r = await call<{ recs_added: number; total_records_parsed: number }>(emu, 'POST', `/zones/${iz}/dns_records/import`, { raw: form(text, 'true') });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ recs_added: 3, total_records_parsed: 3 });
    expect(r.json.timing).toMatchObject({ start_time: expect.any(String), end_time: expect.any(String), process_time: expect.any(Number) });
    const listed = await call<DnsRecord[]>(emu, 'GET', `/zones/${iz}/dns_records?name.startswith=imp&order=name`);
    expect(listed.json.result.map((x) => [x.name.split('.')[0], x.proxied, x.ttl, x.comment, x.tags])).toEqual([
      ['imp1', true, 1, null, []], ['imp2', false, 3600, 'tagged', ['k:v']], ['imp3', false, 3600, null, []],
    ]);
    // identical records are skipped on re-import
    const again = await call<{ recs_added: number }>(emu, 'POST', `/zones/${iz}/dns_records/import`, { raw: form(text, 'true', true) });
    expect(again.json.result.recs_added).toBe(0);
  });

  it('refuses bad files with line-numbered errors and adds nothing', async () => {
    const iz = await zoneId(emu, ZONE.pro);
    const text = `ok1 IN A 192.0.2.1\n$INCLUDE x\nbad IN A 999.1.1.1\n`;
    const r = await call(emu, 'POST', `/zones/${iz}/dns_records/import`, { raw: form(text) });
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e) => e.message)).toEqual(['Line 2: $INCLUDE directive not allowed', 'Line 3: Content for A record must be a valid IPv4 address.']);
    const listed = await call<DnsRecord[]>(emu, 'GET', `/zones/${iz}/dns_records?name=ok1.${ZONE.pro}`);
    expect(listed.json.result).toEqual([]);
  });

  it.each([
    ['not multipart', { body: { file: 'x' } }, 400],
    ['missing file field', { raw: (() => { const f = new FormData(); f.append('proxied', 'true'); return f; })() }, 400],
    ['bad proxied value', { raw: form('a IN A 192.0.2.1', 'yes') }, 400],
    ['a file over 256 KiB', { raw: form(`; ${'x'.repeat(262_200)}\n`) }, 413],
  ])('%s → %i', async (_l, opts, status) => {
    const iz = await zoneId(emu, ZONE.pro);
    const r = await call(emu, 'POST', `/zones/${iz}/dns_records/import`, opts);
    expect([r.status, r.json.success]).toEqual([status, false]);
  });

  it('exports text/plain BIND that imports back into an empty zone identically', async () => {
    const src = await zoneId(emu, ZONE.pro);
    const res = await fetch(`${emu.baseUrl}/zones/${src}/dns_records/export`, { headers: { authorization: `Bearer ${emu.credentials.token}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`;; Domain:     ${ZONE.pro}.`);
    expect(text).toContain('cf-proxied:true');
    const other = await start();
    try {
      // import into the same zone name on a second emulator after wiping its records
      const oz = await zoneId(other, ZONE.pro);
      const existing = (await call<DnsRecord[]>(other, 'GET', `/zones/${oz}/dns_records?per_page=5000`)).json.result;
      await call(other, 'POST', `/zones/${oz}/dns_records/batch`, { body: { deletes: existing.map((x) => ({ id: x.id })) } });
      const imp = await call<{ recs_added: number }>(other, 'POST', `/zones/${oz}/dns_records/import`, { raw: form(text) });
      expect(imp.status).toBe(200);
      const strip = (rs: DnsRecord[]) =>
        rs.map(({ name, type, content, proxied, ttl, comment, tags, priority, data, settings }) => ({ name, type, content, proxied, ttl, comment, tags, priority, data, settings }))
          .sort((a, b) => `${a.type}${a.name}${a.content}`.localeCompare(`${b.type}${b.name}${b.content}`));
      const original = (await call<DnsRecord[]>(emu, 'GET', `/zones/${src}/dns_records?per_page=5000`)).json.result;
      const copy = (await call<DnsRecord[]>(other, 'GET', `/zones/${oz}/dns_records?per_page=5000`)).json.result;
      expect(imp.json.result.recs_added).toBe(original.length);
      expect(strip(copy)).toEqual(strip(original));
    } finally {
      await other.stop();
    }
  });
});
