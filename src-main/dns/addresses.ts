import ipaddr from 'ipaddr.js';

/** The service's published IPv4 ranges; an A record may not point into them. */
export const OWN_NETWORK_V4 = [
  '173.245.48.0/20', '103.21.244.0/22', '103.22.200.0/22', '103.31.4.0/22', '141.101.64.0/18',
  '108.162.192.0/18', '190.93.240.0/20', '188.114.96.0/20', '197.234.240.0/22', '198.41.128.0/17',
  '162.158.0.0/15', '104.16.0.0/13', '104.24.0.0/14', '172.64.0.0/13', '131.0.72.0/22',
] as const;

/** The service's published IPv6 ranges; an AAAA record may not point into them. */
export const OWN_NETWORK_V6 = [
  '2400:cb00::/32', '2606:4700::/32', '2803:f800::/32', '2405:b500::/32', '2405:8100::/32',
  '2a06:98c0::/29', '2c0f:f248::/32',
] as const;

const V4_RANGES = OWN_NETWORK_V4.map((c) => ipaddr.IPv4.parseCIDR(c));
const V6_RANGES = OWN_NETWORK_V6.map((c) => ipaddr.IPv6.parseCIDR(c));

/** True when the address lies in the service's own network (refused as A/AAAA content). */
export function isOwnNetworkAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') return V4_RANGES.some((r) => (addr as ipaddr.IPv4).match(r));
  return V6_RANGES.some((r) => (addr as ipaddr.IPv6).match(r));
}

/** Strict dotted-quad IPv4 (no `1.1`, no octal/hex, no leading zeros); returns it or null. */
export function parseIPv4(text: string): string | null {
  if (!/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(text)) return null;
  return text;
}

/** IPv6 in canonical RFC 5952 form, or null (IPv4 text and zone ids are refused). */
export function parseIPv6(text: string): string | null {
  if (!text.includes(':') || text.includes('%') || !ipaddr.IPv6.isValid(text)) return null;
  return ipaddr.IPv6.parse(text).toRFC5952String();
}

// Ranges the proxy cannot reach. Documentation ranges (192.0.2.0/24, 2001:db8::/32) stay proxiable so
// examples and the offline sandbox behave like public addresses.
const NON_PUBLIC = new Set([
  'unspecified', 'multicast', 'linkLocal', 'loopback', 'broadcast', 'carrierGradeNat', 'private', 'uniqueLocal',
  'ipv4Mapped',
]);

/** True for addresses the proxy cannot reach (private, loopback, link-local …): not proxiable. */
export function isNonPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  return NON_PUBLIC.has(ipaddr.parse(ip).range());
}
