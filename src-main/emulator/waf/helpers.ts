import { formatTimestamp } from '../clock';
import { couldNotRoute, invalidQuery, zoneNotFound } from '../failures';
import { ApiFailure, type EmulatorRequest, type ResultInfo } from '../routing';
import { MIGRATION_ERRORS, type MigrationErrorName } from '../../migration/error-codes';
import type { WafStore } from './store';

export interface WafZone {
  id: string;
  name: string;
  plan: { legacy_id: string; name: string };
}

export interface WafDeps {
  getZone(id: string): WafZone | undefined;
  clock: () => number;
}

/** Throws the migration refusal `name` with a message. */
export function refuse(name: MigrationErrorName, message: string, extra: Partial<{ source: { pointer: string } }> = {}): never {
  const e = MIGRATION_ERRORS[name];
  throw new ApiFailure(e.status, [{ code: e.code, message, ...extra }]);
}

/** The zone of the path: 400 7003/7000 for a malformed id, 404 1001 for an unknown one (as the DNS routes). */
export function requireZone(deps: WafDeps, req: EmulatorRequest): WafZone {
  const id = req.params.zone_id ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) throw couldNotRoute(req.path);
  const zone = deps.getZone(id);
  if (!zone) throw zoneNotFound();
  return zone;
}

/** Refuses the previous managed-rules API once the zone has migrated (documented as 410 / 10027). */
export function requireNotMigrated(store: WafStore, zone: WafZone): void {
  if (store.getMigration(zone.id).state === 'finished') {
    refuse(
      'legacyApiGone',
      'The previous managed rules API is no longer available for this zone: it has migrated to the new managed rules. Use the rulesets API (phase http_request_firewall_managed).',
    );
  }
}

/** Requires `phase_two=1` on the migration endpoints that take it. */
export function requirePhaseTwo(req: EmulatorRequest): void {
  if (req.query.get('phase_two') !== '1') {
    refuse('phaseTwoRequired', 'The query parameter phase_two=1 is required: every zone is eligible under phase two of the migration.');
  }
}

/** ISO 8601 UTC with fractional seconds, the emulator's one timestamp format. */
export const isoMicros = formatTimestamp;

function intParam(req: EmulatorRequest, name: string, def: number, min: number, max: number): number {
  const raw = req.query.get(name);
  if (raw === null) return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw invalidQuery(name, `must be an integer between ${min} and ${max}`);
  }
  return n;
}

/** One page of `items` with `result_info`; a page past the end is an empty success. */
export function paged<T>(req: EmulatorRequest, items: T[], defPerPage: number, maxPerPage: number): { result: T[]; resultInfo: ResultInfo } {
  const page = intParam(req, 'page', 1, 1, 1_000_000);
  const perPage = intParam(req, 'per_page', defPerPage, 1, maxPerPage);
  const result = items.slice((page - 1) * perPage, page * perPage);
  return {
    result,
    resultInfo: { page, per_page: perPage, count: result.length, total_count: items.length, total_pages: Math.ceil(items.length / perPage) },
  };
}
