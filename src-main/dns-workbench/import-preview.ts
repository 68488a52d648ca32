import type { DnsImportPreview, DnsImportPreviewItem } from '../../src-preload/contract/dns';
import type { ExistingRecord } from '../dns/conflicts';
import { validateRecord, type NormalizedRecord } from '../dns/validate';
import { parseZoneFile } from '../dns/zonefile-parse';
import type { DnsRecordInput, PlanLegacyId } from '../dns/types';
import { validationContext } from './validation-context';

function bodyOf(r: NormalizedRecord): DnsRecordInput {
  const body: DnsRecordInput = { type: r.type, name: r.name, ttl: r.ttl, proxied: r.proxied, comment: r.comment, tags: r.tags };
  if (r.data) body.data = r.data;
  else body.content = r.content;
  if (r.priority !== undefined && r.type !== 'SRV') body.priority = r.priority;
  if (Object.keys(r.settings).length > 0) body.settings = r.settings;
  return body;
}

function item(line: number, r: NormalizedRecord): DnsImportPreviewItem {
  return { line, type: r.type, name: r.name, content: r.content, ttl: r.ttl, proxied: r.proxied };
}

/**
 * Reads a BIND zone file against the zone as it is: which records would be added, which are
 * already there (skipped), and which lines are invalid and why — each with its line number.
 * Also returns the bodies to post; records in the file are checked against each other too.
 */
export function previewImport(
  text: string,
  zone: { name: string; plan: PlanLegacyId },
  existing: Iterable<ExistingRecord>,
  options: { proxied: boolean },
): { preview: DnsImportPreview; posts: DnsRecordInput[] } {
  const parsed = parseZoneFile(text, { zoneName: zone.name, proxied: options.proxied });
  const byName = new Map<string, ExistingRecord[]>();
  const add = (r: ExistingRecord) => byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  for (const r of existing) add({ ...r, name: r.name.toLowerCase() });
  const preview: DnsImportPreview = { toAdd: [], duplicates: [], invalid: [...parsed.errors], totalParsed: parsed.totalParsed };
  const posts: DnsRecordInput[] = [];
  parsed.records.forEach((input, i) => {
    const line = parsed.lines[i] ?? 0;
    const fail = (message: string) => preview.invalid.push({ line, message: `${input.type} ${input.name}: ${message}` });
    const alone = validateRecord(input, validationContext(zone, []));
    if (!alone.ok) return alone.issues.forEach((x) => fail(x.message));
    const r = alone.record;
    const here = byName.get(r.name) ?? [];
    // Identical to a record already there: importing it again is a no-op, not an error.
    if (here.some((e) => e.type === r.type && e.content.toLowerCase() === r.content.toLowerCase() && (e.priority ?? null) === (r.priority ?? null))) {
      preview.duplicates.push(item(line, r));
      return;
    }
    const v = validateRecord(input, validationContext(zone, here));
    if (!v.ok) return v.issues.forEach((x) => fail(x.message));
    preview.toAdd.push(item(line, v.record));
    posts.push(bodyOf(v.record));
    add({ id: `import:${i}`, name: r.name, type: r.type, content: r.content, priority: r.priority ?? null });
  });
  preview.invalid.sort((a, b) => a.line - b.line);
  return { preview, posts };
}
