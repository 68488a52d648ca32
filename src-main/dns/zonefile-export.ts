import { quote } from './presentation';
import type { DnsRecord, DnsRecordType } from './types';
import { formatCommentAttributes } from './zonefile-attributes';

/** What the exporter needs of a record (a stored `DnsRecord` fits). */
export type ExportableRecord = Pick<DnsRecord, 'name' | 'type' | 'content' | 'ttl' | 'proxied' | 'proxiable' | 'comment' | 'tags'> &
  Partial<Pick<DnsRecord, 'priority' | 'data' | 'settings'>>;

const TYPE_ORDER: DnsRecordType[] = [
  'SOA', 'NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'HTTPS', 'SVCB', 'PTR',
  'URI', 'NAPTR', 'SSHFP', 'TLSA', 'SMIMEA', 'CERT', 'DS', 'DNSKEY', 'LOC',
];

const dot = (host: string): string => (host === '.' ? '.' : `${host}.`);
const field = (r: ExportableRecord, key: string): string => {
  const v = (r.data as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
};

/** TXT content as quoted character strings of at most 255 characters each. */
function txtStrings(content: string): string {
  const chunks: string[] = [];
  for (let i = 0; i < content.length; i += 255) chunks.push(quote(content.slice(i, i + 255)));
  return chunks.length > 0 ? chunks.join(' ') : '""';
}

/** The record's rdata in zone-file presentation form (targets as FQDNs with a trailing dot). */
function rdata(r: ExportableRecord): string {
  switch (r.type) {
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return dot(r.content);
    case 'MX':
      return `${r.priority ?? 0} ${dot(r.content)}`;
    case 'TXT':
      return txtStrings(r.content);
    case 'SRV':
      return `${r.priority ?? field(r, 'priority')} ${field(r, 'weight')} ${field(r, 'port')} ${dot(field(r, 'target'))}`;
    case 'URI':
      return `${r.priority ?? 0} ${field(r, 'weight')} ${quote(field(r, 'target'))}`;
    case 'HTTPS':
    case 'SVCB':
      return `${field(r, 'priority')} ${dot(field(r, 'target'))} ${field(r, 'value')}`.trimEnd();
    case 'NAPTR':
      return `${field(r, 'order')} ${field(r, 'preference')} ${quote(field(r, 'flags'))} ${quote(field(r, 'service'))} ${quote(field(r, 'regex'))} ${dot(field(r, 'replacement'))}`;
    default:
      return r.content;
  }
}

/** Formats a date as `YYYY-MM-DD HH:MM:SS` (UTC) for the header. */
const stamp = (d: Date): string => d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');

/**
 * Writes the zone's records as a BIND zone file like the service's export: `;;` header, records
 * grouped by type, and comment, tags and proxy state in each record's inline comment.
 */
export function exportZoneFile(zoneName: string, records: readonly ExportableRecord[], opts: { now?: Date } = {}): string {
  const now = opts.now ?? new Date();
  const lines: string[] = [
    ';;',
    `;; Domain:     ${zoneName}.`,
    `;; Exported:   ${stamp(now)}`,
    ';;',
    ';; This file is intended for use for informational and archival',
    ';; purposes ONLY and MUST be edited before use on a production',
    ';; DNS server.  In particular, you must:',
    ';;   -- update the SOA record with the correct authoritative name server',
    ';;   -- update the SOA record with the contact e-mail address information',
    ';;   -- update the NS record(s) with the authoritative name servers for this domain.',
    ';;',
    ';; For further information, please consult the BIND documentation',
    ';; located on the following website:',
    ';;',
    ';; http://www.isc.org/',
    ';;',
    ';; And RFC 1035:',
    ';;',
    ';; http://www.ietf.org/rfc/rfc1035.txt',
    ';;',
    ';; Please note that we do NOT offer technical support for any use',
    ';; of this zone data, the BIND daemon, or any other third-party',
    ';; DNS software.',
    ';;',
    ';; Use at your own risk.',
    ';; SOA Record',
    `${zoneName}.\t3600\tIN\tSOA\tns1.sandbox.invalid. dns.sandbox.invalid. ${Math.floor(now.getTime() / 1000)} 10000 2400 604800 3600`,
    '',
  ];
  const byType = new Map<string, ExportableRecord[]>();
  for (const r of records) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
  const types = [...byType.keys()].sort((a, b) => TYPE_ORDER.indexOf(a as DnsRecordType) - TYPE_ORDER.indexOf(b as DnsRecordType));
  for (const type of types) {
    lines.push(`;; ${type} Records`);
    const group = [...(byType.get(type) ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const r of group) {
      const attrs = formatCommentAttributes({
        comment: r.comment,
        tags: r.tags,
        proxied: r.proxiable ? r.proxied : undefined,
        flattenCname: r.settings?.flatten_cname === true,
      });
      lines.push(`${r.name}.\t${r.ttl}\tIN\t${r.type}\t${rdata(r)}${attrs ? ` ;${attrs}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
