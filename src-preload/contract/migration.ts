/**
 * Migration screen (Area C): the per-zone wizard that moves a zone to the ruleset-based managed
 * rules. Every call that runs a step returns the zone's whole view, so the screen re-renders from one
 * value; refusals of the service ride in `view.state.error` (shown in the step that failed).
 */
import { z } from 'zod';
import type {
  DiffRow,
  MigrationState,
  RuleOverride,
  SensitivityMapping,
  LegacySensitivity,
  WizardState,
  WizardStep,
} from '../../src-main/migration';
import { channel } from './define';

export type { WizardState, WizardStep, DiffRow, RuleOverride, MigrationState };

export interface MigrationZoneSummary {
  id: string;
  name: string;
  /** `plan.legacy_id`: free | pro | business | enterprise. */
  plan: string;
  planName: string;
  /** The service's state (`start`, `validation`, `finished`); null when it could not be read. */
  migrationState: MigrationState | null;
  /** Saved wizard progress, if any. */
  step: WizardStep | null;
  stepsDone: number;
  statusError: string | null;
}

export interface RulesetOverridesView {
  rulesetId: string;
  name: string;
  expression: string;
  enabled: boolean;
  overrides: RuleOverride[];
}

export interface SensitivityRow extends SensitivityMapping {
  old: LegacySensitivity;
}

export interface MigrationView {
  zone: { id: string; name: string; plan: string; planName: string };
  state: WizardState;
  /** Steps the user may open now. */
  reachable: WizardStep[];
  /** Validation mode (both versions side by side) is Enterprise-only. */
  validation: { available: boolean; reason: string | null };
  /** Today's settings vs. the configuration to deploy (adjusted when adjusted); null before Review. */
  diff: DiffRow[] | null;
  /** The spec's sensitivity table, for the Review step. */
  sensitivityTable: SensitivityRow[];
  /** The managed rulesets of the configuration to deploy, with their per-rule overrides. */
  rulesets: RulesetOverridesView[];
  /** Names of well-known managed rule ids (e.g. the OWASP anomaly-score rule). */
  ruleNames: Record<string, string>;
  /** What becomes irreversible when the migration finishes. */
  irreversible: string[];
  /** When the progress was last saved (ISO), null when never. */
  savedAt: string | null;
}

export interface MigrationCheck {
  label: string;
  ok: boolean;
  detail: string;
}

const zoneId = z.string().regex(/^[0-9a-f]{32}$/, 'must be a zone id (32 hexadecimal characters)');
const zoneArgs = z.object({ zoneId });

const overrideRow = z.object({
  id: z.string().max(64),
  action: z.string().max(40).optional(),
  enabled: z.boolean().optional(),
  score_threshold: z.number().optional(),
});

export const migrationChannels = {
  /** Zones of the active account with plan, service state and saved progress. */
  'migration.listZones': channel<MigrationZoneSummary[]>()(z.undefined()),
  /** The zone's saved wizard (or a fresh one), reconciled with the service's status. */
  'migration.open': channel<MigrationView>()(zoneArgs),
  /** Step 1: compatibility check (`phase_two=1`) and the previous configuration. */
  'migration.check': channel<MigrationView>()(zoneArgs),
  /** Step 2: the new configuration from the config operation. */
  'migration.loadConfig': channel<MigrationView>()(zoneArgs),
  /** Step 3: the per-rule overrides of each managed ruleset (whole lists, replacing). */
  'migration.saveAdjustments': channel<MigrationView>()(
    z.object({ zoneId, rulesets: z.array(z.object({ rulesetId: z.string().max(64), rules: z.array(overrideRow).max(1000) })).max(20) }),
  ),
  /** Step 4 (Enterprise): deploy side by side with `waf_migration=validation`. */
  'migration.deployValidation': channel<MigrationView>()(zoneArgs),
  /** Step 5: finish with `waf_migration=pending`; the zone name typed exactly confirms it. */
  'migration.finish': channel<MigrationView>()(z.object({ zoneId, confirmZoneName: z.string().max(300) })),
  /** Step 6: old/new enabled flags, state and the entry-point ruleset. */
  'migration.refreshStatus': channel<MigrationView>()(zoneArgs),
  'migration.navigate': channel<MigrationView>()(
    z.object({ zoneId, step: z.enum(['eligibility', 'review', 'adjust', 'validation', 'finish', 'status']) }),
  ),
  /** Deletes a URI-based override (it blocks the migration), then checks compatibility again. */
  'migration.deleteOverride': channel<MigrationView>()(z.object({ zoneId, overrideId: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'must be an override id') })),
  /** After the migration: asks the service that the previous API is gone and a second migration is refused. */
  'migration.verify': channel<MigrationCheck[]>()(zoneArgs),
  /** Forgets the saved progress of a zone (the service's state is untouched). */
  'migration.reset': channel<MigrationView>()(zoneArgs),
};
