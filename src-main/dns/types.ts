/**
 * Wire types of the service's DNS records and zones API (`…/client/v4`), shared by the rules
 * module, the local emulator, the API client and the UI so every layer speaks one shape.
 */

/** Every record type the app knows: the spec's list plus LOC (and SOA, read-only). */
export type DnsRecordType =
  | 'A'
  | 'AAAA'
  | 'CNAME'
  | 'MX'
  | 'TXT'
  | 'CAA'
  | 'SRV'
  | 'SVCB'
  | 'HTTPS'
  | 'PTR'
  | 'SOA'
  | 'NS'
  | 'DS'
  | 'DNSKEY'
  | 'URI'
  | 'NAPTR'
  | 'SSHFP'
  | 'TLSA'
  | 'SMIMEA'
  | 'CERT'
  | 'LOC';

export const DNS_RECORD_TYPES: readonly DnsRecordType[] = [
  'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'CAA', 'SRV', 'SVCB', 'HTTPS', 'PTR', 'SOA', 'NS',
  'DS', 'DNSKEY', 'URI', 'NAPTR', 'SSHFP', 'TLSA', 'SMIMEA', 'CERT', 'LOC',
];

/** `data` of an SRV record. `service`/`proto`/`name` are deprecated but still accepted. */
export interface SrvData {
  priority: number;
  weight: number;
  port: number;
  target: string;
}
export interface CaaData {
  flags: number;
  tag: string;
  value: string;
}
export interface UriData {
  weight: number;
  target: string;
}
/** HTTPS and SVCB. */
export interface SvcbData {
  priority: number;
  target: string;
  value: string;
}
/** TLSA and SMIMEA. */
export interface TlsaData {
  usage: number;
  selector: number;
  matching_type: number;
  certificate: string;
}
export interface SshfpData {
  algorithm: number;
  type: number;
  fingerprint: string;
}
export interface DsData {
  key_tag: number;
  algorithm: number;
  digest_type: number;
  digest: string;
}
export interface DnskeyData {
  flags: number;
  protocol: number;
  algorithm: number;
  public_key: string;
}
export interface CertData {
  type: number;
  key_tag: number;
  algorithm: number;
  certificate: string;
}
export interface NaptrData {
  order: number;
  preference: number;
  flags: string;
  service: string;
  regex: string;
  replacement: string;
}
export interface LocData {
  lat_degrees: number;
  lat_minutes: number;
  lat_seconds: number;
  lat_direction: 'N' | 'S';
  long_degrees: number;
  long_minutes: number;
  long_seconds: number;
  long_direction: 'E' | 'W';
  /** Metres, −100000 … 42849672.95. */
  altitude: number;
  /** Metres, 0 … 90000000. */
  size: number;
  precision_horz: number;
  precision_vert: number;
}

/** Structured content of the types that carry `data` (server formats `content` from it). */
export type DnsRecordData =
  | SrvData
  | CaaData
  | UriData
  | SvcbData
  | TlsaData
  | SshfpData
  | DsData
  | DnskeyData
  | CertData
  | NaptrData
  | LocData;

export interface DnsRecordSettings {
  flatten_cname?: boolean;
  ipv4_only?: boolean;
  ipv6_only?: boolean;
}

export interface DnsRecordMeta {
  auto_added: boolean;
  managed_by_apps: boolean;
  managed_by_tunnel: boolean;
  source: string;
}

/** A DNS record as the API returns it. */
export interface DnsRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  /** Fully qualified, lower-case name. */
  name: string;
  type: DnsRecordType;
  content: string;
  proxiable: boolean;
  proxied: boolean;
  /** Seconds; 1 = Auto (300 s). */
  ttl: number;
  locked: boolean;
  /** MX, SRV, URI (and mirrored from data for SRV). */
  priority?: number;
  data?: DnsRecordData;
  settings: DnsRecordSettings;
  meta: DnsRecordMeta;
  comment: string | null;
  tags: string[];
  created_on: string;
  modified_on: string;
  comment_modified_on?: string;
  tags_modified_on?: string;
}

