import { describe, expect, it } from 'vitest';
import { apiErrorsToFields } from '../../../src-main/dns-workbench/api-errors';
import { formatTtl } from '../../../src-preload/contract/dns';
import { planBulk } from '../../../src-main/dns-workbench/bulk-plan';
import { cnameChainWarning, indexByName } from '../../../src-main/dns-workbench/cname-chain';
import { rec } from './fixtures';

describe('apiErrorsToFields', () => {
  it.each([
    [9005, 'content'], [9006, 'content'], [9007, 'content'], [9000, 'name'], [9021, 'ttl'], [9004, 'proxied'],
    [9003, 'proxied'], [81053, 'name'], [81054, 'name'], [81058, 'content'], [9300, 'tags'],
  ])('maps code %i to the %s field', (code, field) => {
    expect(apiErrorsToFields([{ code, message: 'm' }]).issues).toEqual([{ field, code, message: 'm' }]);
  });

  it('looks inside the 1004 wrapper', () => {
    const out = apiErrorsToFields([{ code: 1004, message: 'DNS Validation Error', error_chain: [{ code: 9021, message: 'TTL must be…' }] }]);
    expect(out).toEqual({ issues: [{ field: 'ttl', code: 9021, message: 'TTL must be…' }], general: [] });
  });

  it('prefers source.pointer, dropping a batch prefix', () => {
    const out = apiErrorsToFields([{ code: 9101, message: 'bad port', source: { pointer: '/posts/3/data/port' } }]);
    expect(out.issues).toEqual([{ field: 'data.port', code: 9101, message: 'bad port' }]);
  });

  it('keeps unknown codes as general messages', () => {
    expect(apiErrorsToFields([{ code: 10000, message: 'Authentication error' }])).toEqual({ issues: [], general: ['Authentication error (10000)'] });
  });
});

describe('cnameChainWarning', () => {
  const zone = 'example.com';
  const records = [
    rec({ type: 'A', name: 'origin.example.com', content: '192.0.2.1' }),
    rec({ type: 'CNAME', name: 'hop.example.com', content: 'origin.example.com' }),
    rec({ type: 'CNAME', name: 'dead.example.com', content: 'nowhere.example.com' }),
    rec({ type: 'CNAME', name: 'loop1.example.com', content: 'loop2.example.com' }),
    rec({ type: 'CNAME', name: 'loop2.example.com', content: 'loop1.example.com' }),
    rec({ type: 'TXT', name: 'txtonly.example.com', content: 'hello' }),
  ];
  const byName = indexByName(records);
  const cname = (content: string, proxied = true) => ({ type: 'CNAME', name: 'www.example.com', content, proxied });

  it.each([
    ['an A record directly', 'origin.example.com', null],
    ['an A record through another CNAME', 'hop.example.com.', null],
    ['a name with no records', 'missing.example.com', /ends at a name with no A or AAAA/],
    ['a chain ending nowhere', 'dead.example.com', /nowhere\.example\.com/],
    ['a name with only TXT', 'txtonly.example.com', /no A or AAAA/],
    ['a host outside the zone', 'example.net', /leaves the zone/],
    ['a loop', 'loop1.example.com', /loops/],
  ])('pointing at %s', (_label, target, expected) => {
    const warning = cnameChainWarning(cname(target), byName, zone);
    if (expected === null) expect(warning).toBeNull();
    else expect(warning).toMatch(expected);
  });

  it('says nothing for DNS-only CNAMEs and other types', () => {
    expect(cnameChainWarning(cname('missing.example.com', false), byName, zone)).toBeNull();
    expect(cnameChainWarning({ type: 'A', name: 'x.example.com', content: '192.0.2.1', proxied: true }, byName, zone)).toBeNull();
  });

  it('ignores the stored version of the record being edited', () => {
    const self = rec({ type: 'A', name: 'self.example.com', content: '192.0.2.5' });
    const idx = indexByName([...records, self]);
    // Turning self into a CNAME to itself via hop… is judged on the new version only.
    expect(cnameChainWarning({ id: self.id, type: 'CNAME', name: 'self.example.com', content: 'self.example.com', proxied: true }, idx, zone)).toMatch(/loops/);
  });
});

describe('planBulk', () => {
  const a = rec({ type: 'A', name: 'a.example.com', proxied: false, ttl: 3600 });
  const p = rec({ type: 'A', name: 'p.example.com', proxied: true, ttl: 1 });
  const txt = rec({ type: 'TXT', name: 't.example.com', content: 'v=spf1 -all', proxiable: false, ttl: 300 });
  const priv = rec({ type: 'A', name: 'lan.example.com', content: '10.0.0.1', proxiable: false });
  const all = new Map([a, p, txt, priv].map((r) => [r.id, r]));
  const lookup = (id: string) => all.get(id);

  it('deletes every selected record in one batch', () => {
    const { batch, preview } = planBulk([a.id, txt.id], lookup, { kind: 'delete' });
    expect(batch).toEqual({ deletes: [{ id: a.id }, { id: txt.id }] });
    expect(preview.changes.map((c) => c.to)).toEqual(['deleted', 'deleted']);
  });

  it('sets TTL except on proxied records (Auto) and those already there', () => {
    const { batch, preview } = planBulk([a.id, p.id, txt.id], lookup, { kind: 'ttl', ttl: 300 });
    expect(batch).toEqual({ patches: [{ id: a.id, ttl: 300 }] });
    expect(preview.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['p.example.com', 'Proxied: TTL stays Auto.'],
      ['t.example.com', 'TTL is already 5 min.'],
    ]);
  });

  it('proxies only what can be proxied', () => {
    const { batch, preview } = planBulk([a.id, p.id, txt.id, priv.id], lookup, { kind: 'proxy', proxied: true });
    expect(batch).toEqual({ patches: [{ id: a.id, proxied: true }] });
    expect(preview.skipped.map((s) => s.reason)).toEqual([
      'Already proxied.',
      'TXT records cannot be proxied.',
      '10.0.0.1 is not a public address; it cannot be proxied.',
    ]);
  });

  it('reports ids no longer in the zone', () => {
    expect(planBulk(['9'.repeat(32)], lookup, { kind: 'delete' }).preview.skipped[0]?.reason).toMatch(/No longer/);
  });

  it.each([[1, 'Auto'], [60, '1 min'], [3600, '1 h'], [86400, '1 day'], [45, '45 s']])('formats TTL %i as %s', (ttl, text) => {
    expect(formatTtl(ttl)).toBe(text);
  });
});
