import type { MigrationCheck, MigrationView, MigrationZoneSummary, WizardStep } from '../../../../src-preload/contract/migration';
import type { Result } from '../../../../src-preload/contract';
import { api } from '../../lib/bridge';

/** What is running now; the screen shows a spinner with this label and disables the other actions. */
export interface Busy {
  action: string;
  label: string;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** A refused call: its message, and field issues when the arguments were refused. */
export interface CallFailure {
  message: string;
  issues: FieldIssue[];
}

const STEP_LABELS: Record<WizardStep, string> = {
  eligibility: 'Eligibility',
  review: 'Review',
  adjust: 'Adjust',
  validation: 'Validation mode',
  finish: 'Finish',
  status: 'Status',
};

/** Readable name of a wizard step. */
export function stepLabel(step: WizardStep): string {
  return STEP_LABELS[step];
}

function issuesOf(details: unknown): FieldIssue[] {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.filter((i): i is FieldIssue => typeof i?.path === 'string' && typeof i?.message === 'string') : [];
}

/**
 * The Migration screen's state: the zone picker, the selected zone's wizard view (as main returns
 * it after every step) and what is running. Step failures come back inside the view
 * (`view.state.error`); failures of the call itself land in `failure`.
 */
export class MigrationScreenState {
  zones = $state<MigrationZoneSummary[]>([]);
  zonesLoading = $state(false);
  zonesError = $state<string | null>(null);
  selectedId = $state<string | null>(null);
  view = $state<MigrationView | null>(null);
  busy = $state<Busy | null>(null);
  failure = $state<CallFailure | null>(null);
  checks = $state<MigrationCheck[] | null>(null);
  #generation = 0;

  get selected(): MigrationZoneSummary | undefined {
    return this.zones.find((z) => z.id === this.selectedId);
  }

  async loadZones(): Promise<void> {
    this.zonesLoading = true;
    this.zonesError = null;
    const result = await api.migration.listZones();
    this.zonesLoading = false;
    if (!result.ok) {
      this.zonesError = result.error.message;
      return;
    }
    this.zones = result.value;
    if (this.selectedId && !this.zones.some((z) => z.id === this.selectedId)) this.clearSelection();
  }

  clearSelection(): void {
    this.#generation++;
    this.selectedId = null;
    this.view = null;
    this.checks = null;
    this.failure = null;
    this.busy = null;
  }

  /** Opens a zone's wizard; a zone never checked is checked at once (nothing changes on the service). */
  async select(zoneId: string): Promise<void> {
    if (this.selectedId === zoneId && this.view) return;
    this.#generation++;
    this.selectedId = zoneId;
    this.view = null;
    this.checks = null;
    this.failure = null;
    this.busy = null;
    const opened = await this.#call('open', 'Opening the saved progress…', () => api.migration.open({ zoneId }));
    if (opened && !opened.state.compatibility && opened.state.migrationState !== 'finished' && !opened.state.error) await this.check();
  }

  check = () => this.#step('check', 'Checking compatibility (phase_two=1)…', (zoneId) => api.migration.check({ zoneId }));
  loadConfig = () => this.#step('loadConfig', 'Getting the new configuration…', (zoneId) => api.migration.loadConfig({ zoneId }));
  deployValidation = () =>
    this.#step('deployValidation', 'Deploying side by side (waf_migration=validation)…', (zoneId) => api.migration.deployValidation({ zoneId }));
  refreshStatus = () => this.#step('refreshStatus', 'Reading the migration status…', (zoneId) => api.migration.refreshStatus({ zoneId }));
  navigate = (step: WizardStep) => this.#step(`navigate`, `Opening ${stepLabel(step)}…`, (zoneId) => api.migration.navigate({ zoneId, step }));
  deleteOverride = (overrideId: string) =>
    this.#step(`delete:${overrideId}`, 'Deleting the override and checking again…', (zoneId) => api.migration.deleteOverride({ zoneId, overrideId }));
  reset = () => this.#step('reset', 'Forgetting the saved progress…', (zoneId) => api.migration.reset({ zoneId }));

  saveAdjustments(rulesets: { rulesetId: string; rules: { id: string; action?: string; enabled?: boolean; score_threshold?: number }[] }[]) {
    return this.#step('saveAdjustments', 'Saving the adjusted configuration…', (zoneId) => api.migration.saveAdjustments({ zoneId, rulesets }));
  }

  finish(confirmZoneName: string) {
    return this.#step('finish', 'Migrating (waf_migration=pending)…', (zoneId) => api.migration.finish({ zoneId, confirmZoneName }));
  }

  /** Read-only probes after the migration: the previous API's refusal and the finished state. */
  async verify(): Promise<void> {
    const zoneId = this.selectedId;
    if (!zoneId || this.busy) return;
    const generation = this.#generation;
    this.busy = { action: 'verify', label: 'Asking the service…' };
    const result = await api.migration.verify({ zoneId });
    if (generation !== this.#generation) return;
    this.busy = null;
    if (result.ok) this.checks = result.value;
    else this.failure = { message: result.error.message, issues: issuesOf(result.error.details) };
  }

  async #step(action: string, label: string, call: (zoneId: string) => Promise<Result<MigrationView>>): Promise<MigrationView | null> {
    const zoneId = this.selectedId;
    if (!zoneId || this.busy) return null;
    return this.#call(action, label, () => call(zoneId));
  }

  async #call(action: string, label: string, call: () => Promise<Result<MigrationView>>): Promise<MigrationView | null> {
    const generation = this.#generation;
    this.busy = { action, label };
    this.failure = null;
    const result = await call();
    // A reply for a zone the user has left is dropped (the main side has saved it anyway).
    if (generation !== this.#generation) return null;
    this.busy = null;
    if (!result.ok) {
      this.failure = { message: result.error.message, issues: issuesOf(result.error.details) };
      return null;
    }
    this.view = result.value;
    this.#syncSummary(result.value);
    return result.value;
  }

  /** Keeps the zone picker's state badge in step with the wizard without listing again. */
  #syncSummary(view: MigrationView): void {
    const z = this.zones.find((x) => x.id === view.zone.id);
    if (!z) return;
    z.migrationState = view.state.status?.migration_state ?? view.state.migrationState ?? z.migrationState;
    z.step = view.state.step;
    z.stepsDone = view.state.done.filter((s) => s !== 'status' || view.state.migrationState === 'finished').length;
  }
}
