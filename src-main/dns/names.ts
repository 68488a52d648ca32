import { domainToASCII } from 'node:url';

/** Why a name was refused, or the normalised fully qualified name. */
export type NameResult = { ok: true; fqdn: string } | { ok: false };

const MAX_LABEL = 63;
const MAX_FQDN = 253;
// Spec rule: a label starts with a letter (or an underscore, allowed but discouraged), ends with a
// letter or digit, and holds only letters, digits, hyphens and underscores.
const RECORD_LABEL = /^[a-z_](?:[a-z0-9_-]*[a-z0-9_])?$/;
// Reverse zones hold purely numeric (or hex-nibble) labels; the start-with-a-letter rule would make
// PTR records there impossible, so such labels are accepted inside *.arpa zones.
const ARPA_LABEL = /^[0-9a-f]{1,3}$/;
// Targets (CNAME/MX/NS/PTR/SRV) are host names under RFC 1123: a label may start with a digit.
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/** Lower-cases and converts an internationalised name to Punycode; '' when not convertible. */
export function toAsciiName(name: string): string {
  const lower = name.trim().toLowerCase();
  if (/^[\x21-\x7e]*$/.test(lower)) return lower;
  return domainToASCII(lower);
}

/** Makes a record name fully qualified: '@' and '' mean the apex, relative names get the zone appended. */
export function qualifyName(name: string, zoneName: string): string {
  const zone = zoneName.toLowerCase().replace(/\.$/, '');
  let n = toAsciiName(name);
  if (n === '@' || n === '' || n === zone || n === `${zone}.`) return zone;
  if (n.endsWith('.')) return n.slice(0, -1);
  if (n.endsWith(`.${zone}`)) return n;
  if (n.endsWith('.@')) n = n.slice(0, -2);
  return `${n}.${zone}`;
}

/** Validates a record name against the spec's rules and returns its lower-case FQDN. */
export function normalizeRecordName(name: string, zoneName: string): NameResult {
  if (/\s/.test(name.trim()) || name.includes('..')) return { ok: false };
  const zone = zoneName.toLowerCase().replace(/\.$/, '');
  const fqdn = qualifyName(name, zone);
  if (!fqdn || fqdn.length > MAX_FQDN) return { ok: false };
  if (fqdn !== zone && !fqdn.endsWith(`.${zone}`)) return { ok: false };
  const relative = fqdn === zone ? '' : fqdn.slice(0, -(zone.length + 1));
  if (relative === '') return { ok: true, fqdn };
  const labels = relative.split('.');
  const inArpa = zone.endsWith('.arpa');
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] ?? '';
    if (label.length === 0 || label.length > MAX_LABEL) return { ok: false };
    if (label === '*' && i === 0) continue; // wildcard, leftmost only
    if (RECORD_LABEL.test(label)) continue;
    if (inArpa && ARPA_LABEL.test(label)) continue;
    return { ok: false };
  }
  return { ok: true, fqdn };
}

/** Checks a host name used as a target; returns it lower-case without the trailing dot, or null. */
export function normalizeHostname(host: string, { allowRoot = false } = {}): string | null {
  if (/\s/.test(host.trim())) return null;
  const h = toAsciiName(host);
  if (allowRoot && h === '.') return '.';
  const bare = h.endsWith('.') ? h.slice(0, -1) : h;
  if (!bare || bare.length > MAX_FQDN) return null;
  const labels = bare.split('.');
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL || !HOST_LABEL.test(label)) return null;
  }
  // A name made only of digits and dots is an address, not a host name.
  if (/^[0-9.]+$/.test(bare)) return null;
  return bare;
}
