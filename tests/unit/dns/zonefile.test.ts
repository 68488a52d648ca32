import { describe, expect, it } from 'vitest';
import { exportZoneFile, parseCommentAttributes, parseZoneFile, validateRecord, type NormalizedRecord } from '../../../src-main/dns/index';

const zoneName = 'example.com';
const norm = (input: unknown): NormalizedRecord => {
  const r = validateRecord(input, { zoneName });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.record;
};

describe('parseZoneFile', () => {
  it('reads directives, relative and absolute names, multi-line records and attributes', () => {
    const text = [
      '$ORIGIN example.com.',
      '$TTL 1h',
      '@ IN SOA ns1.example.com. admin.example.com. (',
      '      2024010101 ; serial',
      '      7200 3600 1209600 3600 )',
      '@            IN A     192.0.2.1 ; web cf_tags=cf-proxied:true,env:prod',
      '             IN AAAA  2001:db8::1',
      'www  300     IN CNAME example.com.',
      'mail         IN MX    10 mx1',
      '@            IN TXT   "v=spf1 " "include:_spf.example.net -all"',
      '_sip._tcp    IN SRV   10 5 5060 sip.example.com.',
      '@            IN CAA   0 issue "letsencrypt.org"',
      'loc          IN LOC   37 46 46 N 122 23 35 W 0m 100m 0m 0m',
      '$ORIGIN sub.example.com.',
      'deep         IN A     192.0.2.7 ; cf_tags=note:"a, b=c"',
    ].join('\n');
    const r = parseZoneFile(text, { zoneName });
    expect(r.errors).toEqual([]);
    expect(r.totalParsed).toBe(10); // the SOA is read and skipped
    expect(r.records).toEqual([
      { type: 'A', name: 'example.com', content: '192.0.2.1', ttl: 3600, comment: 'web', tags: ['env:prod'], proxied: true },
      { type: 'AAAA', name: 'example.com', content: '2001:db8::1', ttl: 3600 },
      { type: 'CNAME', name: 'www.example.com', content: 'example.com', ttl: 300 },
      { type: 'MX', name: 'mail.example.com', priority: 10, content: 'mx1.example.com', ttl: 3600 },
      { type: 'TXT', name: 'example.com', content: 'v=spf1 include:_spf.example.net -all', ttl: 3600 },
      { type: 'SRV', name: '_sip._tcp.example.com', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' }, ttl: 3600 },
      { type: 'CAA', name: 'example.com', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, ttl: 3600 },
      expect.objectContaining({ type: 'LOC', name: 'loc.example.com' }),
      { type: 'A', name: 'deep.sub.example.com', content: '192.0.2.7', ttl: 3600, tags: ['note:a, b=c'] },
    ]);
    expect(r.lines).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 15]);
  });

  it('applies the proxied option to proxiable records unless the file says otherwise', () => {
    const text = 'a 1 IN A 192.0.2.1\nb 1 IN A 192.0.2.2 ; cf_tags=cf-proxied:false\nc 1 IN TXT "x"\nd 1 IN A 10.0.0.1';
    const r = parseZoneFile(text, { zoneName, proxied: true });
    expect(r.records.map((x) => x.proxied)).toEqual([true, false, undefined, undefined]);
  });

  it('expands $GENERATE', () => {
    const r = parseZoneFile('$GENERATE 1-3 host-$ A 192.0.2.$\n$GENERATE 1-2/1 r${10,3} CNAME host-$.example.com.', { zoneName });
    expect(r.records.map((x) => `${x.name} ${x.content}`)).toEqual([
      'host-1.example.com 192.0.2.1', 'host-2.example.com 192.0.2.2', 'host-3.example.com 192.0.2.3',
      'r011.example.com host-1.example.com', 'r012.example.com host-2.example.com',
    ]);
  });

  it.each([
    ['$INCLUDE other.zone', 1, '$INCLUDE directive not allowed'],
    ['www IN A', 1, 'A record: expected one address'],
    ['www IN BOGUS x', 1, 'Unsupported record type BOGUS'],
    ['ok IN A 192.0.2.1\nwww IN TXT "unterminated', 2, 'Unterminated quoted string'],
    ['x IN MX mx.example.com.', 1, 'MX record: expected <priority> <host>'],
    ['x IN A 192.0.2.1 (', 1, "Unbalanced '(': missing ')'"],
    ['$GENERATE 5-1 a A 1.2.3.4', 1, 'Invalid $GENERATE directive'],
  ])('reports %j at line %i', (text, line, message) => {
    expect(parseZoneFile(text, { zoneName }).errors).toContainEqual({ line, message });
  });
});

