import type { MigrationView, SensitivityRow } from '../../src-preload/contract/migration';
import {
  IRREVERSIBLE_CONSEQUENCES,
  OWASP_ANOMALY_SCORE_RULE_ID,
  diffConfigurations,
  mapSensitivity,
  reachableSteps,
  validationAvailability,
  type LegacySensitivity,
  type WizardState,
} from '../migration';
import { knownRuleName, rulesetsOf } from './adjustments';

const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

/** Readable plan name of a `plan.legacy_id`. */
export function planLabel(plan: string): string {
  return PLAN_NAMES[plan] ?? plan;
}

const SENSITIVITIES: LegacySensitivity[] = ['high', 'medium', 'low', 'default'];
const SENSITIVITY_TABLE: SensitivityRow[] = SENSITIVITIES.map((old) => ({ old, ...mapSensitivity(old) }));

/** Steps done, for the zone picker (reading the status during validation does not count as the Status step). */
export function stepsDone(state: WizardState): number {
  return state.done.filter((s) => s !== 'status' || state.migrationState === 'finished').length;
}

/** The screen's whole view of one zone's wizard: state plus what the UI derives from it. */
export function buildView(state: WizardState, savedAt: string | null): MigrationView {
  const availability = validationAvailability(state.plan);
  const target = state.adjusted ?? state.config;
  return {
    zone: { id: state.zoneId, name: state.zoneName, plan: state.plan, planName: planLabel(state.plan) },
    state,
    reachable: reachableSteps(state),
    validation: availability.available ? { available: true, reason: null } : { available: false, reason: availability.reason },
    diff: state.legacy && target ? diffConfigurations(state.legacy, target) : null,
    sensitivityTable: SENSITIVITY_TABLE,
    rulesets: target ? rulesetsOf(target) : [],
    ruleNames: { [OWASP_ANOMALY_SCORE_RULE_ID]: knownRuleName(OWASP_ANOMALY_SCORE_RULE_ID) ?? '' },
    irreversible: [...IRREVERSIBLE_CONSEQUENCES],
    savedAt,
  };
}
