/** Builders of the TXT-style email authentication records: SPF, DKIM and DMARC. */

export interface SpfOptions {
  mx: boolean;
  a: boolean;
  ip4: string[];
  ip6: string[];
  include: string[];
  /** What happens to mail from anywhere else. */
  all: '-all' | '~all' | '?all';
}

/** `v=spf1 mx a ip4:… include:… -all` at the zone apex. */
export function buildSpf(o: SpfOptions): { name: string; content: string } {
  const parts = ['v=spf1'];
  if (o.mx) parts.push('mx');
  if (o.a) parts.push('a');
  for (const ip of o.ip4.map((s) => s.trim()).filter(Boolean)) parts.push(`ip4:${ip}`);
  for (const ip of o.ip6.map((s) => s.trim()).filter(Boolean)) parts.push(`ip6:${ip}`);
  for (const d of o.include.map((s) => s.trim()).filter(Boolean)) parts.push(`include:${d}`);
  parts.push(o.all);
  return { name: '@', content: parts.join(' ') };
}

export interface DkimOptions {
  selector: string;
  keyType: 'rsa' | 'ed25519';
  /** Base64 public key; whitespace and PEM armour are removed. */
  publicKey: string;
}

/** `<selector>._domainkey` with `v=DKIM1; k=rsa; p=…`. */
export function buildDkim(o: DkimOptions): { name: string; content: string } {
  const key = o.publicKey.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  return { name: `${o.selector.trim() || 'default'}._domainkey`, content: `v=DKIM1; k=${o.keyType}; p=${key}` };
}

export interface DmarcOptions {
  policy: 'none' | 'quarantine' | 'reject';
  subdomainPolicy?: 'none' | 'quarantine' | 'reject' | '';
  /** Percentage of mail the policy applies to (100 = omit). */
  pct: number;
  rua: string;
  ruf: string;
  adkim: 'r' | 's';
  aspf: 'r' | 's';
}

const mailto = (list: string) =>
  list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (s.startsWith('mailto:') ? s : `mailto:${s}`)).join(',');

/** `_dmarc` with `v=DMARC1; p=…; rua=mailto:…` (defaults left out). */
export function buildDmarc(o: DmarcOptions): { name: string; content: string } {
  const parts = ['v=DMARC1', `p=${o.policy}`];
  if (o.subdomainPolicy) parts.push(`sp=${o.subdomainPolicy}`);
  if (o.pct !== 100) parts.push(`pct=${Math.max(0, Math.min(100, Math.round(o.pct)))}`);
  if (o.rua.trim()) parts.push(`rua=${mailto(o.rua)}`);
  if (o.ruf.trim()) parts.push(`ruf=${mailto(o.ruf)}`);
  if (o.adkim === 's') parts.push('adkim=s');
  if (o.aspf === 's') parts.push('aspf=s');
  return { name: '_dmarc', content: parts.join('; ') };
}
