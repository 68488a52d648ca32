/**
 * The service's DNS error codes and message texts. Codes marked "chosen" are not documented
 * publicly; the emulator and the UI use these values so they agree with each other.
 */

/** One problem found in a record, tied to the input field it concerns. */
export interface RecordIssue {
  /** Input field path: 'name', 'content', 'ttl', 'proxied', 'priority', 'data.port', 'tags.0' … */
  field: string;
  /** The API error code, e.g. 9005. */
  code: number;
  /** The API's message text. */
  message: string;
}

export const DNS_CODES = {
  NAME_INVALID: 9000,
  PROXIED_INVALID: 9003,
  NOT_PROXIABLE: 9004,
  A_CONTENT: 9005,
  AAAA_CONTENT: 9006,
  CONTENT_INVALID: 9007,
  /** chosen: unknown or non-creatable record type */
  TYPE_INVALID: 9009,
  CONTENT_TOO_LONG: 9015,
  TTL_INVALID: 9021,
  /** chosen: a field of `data` missing or out of range */
  DATA_INVALID: 9101,
  /** chosen: top-level priority missing or out of range (MX, URI, SRV) */
  PRIORITY_INVALID: 9102,
  /** chosen: comment not a string, too long or with a line break */
  COMMENT_INVALID: 9110,
  /** chosen: tag malformed */
  TAG_INVALID: 9111,
  /** chosen: settings not an object or with unknown keys */
  SETTINGS_INVALID: 9112,
  TAG_QUOTA: 9300,
  /** chosen: a field that records do not have */
  BODY_INVALID: 9207,
  RECORD_NOT_FOUND: 81044,
  CNAME_CONFLICT: 81053,
  CNAME_EXISTS: 81054,
  /** chosen: NS beside records of other types below the apex (the service's code is not published) */
  NS_CONFLICT: 81056,
  IDENTICAL: 81058,
  COMBINED_TOO_LONG: 83011,
} as const;

export const DNS_MESSAGES = {
  nameInvalid: 'DNS name is invalid.',
  proxiedNotBoolean: "Invalid 'proxied' value, must be a boolean",
  proxiedTarget: (ip: string) => `Target ${ip} is not allowed for a proxied record.`,
  notProxiable: 'This record type cannot be proxied.',
  aContent: 'Content for A record must be a valid IPv4 address.',
  aaaaContent: 'Content for AAAA record must be a valid IPv6 address.',
  ownNetwork: (type: string) => `Content for ${type} record cannot be an address of the service's own network.`,
  contentInvalid: (type: string) => `Content for ${type} record is invalid.`,
  cnameSelf: 'Content for CNAME record is invalid. A CNAME record cannot point to itself.',
  typeInvalid: 'DNS record type is invalid.',
  soaNotCreatable: 'SOA records are managed by the service and cannot be created.',
  tooLong: 'Record content exceeds the allowed length of 4096 wire format bytes.',
  txtTooLong: 'Content for TXT record exceeds the allowed length of 2048 characters.',
  ttl: (min: number) => `TTL must be between ${min} and 86400 seconds, or 1 for Automatic.`,
  dataInvalid: (type: string, key: string, why: string) => `Invalid 'data.${key}' for ${type} record: ${why}.`,
  priority: (type: string) => `Priority is required for ${type} records and must be an integer between 0 and 65535.`,
  commentInvalid: (why: string) => `DNS record comment is invalid: ${why}.`,
  tagInvalid: (tag: string, why: string) => `DNS record tag "${tag}" is invalid: ${why}.`,
  tagQuota: (n: number, quota: number) => `DNS record has ${n} tags, exceeding the quota of ${quota}.`,
  settingsInvalid: (why: string) => `DNS record settings are invalid: ${why}.`,
  unknownField: (key: string) => `Request body is invalid. Unknown field '${key}'.`,
  wrongType: (key: string, expected: string) => `Request body is invalid. Field '${key}' must be ${expected}.`,
  notFound: 'Record does not exist.',
  cnameConflict:
    'An A, AAAA, or CNAME record with that host already exists. For more details, refer to <https://developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/>.',
  cnameExists:
    'A CNAME record with that host already exists. For more details, refer to <https://developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/>.',
  nsExists: 'NS records with that host already exist. A delegated name can hold only NS records (and the DS records that secure them).',
  nsBesideOthers: 'An NS record cannot share its name with records of other types; delegate a name that holds no other records.',
  identical: 'An identical record already exists.',
  combinedTooLong: 'Combined content length of records with this name and type exceeds the limit.',
} as const;
