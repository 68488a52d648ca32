import type Database from 'better-sqlite3';
import type { PlanLegacyId, Zone, ZonePlan, ZoneStatus } from '../dns/types';
import { invalidQuery, zoneNotFound } from './failures';
import type { EmulatorRequest, Route, RouteResult } from './routing';

interface ZoneRow {
  id: string;
  name: string;
  status: string;
  paused: number;
  type: string;
  plan: string;
  account_id: string;
  account_name: string;
  name_servers: string;
  original_name_servers: string | null;
  created_on: string;
  modified_on: string;
  activated_on: string | null;
}

/** The plans a seeded or created zone can have, shaped like the service's `plan` object. */
export const PLANS: Record<PlanLegacyId, ZonePlan> = {
  free: { id: '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Free Website', legacy_id: 'free', is_subscribed: false, can_subscribe: false, price: 0, currency: 'USD', frequency: '' },
  pro: { id: 'e592fd9519420ba7405e1307bff33214', name: 'Pro Website', legacy_id: 'pro', is_subscribed: true, can_subscribe: true, price: 20, currency: 'USD', frequency: 'monthly' },
  business: { id: '5f2e8d9b0c4a4e6f8a1b3c5d7e9f1a2b', name: 'Business Website', legacy_id: 'business', is_subscribed: true, can_subscribe: true, price: 200, currency: 'USD', frequency: 'monthly' },
  enterprise: { id: '94f3b7b768b0458b56d2cac4fe5ec0f9', name: 'Enterprise Website', legacy_id: 'enterprise', is_subscribed: true, can_subscribe: false, price: 0, currency: 'USD', frequency: 'monthly' },
};

function toZone(r: ZoneRow): Zone {
  return {
    id: r.id,
    name: r.name,
    status: r.status as ZoneStatus,
    paused: r.paused === 1,
    type: r.type as Zone['type'],
    development_mode: 0,
    name_servers: JSON.parse(r.name_servers) as string[],
    original_name_servers: r.original_name_servers === null ? null : (JSON.parse(r.original_name_servers) as string[]),
    original_registrar: null,
    original_dnshost: null,
    created_on: r.created_on,
    modified_on: r.modified_on,
    activated_on: r.activated_on,
    meta: { step: 2, custom_certificate_quota: 0, page_rule_quota: 20, phishing_detected: false },
    owner: { id: null, type: 'user', email: null },
    account: { id: r.account_id, name: r.account_name },
    permissions: ['#dns_records:edit', '#dns_records:read', '#waf:edit', '#waf:read', '#zone:read'],
    plan: JSON.parse(r.plan) as ZonePlan,
  };
}

const zoneStatements = new WeakMap<Database.Database, Database.Statement>();

/** One zone by id, or undefined. */
export function getZone(db: Database.Database, id: string): Zone | undefined {
  let stmt = zoneStatements.get(db);
  if (!stmt) {
    stmt = db.prepare('SELECT * FROM zones WHERE id = ?');
    zoneStatements.set(db, stmt);
  }
  const row = stmt.get(id) as ZoneRow | undefined;
  return row ? toZone(row) : undefined;
}

/** Every zone, by name. */
export function listZones(db: Database.Database): Zone[] {
  return (db.prepare('SELECT * FROM zones ORDER BY name').all() as ZoneRow[]).map(toZone);
}

/** Stores a zone (used by the seed). */
export function insertZone(db: Database.Database, z: Zone): void {
  db.prepare(
    `INSERT INTO zones (id, name, status, paused, type, plan, account_id, account_name, name_servers, original_name_servers, created_on, modified_on, activated_on)
     VALUES (@id, @name, @status, @paused, @type, @plan, @account_id, @account_name, @name_servers, @original_name_servers, @created_on, @modified_on, @activated_on)`,
  ).run({
    ...z, paused: z.paused ? 1 : 0, plan: JSON.stringify(z.plan), account_id: z.account.id, account_name: z.account.name,
    name_servers: JSON.stringify(z.name_servers), original_name_servers: z.original_name_servers ? JSON.stringify(z.original_name_servers) : null,
  });
}

const ORDER_COLUMNS: Record<string, keyof Zone | 'account.id' | 'account.name'> = { name: 'name', status: 'status', 'account.id': 'account.id', 'account.name': 'account.name' };
const STATUSES = ['initializing', 'pending', 'active', 'moved'];

function intParam(q: URLSearchParams, name: string, dflt: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null) return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalidQuery(name, `must be an integer between ${min} and ${max}`);
  return Number(raw);
}

function nameMatches(zoneName: string, filter: string): boolean {
  const n = zoneName.toLowerCase();
  const f = filter.toLowerCase();
  if (f.startsWith('contains:')) return n.includes(f.slice(9));
  if (f.startsWith('starts_with:')) return n.startsWith(f.slice(12));
  if (f.startsWith('ends_with:')) return n.endsWith(f.slice(10));
  return n === f;
}

/** `GET /zones`: filters name (with prefixes), status, account; paging 5–50 (default 20). */
function listZonesRoute(db: Database.Database, req: EmulatorRequest): RouteResult {
  const q = req.query;
  const page = intParam(q, 'page', 1, 1, 1_000_000);
  const perPage = intParam(q, 'per_page', 20, 5, 50);
  const match = q.get('match') ?? 'all';
  const direction = q.get('direction') ?? 'asc';
  const order = q.get('order') ?? 'name';
  const status = q.get('status');
  if (match !== 'all' && match !== 'any') throw invalidQuery('match', "must be 'any' or 'all'");
  if (direction !== 'asc' && direction !== 'desc') throw invalidQuery('direction', "must be 'asc' or 'desc'");
  if (!ORDER_COLUMNS[order]) throw invalidQuery('order', 'must be one of name, status, account.id, account.name');
  if (status !== null && !STATUSES.includes(status)) throw invalidQuery('status', `must be one of ${STATUSES.join(', ')}`);
  const tests: ((z: Zone) => boolean)[] = [];
  const name = q.get('name');
  if (name !== null) tests.push((z) => nameMatches(z.name, name));
  if (status !== null) tests.push((z) => z.status === status);
  const accountId = q.get('account.id');
  if (accountId !== null) tests.push((z) => z.account.id === accountId);
  const accountName = q.get('account.name');
  if (accountName !== null) tests.push((z) => nameMatches(z.account.name, accountName));
  const all = listZones(db).filter((z) => (tests.length === 0 ? true : match === 'any' ? tests.some((t) => t(z)) : tests.every((t) => t(z))));
  const key = (z: Zone): string => (order === 'account.id' ? z.account.id : order === 'account.name' ? z.account.name : order === 'status' ? z.status : z.name);
  all.sort((a, b) => key(a).localeCompare(key(b)) * (direction === 'desc' ? -1 : 1) || a.name.localeCompare(b.name));
  const slice = all.slice((page - 1) * perPage, page * perPage);
  return {
    result: slice,
    resultInfo: { page, per_page: perPage, count: slice.length, total_count: all.length, total_pages: Math.ceil(all.length / perPage) },
  };
}

/** Loads the zone named in the path or answers 404. */
export function requireZone(db: Database.Database, req: EmulatorRequest): Zone {
  const zone = getZone(db, req.params.zone_id ?? '');
  if (!zone) throw zoneNotFound();
  return zone;
}

/** Routes of the zones API. */
export function createZoneRoutes(db: Database.Database): Route[] {
  return [
    { method: 'GET', path: '/zones', handler: (req) => listZonesRoute(db, req) },
    { method: 'GET', path: '/zones/:zone_id', handler: (req) => ({ result: requireZone(db, req) }) },
  ];
}
