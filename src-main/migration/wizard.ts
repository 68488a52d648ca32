import type { UserError } from './user-errors';
import type {
  CompatibilityResult,
  EligibilityResult,
  EntrypointRuleset,
  LegacyWafSettings,
  MigrationState,
  MigrationStatus,
  NewConfiguration,
} from './types';

export type WizardStep = 'eligibility' | 'review' | 'adjust' | 'validation' | 'finish' | 'status';
export const WIZARD_STEPS: readonly WizardStep[] = ['eligibility', 'review', 'adjust', 'validation', 'finish', 'status'];

/** The wizard's whole progress for one zone; plain JSON so it can be saved and resumed. */
export interface WizardState {
  zoneId: string;
  zoneName: string;
  /** `plan.legacy_id`: free | pro | business | enterprise. */
  plan: string;
  step: WizardStep;
  done: WizardStep[];
  migrationState: MigrationState | null;
  compatibility: CompatibilityResult | null;
  eligibility: EligibilityResult | null;
  legacy: LegacyWafSettings | null;
  config: NewConfiguration | null;
  adjusted: NewConfiguration | null;
  validation: EntrypointRuleset | null;
  entrypoint: EntrypointRuleset | null;
  status: MigrationStatus | null;
  error: UserError | null;
}

export type WizardEvent =
  | { type: 'checked'; compatibility: CompatibilityResult; eligibility: EligibilityResult; legacy: LegacyWafSettings | null }
  | { type: 'configLoaded'; config: NewConfiguration }
  | { type: 'adjusted'; config: NewConfiguration }
  | { type: 'validationDeployed'; ruleset: EntrypointRuleset }
  | { type: 'finished'; ruleset: EntrypointRuleset }
  | { type: 'statusLoaded'; status: MigrationStatus; entrypoint?: EntrypointRuleset | null }
  | { type: 'inputsChanged'; step: WizardStep }
  | { type: 'navigate'; step: WizardStep }
  | { type: 'error'; error: UserError };

/** Whether validation mode is offered for a plan, and why not. */
export function validationAvailability(plan: string): { available: true } | { available: false; reason: string } {
  return plan === 'enterprise'
    ? { available: true }
    : { available: false, reason: 'Validation mode (both versions side by side) is available only on Enterprise zones; this zone migrates in one step.' };
}

/**
 * Whether the typed text confirms the irreversible finish: the zone name exactly — no trimming, no
 * case folding (the issue: "asks for the zone name typed"). The one rule; main and the screen use it.
 */
export function confirmsZoneName(typed: string, zoneName: string): boolean {
  return typed === zoneName;
}

/** A fresh wizard for a zone. */
export function initialWizardState(zone: { id: string; name: string; plan: string }): WizardState {
  return {
    zoneId: zone.id, zoneName: zone.name, plan: zone.plan, step: 'eligibility', done: [], migrationState: null,
    compatibility: null, eligibility: null, legacy: null, config: null, adjusted: null, validation: null,
    entrypoint: null, status: null, error: null,
  };
}

const index = (s: WizardStep): number => WIZARD_STEPS.indexOf(s);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Clears `from` and every later step: their results and their "done" marks. */
function invalidateFrom(state: WizardState, from: WizardStep): WizardState {
  const keep = (s: WizardStep) => index(s) < index(from);
  return {
    ...state,
    done: state.done.filter(keep),
    compatibility: keep('eligibility') ? state.compatibility : null,
    eligibility: keep('eligibility') ? state.eligibility : null,
    config: keep('review') ? state.config : null,
    adjusted: keep('adjust') ? state.adjusted : null,
    validation: keep('validation') ? state.validation : null,
    entrypoint: keep('finish') ? state.entrypoint : null,
    status: keep('status') ? state.status : null,
  };
}

function markDone(done: WizardStep[], ...steps: WizardStep[]): WizardStep[] {
  const set = new Set([...done, ...steps]);
  return WIZARD_STEPS.filter((s) => set.has(s));
}

function fail(state: WizardState, code: string, message: string): WizardState {
  return { ...state, error: { code, message, retryable: false } };
}

/** The step after `adjust`: validation where offered, else finish. */
function afterAdjust(state: WizardState): WizardStep {
  return validationAvailability(state.plan).available ? 'validation' : 'finish';
}

/**
 * Steps the user may open now: done ones and the first one not done. Validation mode exists only
 * where offered (Enterprise) and is optional there (spec: "Enterprise, optional"), so once the
 * configuration is adjusted both Validation and Finish are open. The one rule; the screen uses it.
 */
