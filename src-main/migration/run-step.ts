import { checkEligibility } from './eligibility';
import { applyRuleOverrides, validateOverrides } from './overrides';
import { withDeployedRuleIds } from './rule-ids';
import { toUserError } from './user-errors';
import { confirmsZoneName, validationAvailability, type WizardEvent, type WizardState, type WizardStep } from './wizard';
import type {
  CompatibilityResult,
  EntrypointRuleset,
  LegacyWafSettings,
  MigrationMode,
  MigrationStatus,
  NewConfiguration,
} from './types';

export interface CallOptions {
  signal?: AbortSignal;
}

/** What the workflow needs from the HTTP client (the API client's scoped object satisfies it). */
export interface MigrationClient {
  checkCompatibility(zoneId: string, opts?: CallOptions): Promise<CompatibilityResult>;
  getNewConfiguration(zoneId: string, opts?: CallOptions): Promise<NewConfiguration>;
  updateEntrypoint(zoneId: string, mode: MigrationMode | null, config: NewConfiguration, opts?: CallOptions): Promise<EntrypointRuleset>;
  getEntrypoint(zoneId: string, opts?: CallOptions): Promise<EntrypointRuleset | null>;
  getMigrationStatus(zoneId: string, opts?: CallOptions): Promise<MigrationStatus>;
  getLegacySettings(zoneId: string, opts?: CallOptions): Promise<LegacyWafSettings>;
}

/** Per-step user input: the adjustments, and the typed zone name that confirms the irreversible finish. */
export interface StepInput {
  overrides?: { rulesetId: string; rules: unknown }[];
  config?: NewConfiguration;
  confirmZoneName?: string;
}

/** What becomes irreversible when the migration finishes; the confirmation lists it. */
export const IRREVERSIBLE_CONSEQUENCES: readonly string[] = [
  'The previous managed-rules APIs (packages, groups, rules, overrides) stop working for this zone; use the rulesets API.',
  'Infrastructure-as-code resources of the previous version (packages, groups, rules) stop working; use the ruleset resource.',
  'There is no global on/off switch any more; each managed ruleset is deployed individually.',
  'Page Rules (Web Application Firewall: Off, Disable Security) no longer switch the managed rules off; use exceptions (skip rules).',
  'The migration cannot be undone.',
];

const ALREADY_MIGRATED = 'This zone has already migrated; the migration cannot be run again or reversed.';

function err(code: string, message: string): WizardEvent {
  return { type: 'error', error: { code, message, retryable: false } };
}

/**
 * Runs one wizard step against the API and returns the event to feed to `transition`. Never
 * throws: every refusal (API, network, timeout, cancellation, bad input) comes back as an error event.
 */
export async function runStep(
  client: MigrationClient,
  state: WizardState,
  step: WizardStep,
  input: StepInput = {},
  opts: CallOptions = {},
): Promise<WizardEvent> {
  const zoneId = state.zoneId;
  try {
    switch (step) {
      case 'eligibility': {
        const compatibility = await client.checkCompatibility(zoneId, opts);
        // After the migration the previous API is gone, so there is nothing left to read.
        const legacy = compatibility.migration_state === 'finished' ? null : await client.getLegacySettings(zoneId, opts);
        const eligibility = legacy ? checkEligibility(legacy) : { compatible: compatibility.compatible, reasons: [] };
        return { type: 'checked', compatibility, eligibility: { ...eligibility, compatible: compatibility.compatible }, legacy };
      }
      case 'review':
        return { type: 'configLoaded', config: await client.getNewConfiguration(zoneId, opts) };
      case 'adjust': {
        let config = input.config ?? state.adjusted ?? state.config;
        if (!config) return err('out_of_order', 'Load the new configuration first.');
        for (const o of input.overrides ?? []) {
          const v = validateOverrides(o.rules);
          if (!v.ok) return err('invalid_overrides', v.errors.map((e) => `Override ${e.index + 1}: ${e.message}`).join('\n'));
          config = applyRuleOverrides(config, o.rulesetId, v.value);
        }
        return { type: 'adjusted', config };
      }
      case 'validation': {
        const v = validationAvailability(state.plan);
        if (!v.available) return err('validation_unavailable', v.reason);
        if (state.migrationState === 'finished') return err('finished', ALREADY_MIGRATED);
        if (!state.adjusted) return err('out_of_order', 'Adjust and confirm the configuration first.');
        return { type: 'validationDeployed', ruleset: await client.updateEntrypoint(zoneId, 'validation', state.adjusted, opts) };
      }
      case 'finish': {
        // Never send a second migration: refused here, before any call.
        if (state.migrationState === 'finished') return err('finished', ALREADY_MIGRATED);
        if (!state.adjusted) return err('out_of_order', 'Adjust and confirm the configuration first.');
        if (!confirmsZoneName(input.confirmZoneName ?? '', state.zoneName)) {
          return err('confirmation_required', `Type the zone name exactly (${state.zoneName}) to confirm the irreversible migration.`);
        }
        const config = state.validation ? withDeployedRuleIds(state.adjusted, state.validation) : state.adjusted;
        return { type: 'finished', ruleset: await client.updateEntrypoint(zoneId, 'pending', config, opts) };
      }
      case 'status': {
        const status = await client.getMigrationStatus(zoneId, opts);
        const entrypoint = status.migration_state === 'start' ? null : await client.getEntrypoint(zoneId, opts);
        return { type: 'statusLoaded', status, entrypoint };
      }
    }
  } catch (e) {
    return { type: 'error', error: toUserError(e) };
  }
}
