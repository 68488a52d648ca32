import { z } from 'zod';
import { newConfigurationSchema } from './schemas';
import { WIZARD_STEPS, type WizardState } from './wizard';

const stepSchema = z.enum(WIZARD_STEPS as [WizardState['step'], ...WizardState['step'][]]);
const stateEnum = z.enum(['start', 'validation', 'finished']);
/** Nested API results are kept as loose objects: they were validated when they came from the API. */
const loose = z.looseObject({});

const wizardStateSchema = z.object({
  zoneId: z.string().min(1),
  zoneName: z.string().min(1),
  plan: z.string(),
  step: stepSchema,
  done: z.array(stepSchema),
  migrationState: stateEnum.nullable(),
  compatibility: z.looseObject({ compatible: z.boolean(), migration_state: stateEnum }).nullable(),
  eligibility: z.looseObject({ compatible: z.boolean(), reasons: z.array(loose) }).nullable(),
  legacy: loose.nullable(),
  config: newConfigurationSchema.nullable(),
  adjusted: newConfigurationSchema.nullable(),
  validation: loose.nullable(),
  entrypoint: loose.nullable(),
  status: loose.nullable(),
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }).nullable(),
});

/** Serialises the wizard's progress for storage (one row per zone). */
export function serializeWizardState(state: WizardState): string {
  return JSON.stringify(state);
}

/**
 * Reads saved progress back; a corrupt or outdated row yields null (the wizard then starts over
 * from the compatibility check, which is always safe because the server holds the real state).
 */
export function parseWizardState(text: string): WizardState | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  return wizardStateSchema.safeParse(json).success ? (json as WizardState) : null;
}

/** The "save before finishing" file: today's settings and the configuration about to be deployed. */
export function migrationBackup(state: WizardState, savedAt: Date): string {
  return JSON.stringify(
    {
      kind: 'zonedesk-waf-migration-backup',
      savedAt: savedAt.toISOString(),
      zone: { id: state.zoneId, name: state.zoneName, plan: state.plan },
      previousConfiguration: state.legacy,
      newConfiguration: state.adjusted ?? state.config,
    },
    null,
    2,
  );
}
