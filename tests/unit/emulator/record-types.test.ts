import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../../src-main/dns/types';
import { call, start, zoneId, ZONE, type Emulator } from './harness';

// Type-specific `data` over real HTTP: each type is created from `data` (the server formats
// `content`), then from that `content` (the server parses `data` back), and refused when a field
// is out of range, with the field in `source.pointer`.
let emu: Emulator;
let zid: string;
const rec = (path = '') => `/zones/${zid}/dns_records${path}`;
beforeAll(async () => {
  emu = await start({ seed: true, rateLimit: { requests: 100_000, windowSeconds: 300 } });
  zid = await zoneId(emu, ZONE.business);
});
afterAll(() => emu.stop());

const LOC = {
  lat_degrees: 37, lat_minutes: 46, lat_seconds: 46, lat_direction: 'N', long_degrees: 122, long_minutes: 23, long_seconds: 35,
  long_direction: 'W', altitude: 0, size: 100, precision_horz: 0, precision_vert: 0,
};

// [type, data, extra top-level fields, expected content, a bad data patch, the field it breaks]
const TYPES: [string, Record<string, unknown>, Record<string, unknown>, string, Record<string, unknown>, string][] = [
  ['CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, {}, '0 issue "letsencrypt.org"', { flags: 256 }, 'flags'],
  ['SRV', { priority: 10, weight: 5, port: 5060, target: 'sip.example.net' }, {}, '5 5060 sip.example.net', { port: 70_000 }, 'port'],
  ['URI', { weight: 1, target: 'https://example.net/' }, { priority: 10 }, '1 https://example.net/', { weight: -1 }, 'weight'],
  ['NAPTR', { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' }, {},
    '100 10 "S" "SIP+D2U" "" _sip._udp.example.com', { order: 'first' }, 'order'],
  ['SSHFP', { algorithm: 4, type: 2, fingerprint: '123456789abcdef' }, {}, '4 2 123456789abcdef', { fingerprint: 'zz' }, 'fingerprint'],
  ['TLSA', { usage: 3, selector: 1, matching_type: 1, certificate: 'abcdef01' }, {}, '3 1 1 abcdef01', { usage: 256 }, 'usage'],
  ['SMIMEA', { usage: 3, selector: 0, matching_type: 0, certificate: 'ab' }, {}, '3 0 0 ab', { certificate: 'xyz' }, 'certificate'],
  ['CERT', { type: 1, key_tag: 0, algorithm: 0, certificate: 'MIIB' }, {}, '1 0 0 MIIB', { key_tag: 65_536 }, 'key_tag'],
  ['DS', { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ab12cd' }, {}, '2371 13 2 ab12cd', { digest: 'not hex' }, 'digest'],
  ['DNSKEY', { flags: 257, protocol: 3, algorithm: 13, public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0d' }, {},
    '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0d', { public_key: '***' }, 'public_key'],
  ['HTTPS', { priority: 1, target: '.', value: 'alpn="h3,h2"' }, {}, '1 . alpn="h3,h2"', { priority: 70_000 }, 'priority'],
  ['SVCB', { priority: 0, target: 'svc.example.net', value: '' }, {}, '0 svc.example.net', { target: 'bad host!' }, 'target'],
  ['LOC', LOC, {}, '37 46 46 N 122 23 35 W 0m 100m 0m 0m', { lat_degrees: 91 }, 'lat_degrees'],
];

describe('type-specific data', () => {
  it.each(TYPES)('%s: data → content, content → data, bad field refused', async (type, data, extra, content, bad, field) => {
    const name = `rt-${type.toLowerCase()}`;
    const fromData = await call<DnsRecord>(emu, 'POST', rec(), { body: { type, name, data, ...extra } });
    expect(fromData.status).toBe(200);
    expect(fromData.json.result).toMatchObject({ type, content, data, proxiable: false, proxied: false });
    // SRV content omits the priority, which then rides at the top level (spec: data ⇔ content + priority).
    const priority = type === 'SRV' ? { priority: data.priority } : {};
    const fromContent = await call<DnsRecord>(emu, 'POST', rec(), { body: { type, name: `${name}-c`, content, ...extra, ...priority } });
    expect(fromContent.status).toBe(200);
    expect(fromContent.json.result.data).toEqual(fromData.json.result.data);
    expect(fromContent.json.result.content).toBe(content);
    const refused = await call(emu, 'POST', rec(), { body: { type, name: `${name}-bad`, data: { ...data, ...bad }, ...extra } });
    expect([refused.status, refused.json.success]).toEqual([400, false]);
    expect(refused.json.errors.map((e) => [e.code, e.source?.pointer])).toContainEqual([9101, `/data/${field}`]);
    expect((await call(emu, 'GET', rec(`?name=${name}-bad.${ZONE.business}`))).json.result).toEqual([]);
  });

  it('SRV and URI keep priority at the top level; SRV content with a top-level priority fills data.priority', async () => {
    const srv = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'SRV', name: '_x._udp', content: '7 8 host.example.net', priority: 3 } });
    expect(srv.json.result).toMatchObject({ priority: 3, content: '7 8 host.example.net', data: { priority: 3, weight: 7, port: 8, target: 'host.example.net' } });
    const uri = await call(emu, 'POST', rec(), { body: { type: 'URI', name: '_y._tcp', data: { weight: 1, target: 'https://example.net/' } } });
    expect([uri.status, uri.json.errors[0]?.code, uri.json.errors[0]?.source?.pointer]).toEqual([400, 9102, '/priority']);
  });

  it.each([
    [{ type: 'MX', name: 'mx-a', content: 'mail.example.net', priority: 5 }, 200, undefined],
    [{ type: 'MX', name: 'mx-b', content: 'mail.example.net' }, 400, 9102],
    [{ type: 'MX', name: 'mx-c', content: 'mail.example.net', priority: 70_000 }, 400, 9102],
    [{ type: 'MX', name: 'mx-d', content: '192.0.2.1', priority: 5 }, 400, 9007],
    [{ type: 'CNAME', name: 'cn-a', content: '192.0.2.1' }, 400, 9007],
    [{ type: 'CNAME', name: 'cn-self', content: `cn-self.${ZONE.business}` }, 400, 9007],
    [{ type: 'AAAA', name: 'v6', content: '192.0.2.1' }, 400, 9006],
    [{ type: 'AAAA', name: 'v6-own', content: '2400:cb00::1' }, 400, 9006],
    [{ type: 'A', name: 'own-net', content: '173.245.48.1' }, 400, 9005],
    [{ type: 'MX', name: 'mx-proxied', content: 'mail.example.net', priority: 1, proxied: true }, 400, 9004],
    [{ type: 'A', name: 'private', content: '10.0.0.1', proxied: true }, 400, 9003],
    [{ type: 'A', name: 'proxied-str', content: '192.0.2.1', proxied: 'yes' }, 400, 9003],
    [{ type: 'A', name: 'tag-bad', content: '192.0.2.1', tags: ['bad name:x'] }, 400, 9111],
    [{ type: 'A', name: 'comment-bad', content: '192.0.2.1', comment: 'two\nlines' }, 400, 9110],
  ])('%j → %i %s', async (body, status, code) => {
    const r = await call(emu, 'POST', rec(), { body });
    expect(r.status).toBe(status);
    if (code !== undefined) expect(r.json.errors.map((e) => e.code)).toContain(code);
  });

  it('AAAA content comes back in canonical form; proxied records answer ttl 1 whatever was sent', async () => {
    const r = await call<DnsRecord>(emu, 'POST', rec(), { body: { type: 'AAAA', name: 'canon', content: '2001:DB8:0:0:0:0:0:1', proxied: true, ttl: 7200 } });
    expect(r.json.result).toMatchObject({ content: '2001:db8::1', ttl: 1, proxied: true });
    const patched = await call<DnsRecord>(emu, 'PATCH', rec(`/${r.json.result.id}`), { body: { proxied: false, ttl: 7200 } });
    expect(patched.json.result).toMatchObject({ ttl: 7200, proxied: false });
  });
});

describe('NS cannot share a name with other types', () => {
  it('refuses NS where other records are, and other records where NS is (81056); DS may sit beside NS', async () => {
    const ns = await call(emu, 'POST', rec(), { body: { type: 'NS', name: 'delegated', content: 'ns1.elsewhere.example' } });
    expect(ns.status).toBe(200);
    const a = await call(emu, 'POST', rec(), { body: { type: 'A', name: 'delegated', content: '192.0.2.9' } });
    expect([a.status, a.json.errors[0]?.code]).toEqual([400, 81056]);
    const ds = await call(emu, 'POST', rec(), { body: { type: 'DS', name: 'delegated', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ab' } } });
    expect(ds.status).toBe(200);
    const onWww = await call(emu, 'POST', rec(), { body: { type: 'NS', name: 'staging', content: 'ns1.elsewhere.example' } });
    expect([onWww.status, onWww.json.errors[0]?.code]).toEqual([400, 81056]);
    const batch = await call(emu, 'POST', rec('/batch'), { body: { posts: [{ type: 'NS', name: 'd2', content: 'ns1.elsewhere.example' }, { type: 'TXT', name: 'd2', content: 'x' }] } });
    expect([batch.status, batch.json.errors[0]?.code, batch.json.errors[0]?.source?.pointer]).toEqual([400, 81056, '/posts/1/name']);
  });
});