describe('comment attributes', () => {
  it.each([
    [' plain comment', { comment: 'plain comment', tags: [] }],
    [' cf_tags=a,b:c', { comment: null, tags: ['a', 'b:c'] }],
    [' has cf_tags= inside cf_tags=x', { comment: 'has cf_tags= inside', tags: ['x'] }],
    [' c cf_tags=cf-flatten-cname,cf-proxied:true', { comment: 'c', tags: [], flattenCname: true, proxied: true }],
  ])('%j', (raw, expected) => {
    expect(parseCommentAttributes(raw)).toEqual(expected);
  });
});

describe('exportZoneFile', () => {
  const records = [
    norm({ type: 'A', name: '@', content: '192.0.2.1', proxied: true, comment: 'web; main', tags: ['env:prod', 'note:"q", x=y'] }),
    norm({ type: 'A', name: 'dns-only', content: '192.0.2.2', ttl: 600 }),
    norm({ type: 'AAAA', name: '@', content: '2001:db8::1', proxied: true }),
    norm({ type: 'CNAME', name: 'www', content: 'example.com', proxied: false, settings: { flatten_cname: true } }),
    norm({ type: 'MX', name: '@', content: 'mx.example.net', priority: 10, ttl: 3600 }),
    norm({ type: 'TXT', name: '@', content: `v=DKIM1; p=${'A'.repeat(400)}`, comment: 'has cf_tags= inside' }),
    norm({ type: 'TXT', name: 'q', content: 'say "hi" \\ bye' }),
    norm({ type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } }),
    norm({ type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } }),
    norm({ type: 'URI', name: '_http._tcp', data: { weight: 1, target: 'https://example.net/a b' }, priority: 5 }),
    norm({ type: 'HTTPS', name: '@', data: { priority: 1, target: '.', value: 'alpn="h3,h2"' } }),
    norm({ type: 'NAPTR', name: 'n', data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' } }),
    norm({ type: 'TLSA', name: '_443._tcp', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'abcdef' } }),
    norm({ type: 'DS', name: 'child', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'abcd' } }),
    norm({ type: 'LOC', name: 'loc', data: { lat_degrees: 1, lat_minutes: 2, lat_seconds: 3.5, lat_direction: 'S', long_degrees: 4, long_minutes: 5, long_seconds: 6, long_direction: 'E', altitude: -10.5, size: 1, precision_horz: 10000, precision_vert: 10 } }),
    norm({ type: 'NS', name: 'child', content: 'ns1.other.net' }),
    norm({ type: 'PTR', name: 'p', content: 'host.example.net' }),
  ];
  const text = exportZoneFile(zoneName, records.map((r) => ({ ...r, tags: r.tags })), { now: new Date('2025-01-02T03:04:05Z') });

  it('writes the header, groups by type, and puts attributes in the inline comment', () => {
    expect(text.startsWith(';;\n;; Domain:     example.com.\n;; Exported:   2025-01-02 03:04:05\n')).toBe(true);
    expect(text).toContain('\nexample.com.\t1\tIN\tA\t192.0.2.1 ; web; main cf_tags=env:prod,note:"\\"q\\", x=y",cf-proxied:true\n');
    expect(text).toContain('dns-only.example.com.\t600\tIN\tA\t192.0.2.2 ; cf_tags=cf-proxied:false');
    expect(text).toContain('IN\tMX\t10 mx.example.net.');
    expect(text).toContain('IN\tSRV\t10 5 5060 sip.example.com.');
    expect(text.indexOf(';; A Records')).toBeLessThan(text.indexOf(';; AAAA Records'));
  });

  it('round-trips: parse(export(records)) gives the same records', () => {
    const parsed = parseZoneFile(text, { zoneName });
    expect(parsed.errors).toEqual([]);
    const back = parsed.records.map((r) => norm(r));
    const key = (r: NormalizedRecord) => `${r.type} ${r.name} ${r.content}`;
    expect([...back].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...records].sort((a, b) => key(a).localeCompare(key(b))));
  });
});
