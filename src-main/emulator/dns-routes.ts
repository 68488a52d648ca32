import type Database from 'better-sqlite3';
import type { ExistingRecord } from '../dns/conflicts';
import { normalizeRecordName } from '../dns/names';
import type { DnsBatchResult, DnsRecord, Zone } from '../dns/types';
import { mergeRecordPatch, validateRecord, type ValidationContext } from '../dns/validate';
import type { Clock } from './clock';
import { createRecordLister } from './dns-list';
import { createDnsStore, rowToNormalized, rowToRecord, type DnsStore, type RecordRow } from './dns-store';
import { ID_PATTERN, couldNotRoute, invalidBody, recordNotFound, validationFailure, withPointerPrefix } from './failures';
import { ApiFailure, type EmulatorRequest, type Route } from './routing';
import { requireZone } from './zones';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Plan-dependent limits of the rules (Enterprise TTL floor 30 s, no tags on Free). */
export function ruleContext(zone: Zone, existing: readonly ExistingRecord[], selfId?: string): ValidationContext {
  const ctx: ValidationContext = { zoneName: zone.name, existing };
  if (selfId) ctx.selfId = selfId;
  if (zone.plan.legacy_id === 'enterprise') ctx.minTtl = 30;
  if (zone.plan.legacy_id === 'free') ctx.tagQuota = 0;
  return ctx;
}

/** Operations on one zone's records, shared by the single-record routes and batch. */
export function createRecordOps(store: DnsStore) {
  const existingFor = (zone: Zone, body: unknown): ExistingRecord[] => {
    if (!isObject(body) || typeof body.name !== 'string') return [];
    const r = normalizeRecordName(body.name, zone.name);
    return r.ok ? store.atName(zone.id, r.fqdn) : [];
  };
  const load = (zone: Zone, id: unknown): RecordRow => {
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) throw recordNotFound();
    const row = store.get(zone.id, id);
    if (!row) throw recordNotFound();
    return row;
  };
  return {
    load,
    create(zone: Zone, body: unknown): RecordRow {
      const v = validateRecord(body, ruleContext(zone, existingFor(zone, body)));
      if (!v.ok) throw validationFailure(v.issues);
      return store.insert(zone, v.record);
    },
    replace(zone: Zone, id: unknown, body: unknown): RecordRow {
      const before = load(zone, id);
      const v = validateRecord(body, ruleContext(zone, existingFor(zone, body), before.id));
      if (!v.ok) throw validationFailure(v.issues);
      return store.update(zone, before, v.record);
    },
    patch(zone: Zone, id: unknown, body: unknown): RecordRow {
      const before = load(zone, id);
      if (!isObject(body)) throw invalidBody('Expected a JSON object.');
      const { id: _ignored, ...changes } = body;
      void _ignored;
      const merged = mergeRecordPatch(rowToNormalized(before), changes);
      const v = validateRecord(merged, ruleContext(zone, existingFor(zone, merged), before.id));
      if (!v.ok) throw validationFailure(v.issues);
      return store.update(zone, before, v.record);
    },
    remove(zone: Zone, id: unknown): RecordRow {
      const before = load(zone, id);
      store.remove(zone.id, before.id);
      return before;
    },
  };
}

const BATCH_KEYS = ['deletes', 'patches', 'puts', 'posts'] as const;

/** Routes of the DNS records API (list, create, get, PATCH, PUT, DELETE, batch). */
export function createDnsRoutes(db: Database.Database, clock: Clock): Route[] {
  const store = createDnsStore(db, clock);
  const ops = createRecordOps(store);
  const list = createRecordLister(db);
  const out = (zone: Zone, row: RecordRow): DnsRecord => rowToRecord(row, zone.name);
  const recordId = (req: EmulatorRequest): string => {
    const id = req.params.dns_record_id ?? '';
    if (!ID_PATTERN.test(id)) throw couldNotRoute(`/zones/${req.params.zone_id}/dns_records/${id}`);
    return id;
  };
  const jsonBody = (req: EmulatorRequest): unknown => {
    if (req.body === undefined) throw invalidBody('Expected a JSON body (Content-Type: application/json).');
    return req.body;
  };

  const batch = db.transaction((zone: Zone, body: Record<string, unknown>): DnsBatchResult => {
    const result: Required<DnsBatchResult> = { deletes: [], patches: [], puts: [], posts: [] };
    for (const key of BATCH_KEYS) {
      const items = (body[key] ?? []) as unknown[];
      items.forEach((item, i) => {
        try {
          const id = isObject(item) ? item.id : undefined;
          if (key === 'deletes') result.deletes.push(out(zone, ops.remove(zone, id)));
          else if (key === 'patches') result.patches.push(out(zone, ops.patch(zone, id, item)));
          else if (key === 'puts') result.puts.push(out(zone, ops.replace(zone, id, isObject(item) ? { ...item, id: undefined } : item)));
          else result.posts.push(out(zone, ops.create(zone, item)));
        } catch (e) {
          throw e instanceof ApiFailure ? withPointerPrefix(e, `/${key}/${i}`) : e;
        }
      });
    }
    return result;
  });

  return [
    {
      method: 'GET',
      path: '/zones/:zone_id/dns_records',
      handler: (req) => {
        const zone = requireZone(db, req);
        const { rows, info } = list(zone.id, req.query);
        return { result: rows.map((r) => out(zone, r)), resultInfo: info };
      },
    },
    {
      method: 'POST',
      path: '/zones/:zone_id/dns_records',
      handler: (req) => {
        const zone = requireZone(db, req);
        return { result: out(zone, ops.create(zone, jsonBody(req))) };
      },
    },
    {
      method: 'GET',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      handler: (req) => {
        const zone = requireZone(db, req);
        return { result: out(zone, ops.load(zone, recordId(req))) };
      },
    },
    {
      method: 'PATCH',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      handler: (req) => {
        const zone = requireZone(db, req);
        const id = recordId(req);
        return { result: out(zone, db.transaction(() => ops.patch(zone, id, jsonBody(req)))()) };
      },
    },
    {
      method: 'PUT',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      handler: (req) => {
        const zone = requireZone(db, req);
        const id = recordId(req);
        return { result: out(zone, db.transaction(() => ops.replace(zone, id, jsonBody(req)))()) };
      },
    },
    {
      method: 'DELETE',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      handler: (req) => {
        const zone = requireZone(db, req);
        return { result: { id: ops.remove(zone, recordId(req)).id } };
      },
    },
    {
      method: 'POST',
      path: '/zones/:zone_id/dns_records/batch',
      handler: (req) => {
        const zone = requireZone(db, req);
        const body = jsonBody(req);
        if (!isObject(body)) throw invalidBody('Expected a JSON object.');
        let count = 0;
        for (const key of Object.keys(body)) {
          const items = body[key];
          if (!(BATCH_KEYS as readonly string[]).includes(key)) throw invalidBody(`Unknown field '${key}'.`);
          if (items === undefined || items === null) continue;
          if (!Array.isArray(items)) throw invalidBody(`Field '${key}' must be an array.`);
          count += items.length;
        }
        const limit = zone.plan.legacy_id === 'free' ? 200 : 3500;
        if (count > limit) {
          throw new ApiFailure(400, [{ code: 81060, message: `Batch request has ${count} operations, exceeding the limit of ${limit}.` }]);
        }
        return { result: batch(zone, body) };
      },
    },
  ];
}
