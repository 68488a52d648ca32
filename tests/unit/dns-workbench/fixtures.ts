import type { DnsRecord } from '../../../src-main/dns/types';

let seq = 0;
/** A record as the API returns it, with overridable fields. */
export function rec(over: Partial<DnsRecord> = {}): DnsRecord {
  seq++;
  const id = over.id ?? seq.toString(16).padStart(32, '0');
  return {
    id,
    zone_id: 'z'.repeat(32),
    zone_name: 'example.com',
    name: 'www.example.com',
    type: 'A',
    content: '192.0.2.1',
    proxiable: true,
    proxied: false,
    ttl: 300,
    locked: false,
    settings: {},
    meta: { auto_added: false, managed_by_apps: false, managed_by_tunnel: false, source: 'primary' },
    comment: null,
    tags: [],
    created_on: '2025-01-01T00:00:00.000000Z',
    modified_on: '2025-01-01T00:00:00.000000Z',
    ...over,
  };
}
