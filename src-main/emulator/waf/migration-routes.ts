import { randomBytes } from 'node:crypto';
import { ApiFailure, type EmulatorRequest, type Route } from '../routing';
import { deriveNewConfiguration } from '../../migration/derive';
import { checkEligibility } from '../../migration/eligibility';
import { issuePointer, newConfigurationSchema, type NewConfigurationInput } from '../../migration/schemas';
import { MIGRATION_ERRORS } from '../../migration/error-codes';
import { MANAGED_PHASE, type EntrypointRuleset, type MigrationMode, type MigrationStatus, type NewRule } from '../../migration/types';
import { isoMicros, refuse, requirePhaseTwo, requireZone, type WafDeps, type WafZone } from './helpers';
import type { WafStore } from './store';

const ENTRYPOINT_PATH = `/zones/:zone_id/rulesets/phases/${MANAGED_PHASE}/entrypoint`;

/** `waf_migration` query value → mode; absent → null (a plain ruleset update). */
function parseMode(req: EmulatorRequest): MigrationMode | null {
  const raw = req.query.get('waf_migration');
  if (raw === null) return null;
  if (raw === 'pending' || raw === '1') return 'pending';
  if (raw === 'validation' || raw === '2') return 'validation';
  return refuse('invalidMode', `Invalid waf_migration value "${raw}": use pending (or 1) or validation (or 2).`);
}

function parseBody(req: EmulatorRequest): NewConfigurationInput {
  const parsed = newConfigurationSchema.safeParse(req.body);
  if (parsed.success) return parsed.data;
  const e = MIGRATION_ERRORS.invalidBody;
  throw new ApiFailure(
    e.status,
    parsed.error.issues.slice(0, 20).map((i) => ({ code: e.code, message: `${issuePointer(i.path)}: ${i.message}`, source: { pointer: issuePointer(i.path) } })),
  );
}

const ruleContent = (r: NewRule) => JSON.stringify([r.action, r.expression, r.description, r.ref, r.enabled, r.action_parameters]);
const sameRule = (a: NewRule, b: NewRule) => ruleContent(a) === ruleContent(b);

/** Builds the next version of the entry point: known rule ids keep their id, changed rules bump their version. */
function nextRuleset(previous: EntrypointRuleset | null, body: NewConfigurationInput, now: string): EntrypointRuleset {
  const prevRules = new Map((previous?.rules ?? []).map((r) => [r.id, r]));
  const rules = body.rules.map((r) => {
    const prev = r.id ? prevRules.get(r.id) : undefined;
    const id = prev ? prev.id : randomBytes(16).toString('hex');
    const next: NewRule = {
      id, version: '1', action: r.action, expression: r.expression, description: r.description ?? '',
      ref: r.ref || prev?.ref || id, enabled: r.enabled ?? true, action_parameters: r.action_parameters as NewRule['action_parameters'],
    };
    if (prev) {
      return sameRule(prev, next) ? prev : { ...next, version: String(Number(prev.version) + 1), last_updated: now };
    }
    return { ...next, last_updated: now };
  });
  return {
    id: previous?.id ?? randomBytes(16).toString('hex'),
    name: body.name,
    description: body.description ?? previous?.description ?? '',
    kind: 'zone',
    phase: MANAGED_PHASE,
    version: String(Number(previous?.version ?? '0') + 1),
    last_updated: now,
    rules,
  };
}

function statusOf(store: WafStore, zone: WafZone): MigrationStatus {
  const m = store.getMigration(zone.id);
  const entry = store.getEntrypoint(zone.id);
  const legacyOn = m.state !== 'finished' && store.getLegacy(zone).wafEnabled;
  const newOn = m.state !== 'start' || (entry?.rules.some((r) => r.enabled) ?? false);
  return {
    created: m.created, migration_state: m.state, old_waf_status: legacyOn ? 'enabled' : 'disabled',
    new_waf_status: newOn ? 'enabled' : 'disabled', source: m.source,
  };
}

