import { DNS_CODES, DNS_MESSAGES, type RecordIssue } from './errors';

/** What conflict checks need to know about the records already in the zone. */
export interface ExistingRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  priority?: number | null;
}

const COMBINED_LIMIT = 8192;

// DS records secure a delegation and so live beside its NS records.
const BESIDE_NS = new Set(['NS', 'DS']);

/**
 * Finds the real API's conflicts for a record about to be written: a CNAME beside any other
 * record at the same name (81053 / 81054), NS beside other types below the apex (schema notes:
 * a delegated name holds only NS, and the DS securing it), an identical record (81058), and the
 * combined content of one name+type over 8,192 characters (83011). `selfId` is the record being
 * replaced; `zoneName` exempts the apex, whose NS set sits beside SOA and the apex records.
 */
export function findConflicts(
  rec: { name: string; type: string; content: string; priority?: number | undefined },
  existing: readonly ExistingRecord[],
  selfId?: string,
  zoneName?: string,
): RecordIssue[] {
  const name = rec.name.toLowerCase();
  const same = existing.filter((e) => e.id !== selfId && e.name.toLowerCase() === name);
  if (rec.type === 'CNAME' && same.length > 0) {
    return [{ field: 'name', code: DNS_CODES.CNAME_CONFLICT, message: DNS_MESSAGES.cnameConflict }];
  }
  if (rec.type !== 'CNAME' && same.some((e) => e.type === 'CNAME')) {
    return [{ field: 'name', code: DNS_CODES.CNAME_EXISTS, message: DNS_MESSAGES.cnameExists }];
  }
  const apex = zoneName !== undefined && name === zoneName.toLowerCase().replace(/\.$/, '');
  if (!apex && rec.type === 'NS' && same.some((e) => !BESIDE_NS.has(e.type))) {
    return [{ field: 'name', code: DNS_CODES.NS_CONFLICT, message: DNS_MESSAGES.nsBesideOthers }];
  }
  if (!apex && !BESIDE_NS.has(rec.type) && same.some((e) => e.type === 'NS')) {
    return [{ field: 'name', code: DNS_CODES.NS_CONFLICT, message: DNS_MESSAGES.nsExists }];
  }
  const sameType = same.filter((e) => e.type === rec.type);
  const identical = sameType.some(
    (e) => e.content.toLowerCase() === rec.content.toLowerCase() && (e.priority ?? undefined) === (rec.priority ?? undefined),
  );
  if (identical) return [{ field: 'content', code: DNS_CODES.IDENTICAL, message: DNS_MESSAGES.identical }];
  const combined = sameType.reduce((n, e) => n + e.content.length, rec.content.length);
  if (combined > COMBINED_LIMIT) {
    return [{ field: 'content', code: DNS_CODES.COMBINED_TOO_LONG, message: DNS_MESSAGES.combinedTooLong }];
  }
  return [];
}
