/** Spec rule 4: a proxied CNAME chain must end at a hostname with an A or AAAA record. */

export interface ChainRecord {
  id?: string;
  type: string;
  name: string;
  content: string;
}

const MAX_HOPS = 16;
const bare = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** Records grouped by lower-case name (build once per zone version, reuse per keystroke). */
export function indexByName<T extends ChainRecord>(records: Iterable<T>): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of records) {
    const key = bare(r.name);
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  }
  return map;
}

/**
 * Follows the CNAME chain from `record` (the version about to be saved; `record.id` replaces the
 * stored one) and returns a warning when a proxied chain leaves the zone, loops, or ends at a
 * name without an A/AAAA record; null when the chain is fine or the record is not a proxied CNAME.
 */
export function cnameChainWarning(
  record: ChainRecord & { proxied: boolean },
  byName: ReadonlyMap<string, readonly ChainRecord[]>,
  zoneName: string,
): string | null {
  if (record.type !== 'CNAME' || !record.proxied) return null;
  const zone = bare(zoneName);
  const inZone = (host: string) => host === zone || host.endsWith(`.${zone}`);
  const start = bare(record.name);
  const seen = new Set([start]);
  let target = bare(record.content);
  const path = [start];
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    path.push(target);
    if (!inZone(target)) {
      return `Proxied CNAME chain ${path.join(' → ')} leaves the zone: the proxy needs it to end at a hostname with an A or AAAA record inside ${zone}.`;
    }
    if (seen.has(target)) return `Proxied CNAME chain loops: ${path.join(' → ')}.`;
    seen.add(target);
    const here = (byName.get(target) ?? []).filter((r) => r.id === undefined || r.id !== record.id);
    if (here.some((r) => r.type === 'A' || r.type === 'AAAA')) return null;
    const next = here.find((r) => r.type === 'CNAME');
    if (!next) {
      return `Proxied CNAME chain ${path.join(' → ')} ends at a name with no A or AAAA record in ${zone}: proxied traffic would have nowhere to go.`;
    }
    target = bare(next.content);
  }
  return `Proxied CNAME chain ${path.join(' → ')} is longer than ${MAX_HOPS} hops.`;
}