/** Body of create (POST) and overwrite (PUT), and of batch `posts`. */
export interface DnsRecordInput {
  type: DnsRecordType;
  name: string;
  content?: string;
  ttl?: number;
  proxied?: boolean;
  priority?: number;
  data?: DnsRecordData;
  settings?: DnsRecordSettings;
  comment?: string | null;
  tags?: string[];
}

/** Body of PATCH: any subset of the input fields. */
export type DnsRecordPatch = Partial<DnsRecordInput>;

export interface DnsBatchRequest {
  deletes?: { id: string }[];
  patches?: (DnsRecordPatch & { id: string })[];
  puts?: (DnsRecordInput & { id: string })[];
  posts?: DnsRecordInput[];
}

export interface DnsBatchResult {
  deletes?: DnsRecord[];
  patches?: DnsRecord[];
  puts?: DnsRecord[];
  posts?: DnsRecord[];
}

/** A string filter in its plain (= exact) or dotted forms (`name.contains=…`). */
export interface DnsTextFilter {
  exact?: string;
  contains?: string;
  startswith?: string;
  endswith?: string;
}

export type DnsListOrder = 'type' | 'name' | 'content' | 'ttl' | 'proxied';

/** Every filter of `GET /zones/{zone_id}/dns_records`. */
export interface DnsListQuery {
  type?: DnsRecordType;
  name?: DnsTextFilter;
  content?: DnsTextFilter;
  comment?: DnsTextFilter & { present?: boolean; absent?: boolean };
  /**
   * Tag conditions: `present` = tag names that must exist (`tag=<name>`), `exact` = `name:value`
   * pairs (`tag=<name>:<value>`), `absent` = names that must not exist, the others `name:value` forms.
   */
  tag?: {
    present?: string[];
    exact?: string[];
    absent?: string[];
    contains?: string[];
    startswith?: string[];
    endswith?: string[];
  };
  tag_match?: 'all' | 'any';
  match?: 'all' | 'any';
  proxied?: boolean;
  search?: string;
  order?: DnsListOrder;
  direction?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  total_pages: number;
}

/** Result of `POST …/dns_records/import` (the envelope also carries `timing`). */
export interface ImportResult {
  recs_added: number;
  total_records_parsed: number;
}

export interface ImportTiming {
  start_time: string;
  end_time: string;
  process_time: number;
}

export type ZoneStatus = 'initializing' | 'pending' | 'active' | 'moved';
export type PlanLegacyId = 'free' | 'pro' | 'business' | 'enterprise';

export interface ZonePlan {
  id: string;
  name: string;
  legacy_id: PlanLegacyId;
  is_subscribed: boolean;
  can_subscribe: boolean;
  price: number;
  currency: string;
  frequency: string;
}

export interface Zone {
  id: string;
  name: string;
  status: ZoneStatus;
  paused: boolean;
  type: 'full' | 'partial' | 'secondary';
  development_mode: number;
  plan: ZonePlan;
  account: { id: string; name: string };
  owner: { id: string | null; type: string; email: string | null };
  name_servers: string[];
  original_name_servers: string[] | null;
  original_registrar: string | null;
  original_dnshost: string | null;
  permissions: string[];
  meta: { step: number; custom_certificate_quota: number; page_rule_quota: number; phishing_detected: boolean };
  created_on: string;
  modified_on: string;
  activated_on: string | null;
}

/** Filters of `GET /zones`. `name` may carry a `contains:`, `starts_with:` or `ends_with:` prefix. */
export interface ZoneListQuery {
  name?: string;
  status?: ZoneStatus;
  'account.id'?: string;
  'account.name'?: string;
  page?: number;
  per_page?: number;
  order?: 'name' | 'status' | 'account.id' | 'account.name';
  direction?: 'asc' | 'desc';
  match?: 'any' | 'all';
}
