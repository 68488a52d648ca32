import { describe, expect, it } from 'vitest';
import {
  AUTO_TTL, AUTO_TTL_SECONDS, PROXIABLE_TYPES, RECORD_TYPE_FIELDS, isOwnNetworkAddress, mergeRecordPatch, validateRecord,
  type NormalizedRecord,
} from '../../../src-main/dns/index';

const zone = 'example.com';
const ok = (input: unknown, ctx = {}): NormalizedRecord => {
  const r = validateRecord(input, { zoneName: zone, ...ctx });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.record;
};
const codes = (input: unknown, ctx = {}): string[] => {
  const r = validateRecord(input, { zoneName: zone, ...ctx });
  return r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`);
};

describe('record names', () => {
  it.each([
    ['@', 'example.com'],
    ['', 'example.com'],
    ['example.com', 'example.com'],
    ['WWW', 'www.example.com'],
    ['www.example.com.', 'www.example.com'],
    ['_dmarc', '_dmarc.example.com'],
    ['_sip._tcp', '_sip._tcp.example.com'],
    ['*.dev', '*.dev.example.com'],
    ['a-b1', 'a-b1.example.com'],
    ['bücher', 'xn--bcher-kva.example.com'],
  ])('%s → %s', (name, fqdn) => {
    expect(ok({ type: 'TXT', name, content: 'x' }).name).toBe(fqdn);
  });

  it.each([['1abc'], ['-abc'], ['abc-'], ['a..b'], ['a b'], ['x'.repeat(64)], ['a.*'], ['foo.other.org.'], ['ab$c']])('refuses %s with 9000', (name) => {
    expect(codes({ type: 'TXT', name, content: 'x' })).toEqual(['name:9000']);
  });

  it('accepts numeric labels inside reverse zones', () => {
    const r = validateRecord({ type: 'PTR', name: '10', content: 'host.example.com' }, { zoneName: '2.0.192.in-addr.arpa' });
    expect(r.ok && r.record.name).toBe('10.2.0.192.in-addr.arpa');
  });
});

describe('content by type', () => {
  it.each([
    [{ type: 'A', content: '192.0.2.1' }, '192.0.2.1'],
    [{ type: 'AAAA', content: 'FE80::0:0:1' }, 'fe80::1'],
    [{ type: 'AAAA', content: '2001:db8:0:0:0:0:2:1' }, '2001:db8::2:1'],
    [{ type: 'CNAME', content: 'Target.Example.net.' }, 'target.example.net'],
    [{ type: 'NS', content: 'ns1.example.net' }, 'ns1.example.net'],
    [{ type: 'PTR', content: 'host.example.net' }, 'host.example.net'],
    [{ type: 'MX', content: 'mx.example.net', priority: 10 }, 'mx.example.net'],
    [{ type: 'TXT', content: 'v=spf1 -all' }, 'v=spf1 -all'],
    [{ type: 'TXT', content: '"quoted" stays verbatim' }, '"quoted" stays verbatim'],
  ])('%j → %s', (input, content) => {
    expect(ok({ name: 'x', ...input }).content).toBe(content);
  });

  it.each([
    [{ type: 'A', content: '1.1' }, 'content:9005'],
    [{ type: 'A', content: '256.1.1.1' }, 'content:9005'],
    [{ type: 'A', content: '::1' }, 'content:9005'],
    [{ type: 'A', content: '01.2.3.4' }, 'content:9005'],
    [{ type: 'A', content: 42 }, 'content:9005'],
    [{ type: 'AAAA', content: '192.0.2.1' }, 'content:9006'],
    [{ type: 'AAAA', content: 'fe80::1%eth0' }, 'content:9006'],
    [{ type: 'CNAME', content: '192.0.2.1' }, 'content:9007'],
    [{ type: 'CNAME', content: 'x.example.com' }, 'content:9007'],
    [{ type: 'MX', content: 'bad host', priority: 1 }, 'content:9007'],
    [{ type: 'TXT', content: 'x'.repeat(2049) }, 'content:9015'],
    [{ type: 'TXT', content: 'line\nbreak' }, 'content:9007'],
    [{ type: 'FOO', content: 'x' }, 'type:9009'],
    [{ type: 'SOA', content: 'x' }, 'type:9009'],
  ])('%j is refused (%s)', (input, code) => {
    expect(codes({ name: 'x', ...input })).toContain(code);
  });

  it.each([
    ['A', '104.16.0.1'], ['A', '173.245.48.9'], ['A', '131.0.75.255'], ['AAAA', '2606:4700::1111'], ['AAAA', '2a06:98c7::1'],
  ])('refuses the service’s own %s address %s', (type, content) => {
    expect(codes({ type, name: 'x', content })).toEqual([`content:${type === 'A' ? 9005 : 9006}`]);
  });

  it('knows the own-network ranges', () => {
    expect(isOwnNetworkAddress('104.16.0.1')).toBe(true);
    expect(isOwnNetworkAddress('::ffff:104.16.0.1')).toBe(true);
    expect(isOwnNetworkAddress('192.0.2.1')).toBe(false);
    expect(isOwnNetworkAddress('2001:db8::1')).toBe(false);
    expect(isOwnNetworkAddress('not an ip')).toBe(false);
  });
});

describe('proxied and ttl', () => {
  it('proxied ⇒ ttl Auto (1 = 300 s)', () => {
    expect(AUTO_TTL).toBe(1);
    expect(AUTO_TTL_SECONDS).toBe(300);
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', proxied: true, ttl: 3600 }).ttl).toBe(1);
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 3600 }).ttl).toBe(3600);
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1' })).toMatchObject({ ttl: 1, proxied: false, proxiable: true });
  });
  it('only A, AAAA and CNAME can be proxied (9004)', () => {
    expect(PROXIABLE_TYPES).toEqual(['A', 'AAAA', 'CNAME']);
    expect(codes({ type: 'TXT', name: 'x', content: 'y', proxied: true })).toEqual(['proxied:9004']);
    expect(codes({ type: 'MX', name: 'x', content: 'mx.example.net', priority: 1, proxied: true })).toEqual(['proxied:9004']);
    expect(ok({ type: 'CNAME', name: 'x', content: 'y.example.net', proxied: true }).proxied).toBe(true);
  });
  it('private addresses are not proxiable (9003) and proxied must be boolean', () => {
    expect(ok({ type: 'A', name: 'x', content: '192.168.1.1' }).proxiable).toBe(false);
    expect(codes({ type: 'A', name: 'x', content: '192.168.1.1', proxied: true })).toEqual(['proxied:9003']);
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', proxied: 'yes' })).toEqual(['proxied:9003']);
  });
  it.each([[0], [59], [86401], [1.5], ['300'], [-1]])('ttl %j → 9021', (ttl) => {
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', ttl })).toEqual(['ttl:9021']);
  });
  it.each([[1], [60], [86400]])('ttl %j is accepted', (ttl) => {
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', ttl }).ttl).toBe(ttl);
  });
  it('Enterprise minimum is 30 s', () => {
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 30 }, { minTtl: 30 }).ttl).toBe(30);
  });
});

describe('structured data', () => {
  it('SRV data ⇔ content "<weight> <port> <target>" and top-level priority', () => {
    const fromData = ok({ type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5223, target: 'Server.Example.com' } });
    expect(fromData).toMatchObject({ content: '5 5223 server.example.com', priority: 10, data: { priority: 10, weight: 5, port: 5223, target: 'server.example.com' } });
    const fromContent = ok({ type: 'SRV', name: '_sip._tcp', content: '5 5223 server.example.com', priority: 10 });
    expect(fromContent.data).toEqual(fromData.data);
    expect(codes({ type: 'SRV', name: '_sip._tcp', data: { priority: 1, weight: 1, port: 70000, target: 'a.b' } })).toEqual(['data.port:9101']);
    expect(codes({ type: 'SRV', name: '_sip._tcp', data: { weight: 1, port: 1, target: 'a.b' } })).toEqual(['data.priority:9101']);
  });
  it.each([
    ['CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, '0 issue "letsencrypt.org"'],
    ['HTTPS', { priority: 1, target: '.', value: 'alpn="h3,h2" ipv4hint="127.0.0.1"' }, '1 . alpn="h3,h2" ipv4hint="127.0.0.1"'],
    ['SVCB', { priority: 0, target: 'svc.example.net' }, '0 svc.example.net'],
    ['TLSA', { usage: 3, selector: 1, matching_type: 1, certificate: 'ABCDEF01' }, '3 1 1 abcdef01'],
    ['SMIMEA', { usage: 3, selector: 0, matching_type: 0, certificate: 'ab' }, '3 0 0 ab'],
    ['SSHFP', { algorithm: 4, type: 2, fingerprint: '123456789abcdef' }, '4 2 123456789abcdef'],
    ['DS', { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ABCD' }, '2371 13 2 abcd'],
    ['DNSKEY', { flags: 257, protocol: 3, algorithm: 13, public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0d' }, '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0d'],
    ['CERT', { type: 1, key_tag: 0, algorithm: 0, certificate: 'MIIB' }, '1 0 0 MIIB'],
    ['NAPTR', { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' }, '100 10 "S" "SIP+D2U" "" _sip._udp.example.com'],
    ['LOC', { lat_degrees: 37, lat_minutes: 46, lat_seconds: 46, lat_direction: 'N', long_degrees: 122, long_minutes: 23, long_seconds: 35, long_direction: 'W', altitude: 0, size: 100, precision_horz: 0, precision_vert: 0 }, '37 46 46 N 122 23 35 W 0m 100m 0m 0m'],
  ])('%s data → content', (type, data, content) => {
    const rec = ok({ type, name: 'x', data });
    expect(rec.content).toBe(content);
    // and the content form parses back to the same data
    expect(ok({ type, name: 'x', content }).data).toEqual(rec.data);
  });
  it('URI has data {weight, target} and top-level priority', () => {
    expect(ok({ type: 'URI', name: '_http._tcp', data: { weight: 1, target: 'https://example.net/' }, priority: 10 })).toMatchObject({ priority: 10, content: '1 https://example.net/' });
    expect(codes({ type: 'URI', name: '_http._tcp', data: { weight: 1, target: 'https://example.net/' } })).toEqual(['priority:9102']);
  });
  it.each([
    ['CAA', { flags: 256, tag: 'issue', value: 'x' }, 'data.flags:9101'],
    ['CAA', { flags: 0, tag: 'bogus', value: 'x' }, 'data.tag:9101'],
    ['CAA', { flags: 0, tag: 'iodef', value: 'not-a-url' }, 'data.value:9101'],
    ['TLSA', { usage: 3, selector: 1, matching_type: 1, certificate: 'xyz' }, 'data.certificate:9101'],
    ['DS', { key_tag: 70000, algorithm: 13, digest_type: 2, digest: 'ab' }, 'data.key_tag:9101'],
    ['LOC', { lat_degrees: 91, lat_direction: 'N', long_degrees: 0, long_direction: 'E' }, 'data.lat_degrees:9101'],
    ['LOC', { lat_degrees: 1, lat_seconds: 60, lat_direction: 'N', long_degrees: 0, long_direction: 'E' }, 'data.lat_seconds:9101'],
    ['LOC', { lat_degrees: 1, lat_direction: 'X', long_degrees: 0, long_direction: 'E' }, 'data.lat_direction:9101'],
    ['LOC', { lat_degrees: 1, lat_direction: 'N', long_degrees: 181, long_direction: 'E' }, 'data.long_degrees:9101'],
    ['LOC', { lat_degrees: 1, lat_direction: 'N', long_degrees: 1, long_direction: 'E', altitude: -100001 }, 'data.altitude:9101'],
    ['LOC', { lat_degrees: 1, lat_direction: 'N', long_degrees: 1, long_direction: 'E', size: 90_000_001 }, 'data.size:9101'],
  ])('%s %j → %s', (type, data, code) => {
    expect(codes({ type, name: 'x', data })).toContain(code);
  });
  it('MX needs a priority', () => {
    expect(codes({ type: 'MX', name: '@', content: 'mx.example.net' })).toEqual(['priority:9102']);
    expect(codes({ type: 'MX', name: '@', content: 'mx.example.net', priority: 70000 })).toEqual(['priority:9102']);
  });
  it('describes every type for forms', () => {
    expect(RECORD_TYPE_FIELDS.SRV.data?.map((f) => f.key)).toEqual(['priority', 'weight', 'port', 'target']);
    expect(RECORD_TYPE_FIELDS.MX.priority).toBe(true);
    expect(RECORD_TYPE_FIELDS.SOA.creatable).toBe(false);
    expect(RECORD_TYPE_FIELDS.LOC.data?.find((f) => f.key === 'lat_seconds')).toMatchObject({ min: 0, max: 59.999 });
  });
});

describe('comment, tags, unknown fields', () => {
  it('comment null/tags [] when absent; line breaks refused', () => {
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1' })).toMatchObject({ comment: null, tags: [] });
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', comment: 'a\nb' })).toEqual(['comment:9110']);
  });
  it('tags: name or name:value, names case-insensitive [A-Za-z0-9_-]', () => {
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', tags: ['Env:Prod', 'team', 'team'] }).tags).toEqual(['env:Prod', 'team']);
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', tags: ['bad name:x'] })).toEqual(['tags.0:9111']);
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', tags: 'x' })).toEqual(['tags:9111']);
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', tags: ['a'] }, { tagQuota: 0 })).toEqual(['tags:9300']);
  });
  it('unknown fields are refused, read-only ones tolerated', () => {
    expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', colour: 'red' })).toEqual(['colour:9207']);
    expect(ok({ type: 'A', name: 'x', content: '192.0.2.1', id: 'abc', zone_id: 'z', meta: {}, proxiable: true }).content).toBe('192.0.2.1');
    expect(codes('nope')).toEqual([':9207']);
  });
});

describe('conflicts', () => {
  const existing = [
    { id: '1', name: 'www.example.com', type: 'A', content: '192.0.2.1' },
    { id: '2', name: 'alias.example.com', type: 'CNAME', content: 'www.example.com' },
  ];
  it.each([
    [{ type: 'CNAME', name: 'www', content: 'other.example.net' }, 'name:81053'],
    [{ type: 'A', name: 'alias', content: '192.0.2.2' }, 'name:81054'],
    [{ type: 'TXT', name: 'alias', content: 'x' }, 'name:81054'],
    [{ type: 'A', name: 'www', content: '192.0.2.1' }, 'content:81058'],
  ])('%j → %s', (input, code) => {
    expect(codes(input, { existing })).toEqual([code]);
  });
  describe('NS cannot share a name with other types (below the apex)', () => {
    const withNs = [
      { id: '3', name: 'sub.example.com', type: 'NS', content: 'ns1.other.net' },
      { id: '4', name: 'example.com', type: 'A', content: '192.0.2.1' },
      { id: '5', name: 'example.com', type: 'NS', content: 'ns1.other.net' },
    ];
    it.each([
      [{ type: 'A', name: 'sub', content: '192.0.2.3' }, ['name:81056']],
      [{ type: 'TXT', name: 'sub', content: 'x' }, ['name:81056']],
      [{ type: 'NS', name: 'www', content: 'ns1.other.net' }, ['name:81056']],
      [{ type: 'NS', name: 'sub', content: 'ns2.other.net' }, []],
      [{ type: 'DS', name: 'sub', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ab12' } }, []],
      [{ type: 'NS', name: '@', content: 'ns2.other.net' }, []],
      [{ type: 'TXT', name: '@', content: 'apex text beside the apex NS' }, []],
    ])('%j → %j', (input, expected) => {
      expect(codes(input, { existing: [...existing, ...withNs] })).toEqual(expected);
    });
    it('replacing the only other record at the name is fine', () => {
      expect(codes({ type: 'NS', name: 'www', content: 'ns1.other.net' }, { existing, selfId: '1' })).toEqual([]);
    });
  });

  it('round robin A records and replacing oneself are fine', () => {
    expect(codes({ type: 'A', name: 'www', content: '192.0.2.2' }, { existing })).toEqual([]);
    expect(codes({ type: 'A', name: 'www', content: '192.0.2.1' }, { existing, selfId: '1' })).toEqual([]);
  });
});

describe('PATCH merge', () => {
  it('keeps unspecified fields and re-derives data from content', () => {
    const srv = ok({ type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5060, target: 'a.example.net' } });
    expect(ok(mergeRecordPatch(srv, { priority: 20 }))).toMatchObject({ priority: 20, data: { priority: 20 } });
    expect(ok(mergeRecordPatch(srv, { content: '1 443 b.example.net' }))).toMatchObject({ content: '1 443 b.example.net', priority: 10 });
    const a = ok({ type: 'A', name: 'x', content: '192.0.2.1', proxied: true, comment: 'keep', tags: ['t'] });
    expect(ok(mergeRecordPatch(a, { content: '192.0.2.9' }))).toMatchObject({ content: '192.0.2.9', proxied: true, comment: 'keep', tags: ['t'] });
  });
});