export function reachableSteps(state: WizardState): WizardStep[] {
  if (state.migrationState === 'finished') return ['status'];
  const offered = WIZARD_STEPS.filter((s) => s !== 'validation' || validationAvailability(state.plan).available);
  const out: WizardStep[] = [];
  for (const s of offered) {
    out.push(s);
    if (s === 'validation') continue; // optional: never blocks the steps after it
    if (!state.done.includes(s)) break;
    if (s === 'eligibility' && !state.compatibility?.compatible) break;
  }
  return out;
}

/**
 * The wizard's reducer: applies one event (the result of a step, or a user action) to the state.
 * Out-of-order events leave the progress unchanged and set `error`; irreversible progress (a
 * finished migration) is never invalidated.
 */
export function transition(state: WizardState, event: WizardEvent): WizardState {
  const s: WizardState = { ...state, error: null };
  const finished = s.migrationState === 'finished';
  switch (event.type) {
    case 'checked': {
      const c = event.compatibility;
      const base: WizardState = { ...s, legacy: event.legacy ?? s.legacy, migrationState: c.migration_state };
      if (c.migration_state === 'finished') {
        return { ...base, compatibility: c, eligibility: event.eligibility, step: 'status', done: markDone(base.done, 'eligibility', 'review', 'adjust', 'finish') };
      }
      const unchanged = same(s.compatibility, c);
      const next = unchanged ? base : invalidateFrom(base, 'eligibility');
      const withResult = { ...next, compatibility: c, eligibility: event.eligibility };
      if (!c.compatible) return { ...withResult, step: 'eligibility', done: [] };
      return {
        ...withResult,
        done: markDone(withResult.done, 'eligibility'),
        step: index(withResult.step) > index('eligibility') ? withResult.step : 'review',
      };
    }
    case 'configLoaded': {
      if (!s.done.includes('eligibility') || !s.compatibility?.compatible) return fail(s, 'out_of_order', 'Run the compatibility check first.');
      const next = s.config && !same(s.config, event.config) ? invalidateFrom(s, 'adjust') : s;
      return { ...next, config: event.config, adjusted: next.adjusted ?? event.config, done: markDone(next.done, 'review'), step: 'adjust' };
    }
    case 'adjusted': {
      if (finished) return fail(s, 'finished', 'The migration is finished; the configuration can no longer be changed here.');
      if (!s.done.includes('review')) return fail(s, 'out_of_order', 'Review the new configuration first.');
      const next = s.adjusted && !same(s.adjusted, event.config) ? invalidateFrom(s, 'validation') : s;
      return { ...next, adjusted: event.config, done: markDone(next.done, 'adjust'), step: afterAdjust(next) };
    }
    case 'validationDeployed': {
      const v = validationAvailability(s.plan);
      if (!v.available) return fail(s, 'validation_unavailable', v.reason);
      if (finished) return fail(s, 'finished', 'The migration is already finished.');
      if (!s.done.includes('adjust')) return fail(s, 'out_of_order', 'Adjust and confirm the configuration first.');
      return { ...s, validation: event.ruleset, migrationState: 'validation', done: markDone(s.done, 'validation'), step: 'finish' };
    }
    case 'finished': {
      if (finished) return fail(s, 'finished', 'The migration is already finished.');
      if (!s.done.includes('adjust')) return fail(s, 'out_of_order', 'Adjust and confirm the configuration first.');
      return { ...s, entrypoint: event.ruleset, migrationState: 'finished', done: markDone(s.done, 'finish'), step: 'status' };
    }
    case 'statusLoaded': {
      const st = event.status;
      const base = { ...s, status: st, migrationState: st.migration_state, entrypoint: event.entrypoint ?? s.entrypoint };
      if (st.migration_state === 'finished') {
        return { ...base, done: markDone(base.done, 'eligibility', 'review', 'adjust', 'finish', 'status'), step: 'status' };
      }
      return { ...base, done: markDone(base.done, 'status') };
    }
    case 'inputsChanged': {
      if (finished) return fail(s, 'finished', 'The migration is finished and cannot be changed.');
      return { ...invalidateFrom(s, event.step), step: event.step };
    }
    case 'navigate': {
      if (!reachableSteps(s).includes(event.step)) return fail(s, 'unreachable', `The step "${event.step}" is not available yet.`);
      return { ...s, step: event.step };
    }
    case 'error':
      return { ...s, error: event.error };
  }
}
