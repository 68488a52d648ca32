import type Database from 'better-sqlite3';
import type { ExistingRecord } from '../dns/conflicts';
import { DNS_CODES } from '../dns/errors';
import { validateRecord } from '../dns/validate';
import { exportZoneFile } from '../dns/zonefile-export';
import { parseZoneFile } from '../dns/zonefile-parse';
import { formatTimestamp, type Clock } from './clock';
import { createDnsStore, rowToRecord } from './dns-store';
import { ruleContext } from './dns-routes';
import { IMPORT_PARSE_CODE, TOO_LARGE_CODE, invalidBody } from './failures';
import { parseMultipart } from './multipart';
import { ApiFailure, type ApiErrorObject, type Route } from './routing';
import { requireZone } from './zones';

/** The service's zone-file size limit. */
export const MAX_ZONE_FILE_BYTES = 256 * 1024;

/** Routes of BIND export and import. */
export function createDnsTransferRoutes(db: Database.Database, clock: Clock): Route[] {
  const store = createDnsStore(db, clock);

  const importRecords = db.transaction((zone: ReturnType<typeof requireZone>, text: string, proxied: boolean) => {
    const parsed = parseZoneFile(text, { zoneName: zone.name, proxied });
    const errors: ApiErrorObject[] = parsed.errors.map((e) => ({ code: IMPORT_PARSE_CODE, message: `Line ${e.line}: ${e.message}` }));
    const byName = new Map<string, ExistingRecord[]>();
    for (const r of store.conflictView(zone.id)) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
    let added = 0;
    parsed.records.forEach((input, i) => {
      const line = parsed.lines[i] ?? 0;
      const name = typeof input.name === 'string' ? input.name : '';
      const v = validateRecord(input, ruleContext(zone, byName.get(name.toLowerCase()) ?? []));
      if (!v.ok) {
        // An identical record already in the zone is skipped, not an error (re-importing is safe).
        if (v.issues.every((x) => x.code === DNS_CODES.IDENTICAL)) return;
        for (const issue of v.issues) errors.push({ code: issue.code, message: `Line ${line}: ${issue.message}` });
        return;
      }
      if (errors.length > 0) return;
      const row = store.insert(zone, v.record);
      const list = byName.get(row.name) ?? [];
      list.push({ id: row.id, name: row.name, type: row.type, content: row.content, priority: row.priority });
      byName.set(row.name, list);
      added++;
    });
    // All or nothing: any error rolls the whole import back.
    if (errors.length > 0) throw new ApiFailure(400, errors.slice(0, 100));
    return { recs_added: added, total_records_parsed: parsed.totalParsed };
  });

  return [
    {
      method: 'GET',
      path: '/zones/:zone_id/dns_records/export',
      handler: (req) => {
        const zone = requireZone(db, req);
        const records = store.all(zone.id).map((r) => rowToRecord(r, zone.name));
        return { raw: { contentType: 'text/plain; charset=utf-8', body: exportZoneFile(zone.name, records, { now: new Date(clock()) }) } };
      },
    },
    {
      method: 'POST',
      path: '/zones/:zone_id/dns_records/import',
      handler: async (req) => {
        const zone = requireZone(db, req);
        const start = clock();
        const contentType = String(req.headers['content-type'] ?? '');
        if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
          throw invalidBody('Expected multipart/form-data with a file field.');
        }
        const form = await parseMultipart(req.headers, req.rawBody, MAX_ZONE_FILE_BYTES);
        if (!form.ok && form.reason === 'too-large') {
          throw new ApiFailure(413, [{ code: TOO_LARGE_CODE, message: `Zone file exceeds the limit of ${MAX_ZONE_FILE_BYTES} bytes.` }]);
        }
        if (!form.ok) throw invalidBody('Malformed multipart body.');
        const file = form.fields.get('file');
        if (file === undefined) throw invalidBody("Missing form field 'file'.");
        const proxiedField = form.fields.get('proxied') ?? 'false';
        if (proxiedField !== 'true' && proxiedField !== 'false') throw invalidBody("Field 'proxied' must be 'true' or 'false'.");
        const result = importRecords(zone, file, proxiedField === 'true');
        const end = clock();
        return {
          result,
          extra: { timing: { start_time: formatTimestamp(start), end_time: formatTimestamp(end), process_time: Math.round((end - start) / 1000) } },
        };
      },
    },
  ];
}
