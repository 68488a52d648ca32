import type Database from 'better-sqlite3';
import type { DnsRecordInput, PlanLegacyId, Zone } from '../dns/types';
import { validateRecord } from '../dns/validate';
import { formatTimestamp, stableId, type Clock } from './clock';
import { createDnsStore } from './dns-store';
import { PLANS, insertZone } from './zones';

/** The seeded zones: name and plan. `umbrella-legacy.example` is the one with URI-based WAF overrides. */
export const SEED_ZONES: readonly { name: string; plan: PlanLegacyId }[] = [
  { name: 'acme-shop.example', plan: 'pro' },
  { name: 'globex.example', plan: 'business' },
  { name: 'initech.example', plan: 'enterprise' },
  { name: 'umbrella-legacy.example', plan: 'business' },
];

const ACCOUNT = { id: stableId('account:sandbox'), name: 'Sandbox account' };

/** A realistic mix of records for one zone (index varies the addresses). */
function recordsFor(zone: string, n: number): DnsRecordInput[] {
  const v4 = (h: number) => `198.51.100.${n * 20 + h}`;
  return [
    { type: 'A', name: '@', content: `192.0.2.${10 + n}`, proxied: true, comment: 'Origin web server' },
    { type: 'AAAA', name: '@', content: `2001:db8:${n + 1}::10`, proxied: true },
    { type: 'CNAME', name: 'www', content: zone, proxied: true },
    { type: 'A', name: 'api', content: `192.0.2.${50 + n}`, proxied: true, tags: ['env:production', 'team:platform'] },
    { type: 'A', name: 'staging', content: `192.0.2.${90 + n}`, proxied: false, ttl: 300, tags: ['env:staging'] },
    { type: 'CNAME', name: 'status', content: 'status-page.hosted.example', proxied: false, ttl: 3600 },
    { type: 'A', name: 'mail', content: v4(5), ttl: 3600 },
    { type: 'MX', name: '@', content: `mail.${zone}`, priority: 10, ttl: 3600 },
    { type: 'MX', name: '@', content: 'backup-mx.mailhost.example', priority: 20, ttl: 3600 },
    { type: 'TXT', name: '@', content: 'v=spf1 mx include:_spf.mailhost.example -all', ttl: 3600, comment: 'SPF' },
    { type: 'TXT', name: '_dmarc', content: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${zone}`, ttl: 3600 },
    { type: 'TXT', name: 'mail._domainkey', content: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC3sandboxkeyAB', ttl: 3600 },
    { type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    { type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5060, target: `sip.${zone}` }, ttl: 3600 },
    { type: 'A', name: 'sip', content: v4(6), ttl: 3600 },
  ];
}

/** Seeds the four sandbox zones and their records with deterministic ids; returns the zones. */
export function seedZonesAndRecords(db: Database.Database, clock: Clock): Zone[] {
  const store = createDnsStore(db, clock);
  const now = formatTimestamp(clock());
  const zones: Zone[] = [];
  db.transaction(() => {
    SEED_ZONES.forEach(({ name, plan }, n) => {
      const zone: Zone = {
        id: stableId(`zone:${name}`), name, status: 'active', paused: false, type: 'full', development_mode: 0,
        plan: PLANS[plan], account: ACCOUNT, owner: { id: null, type: 'user', email: null },
        name_servers: ['ada.ns.sandbox.invalid', 'bob.ns.sandbox.invalid'], original_name_servers: null,
        original_registrar: null, original_dnshost: null, permissions: [],
        meta: { step: 2, custom_certificate_quota: 0, page_rule_quota: 20, phishing_detected: false },
        created_on: now, modified_on: now, activated_on: now,
      };
      insertZone(db, zone);
      zones.push(zone);
      recordsFor(name, n).forEach((input, i) => {
        const v = validateRecord(input, { zoneName: name });
        if (!v.ok) throw new Error(`seed record ${name}#${i} invalid: ${JSON.stringify(v.issues)}`);
        store.insert(zone, v.record, stableId(`record:${name}:${i}`));
      });
    });
  })();
  return zones;
}