/** Check, config, status and the entry point of `http_request_firewall_managed`, with the spec's state machine. */
export function createMigrationRoutes(store: WafStore, deps: WafDeps): Route[] {
  const check: Route['handler'] = (req) => {
    requirePhaseTwo(req);
    const zone = requireZone(deps, req);
    const state = store.getMigration(zone.id).state;
    if (state === 'finished') return { result: { compatible: false, migration_state: state }, messages: [{ code: MIGRATION_ERRORS.alreadyMigrated.code, message: 'The zone has already migrated to the new managed rules.' }] };
    const eligibility = checkEligibility(store.getLegacy(zone));
    return {
      result: { compatible: eligibility.compatible, migration_state: state },
      messages: eligibility.reasons.map((r) => ({ code: MIGRATION_ERRORS.notEligible.code, message: r.message, reason: r.code, items: r.items ?? [] })),
    };
  };

  const config: Route['handler'] = (req) => {
    requirePhaseTwo(req);
    const zone = requireZone(deps, req);
    if (store.getMigration(zone.id).state === 'finished') {
      refuse('alreadyMigrated', 'The zone has already migrated; read the entry-point ruleset instead.');
    }
    return { result: deriveNewConfiguration(store.getLegacy(zone)) };
  };

  const put: Route['handler'] = (req) => {
    const mode = parseMode(req);
    if (mode !== null) requirePhaseTwo(req);
    const zone = requireZone(deps, req);
    const body = parseBody(req);
    const now = isoMicros(deps.clock());
    const enterprise = zone.plan.legacy_id === 'enterprise';
    // One transaction: the state check and the writes cannot interleave with another request.
    const ruleset = store.transaction(() => {
      const m = store.getMigration(zone.id);
      if (mode !== null && m.state === 'finished') {
        refuse('alreadyMigrated', 'This zone has already migrated to the new managed rules; the migration cannot be run again.');
      }
      if (mode === 'validation' && !enterprise) {
        refuse('validationEnterpriseOnly', `Validation mode is available only for Enterprise zones; this zone is on the ${zone.plan.name} plan. Use waf_migration=pending.`);
      }
      if (mode !== null && m.state === 'start') {
        const eligibility = checkEligibility(store.getLegacy(zone));
        if (!eligibility.compatible) refuse('notEligible', `The zone is not eligible for the migration: ${eligibility.reasons.map((r) => r.message).join(' ')}`);
      }
      if (mode === null && m.state === 'start' && !enterprise && body.rules.some((r) => r.enabled !== false)) {
        refuse('enabledRulesBeforeMigration', 'Before the migration, only Enterprise zones can deploy enabled rules to this phase; set enabled to false on every rule or migrate with waf_migration=pending.');
      }
      const next = nextRuleset(store.getEntrypoint(zone.id), body, now);
      store.putEntrypoint(zone.id, next);
      if (mode !== null) {
        store.putMigration(zone.id, { state: mode === 'pending' ? 'finished' : 'validation', created: m.created ?? now, source: m.source ?? 'api' }, now);
      }
      return next;
    });
    return { result: ruleset };
  };

  const getEntrypoint: Route['handler'] = (req) => {
    const zone = requireZone(deps, req);
    const ruleset = store.getEntrypoint(zone.id);
    if (!ruleset) refuse('entrypointNotFound', `could not find entrypoint ruleset in the ${MANAGED_PHASE} phase`);
    return { result: ruleset };
  };

  const status: Route['handler'] = (req) => ({ result: statusOf(store, requireZone(deps, req)) });

  return [
    { method: 'GET', path: '/zones/:zone_id/waf_migration/check', handler: check },
    { method: 'GET', path: '/zones/:zone_id/waf_migration/config', handler: config },
    { method: 'GET', path: '/zones/:zone_id/waf_migration/status', handler: status },
    { method: 'PUT', path: ENTRYPOINT_PATH, handler: put },
    { method: 'GET', path: ENTRYPOINT_PATH, handler: getEntrypoint },
  ];
}
