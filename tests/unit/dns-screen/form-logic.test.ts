import { describe, expect, it } from 'vitest';
import type { DnsJournalEntry, DnsRow } from '../../../src-preload/contract/dns';
import { RECORD_TYPE_FIELDS } from '../../../src-main/dns/record-fields';
import { validateRecord } from '../../../src-main/dns/validate';
import { buildDkim, buildDmarc, buildSpf } from '../../../src-renderer/src/screens/dns/logic/email-records';
import { canUndo, describeChange, lastUndoable, timeAgo } from '../../../src-renderer/src/screens/dns/logic/journal-view';
import {
  changeType, creatableTypes, emptyForm, formFromRecord, formToInput, issuesByField, issuesFromDetails, relativeName, ttlLabel, ttlOptions, type TypeSpecs,
} from '../../../src-renderer/src/screens/dns/logic/record-form';

const specs = RECORD_TYPE_FIELDS as TypeSpecs;

describe('record form model', () => {
  it('offers common types first and never SOA', () => {
    const types = creatableTypes(specs);
    expect(types.slice(0, 7)).toEqual(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA']);
    expect(types).toContain('LOC');
    expect(types).not.toContain('SOA');
  });

  it('builds bodies the shared rules accept, for every creatable type with its defaults filled', () => {
    const samples: Record<string, Record<string, string>> = {
      SRV: { priority: '10', weight: '5', port: '443', target: 'sip.example.com' },
      CAA: { flags: '0', tag: 'issue', value: 'letsencrypt.org' },
      URI: { weight: '1', target: 'https://example.com/' },
      HTTPS: { priority: '1', target: '.', value: 'alpn="h3,h2"' },
      SVCB: { priority: '1', target: 'svc.example.com', value: '' },
      TLSA: { usage: '3', selector: '1', matching_type: '1', certificate: 'abcdef0123' },
      SMIMEA: { usage: '3', selector: '1', matching_type: '1', certificate: 'abcdef0123' },
      SSHFP: { algorithm: '4', type: '2', fingerprint: 'abcdef0123' },
      DS: { key_tag: '2371', algorithm: '13', digest_type: '2', digest: 'abcdef0123' },
      DNSKEY: { flags: '257', protocol: '3', algorithm: '13', public_key: 'AwEAAag=' },
      CERT: { type: '1', key_tag: '0', algorithm: '0', certificate: 'AwEAAag=' },
      NAPTR: { order: '100', preference: '10', flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
      LOC: { lat_degrees: '37', lat_direction: 'N', long_degrees: '122', long_direction: 'W' },
    };
    const contents: Record<string, string> = { A: '192.0.2.1', AAAA: '2001:db8::1', CNAME: 'target.example.com', MX: 'mail.example.com', TXT: 'hello', NS: 'ns1.example.net', PTR: 'host.example.com' };
    for (const type of creatableTypes(specs)) {
      const form = emptyForm(type, specs);
      form.name = 'rec';
      form.content = contents[type] ?? '';
      Object.assign(form.data, samples[type] ?? {});
      const result = validateRecord(formToInput(form, specs), { zoneName: 'example.com' });
      expect(result, type).toMatchObject({ ok: true });
    }
  });

  it('turns numeric data fields into numbers and leaves bad numbers for the rules to name', () => {
    const form = { ...emptyForm('SRV', specs), name: '_sip._tcp', data: { priority: '10', weight: 'x', port: '', target: 'a.example.com' } };
    const input = formToInput(form, specs);
    expect(input.data).toEqual({ priority: 10, weight: 'x', target: 'a.example.com' });
    const result = validateRecord(input, { zoneName: 'example.com' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.field).sort()).toEqual(['data.port', 'data.weight']);
  });

  it('sends TTL Auto while proxied, and proxied only where it was chosen', () => {
    const a = { ...emptyForm('A', specs), name: 'x', content: '192.0.2.1', proxied: true, ttl: 3600 };
    expect(formToInput(a, specs)).toMatchObject({ proxied: true, ttl: 1 });
    expect(formToInput({ ...emptyForm('TXT', specs), content: 'x' }, specs)).not.toHaveProperty('proxied');
  });

  it('keeps name, TTL, proxy and comment across a type change, dropping old fields', () => {
    const a = { ...emptyForm('A', specs), name: 'www', content: '192.0.2.1', proxied: true, comment: 'c' };
    const txt = changeType(a, 'TXT', specs);
    expect(txt).toMatchObject({ type: 'TXT', name: 'www', content: '', proxied: true, comment: 'c' });
    expect(changeType(a, 'AAAA', specs).content).toBe('');
    expect(changeType({ ...a, type: 'CNAME', content: 'x.example.com' }, 'NS', specs).content).toBe('x.example.com');
    expect(Object.keys(changeType(a, 'SRV', specs).data)).toEqual(['priority', 'weight', 'port', 'target']);
  });

  it('reads a record back into the form with a relative name', () => {
    const srv: DnsRow = {
      id: 'x', name: '_sip._tcp.example.com', type: 'SRV', content: '5 5060 sip.example.com', priority: 10, proxiable: false, proxied: false, ttl: 3600,
      data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' }, settings: {}, comment: null, tags: ['a:b'], created_on: '', modified_on: '',
    };
    expect(formFromRecord(srv, 'example.com', specs)).toMatchObject({ name: '_sip._tcp', content: '', data: { port: '5060' }, tags: 'a:b' });
    expect(relativeName('example.com', 'example.com')).toBe('@');
  });

  it('places issues by field: server first, then local, one message each', () => {
    const out = issuesByField([{ field: 'content', code: 9005, message: 'server says' }], [{ field: 'content', code: 9005, message: 'local' }, { field: '', code: 1, message: 'general' }]);
    expect(out).toEqual({ content: 'server says', form: 'general' });
    expect(issuesFromDetails({ issues: [{ field: 'ttl', code: 9021, message: 'TTL…' }, { bogus: true }] })).toEqual([{ field: 'ttl', code: 9021, message: 'TTL…' }]);
    expect(issuesFromDetails(undefined)).toEqual([]);
  });

  it('labels TTLs, Auto while proxied', () => {
    expect(ttlLabel({ proxied: true, ttl: 3600 })).toBe('Auto');
    expect(ttlLabel({ proxied: false, ttl: 300 })).toBe('5 min');
    expect(ttlOptions(450).map((o) => o.value)).toContain(450);
  });
});

describe('email record builders', () => {
  it('builds SPF', () => {
    expect(buildSpf({ mx: true, a: false, ip4: ['192.0.2.10', ' '], ip6: [], include: ['_spf.mailhost.example'], all: '~all' })).toEqual({
      name: '@', content: 'v=spf1 mx ip4:192.0.2.10 include:_spf.mailhost.example ~all',
    });
  });
  it('builds DKIM from a PEM key', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nMIGfMA0G\nCSqGSIb3\n-----END PUBLIC KEY-----';
    expect(buildDkim({ selector: 's1', keyType: 'rsa', publicKey: pem })).toEqual({ name: 's1._domainkey', content: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3' });
  });
  it('builds DMARC, leaving defaults out', () => {
    expect(buildDmarc({ policy: 'reject', subdomainPolicy: '', pct: 50, rua: 'a@example.com, mailto:b@example.com', ruf: '', adkim: 's', aspf: 'r' })).toEqual({
      name: '_dmarc', content: 'v=DMARC1; p=reject; pct=50; rua=mailto:a@example.com,mailto:b@example.com; adkim=s',
    });
  });
  it('produces TXT content the rules accept', () => {
    const { content } = buildDmarc({ policy: 'none', pct: 100, rua: '', ruf: '', adkim: 'r', aspf: 'r' });
    expect(validateRecord({ type: 'TXT', name: '_dmarc', content }, { zoneName: 'example.com' }).ok).toBe(true);
  });
});

describe('journal view', () => {
  const snap = { id: 'r', type: 'A' as const, name: 'www.example.com', content: '192.0.2.1', ttl: 300, proxied: false, comment: null, tags: [] };
  it('describes created, deleted and changed records', () => {
    expect(describeChange({ before: null, after: snap })).toMatchObject({ action: 'created', label: 'A www.example.com' });
    expect(describeChange({ before: snap, after: null }).action).toBe('deleted');
    expect(describeChange({ before: snap, after: { ...snap, proxied: true, ttl: 1 } }).diffs).toEqual(['DNS only → proxied', 'TTL 5 min → Auto']);
  });

  it('picks the entries "undo last N" reverts', () => {
    const e = (id: number, kind: DnsJournalEntry['kind'], undoneBy: number | null = null): DnsJournalEntry => ({
      id, kind, at: '', summary: '', count: 1, changes: [], undoneAt: null, undoneBy, undoOf: null,
    });
    const entries = [e(5, 'undo'), e(4, 'edit'), e(3, 'delete', 5), e(2, 'create'), e(1, 'import')];
    expect(lastUndoable(entries, 2).map((x) => x.id)).toEqual([4, 2]);
    expect(canUndo(entries[2] as DnsJournalEntry)).toBe(false);
    expect(canUndo(entries[0] as DnsJournalEntry)).toBe(true);
  });

  it('says how long ago', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(timeAgo('2025-01-01T11:59:55Z', now)).toBe('just now');
    expect(timeAgo('2025-01-01T11:57:00Z', now)).toBe('3 min ago');
    expect(timeAgo('2025-01-01T09:00:00Z', now)).toBe('3 h ago');
  });
});
