import type { RuleOverride, RulesetOverridesView } from '../../../../src-preload/contract/migration';
import { validateOverrides } from '../../../../src-main/migration/overrides';
import { OVERRIDE_ACTIONS } from '../../../../src-main/migration/schemas';

export { OVERRIDE_ACTIONS };

export type EnabledChoice = 'unchanged' | 'enabled' | 'disabled';

/** One editable override row: strings as the inputs hold them. */
export interface OverrideRow {
  key: number;
  id: string;
  action: string;
  enabled: EnabledChoice;
  score: string;
}

export interface RulesetForm {
  rulesetId: string;
  name: string;
  expression: string;
  enabled: boolean;
  rows: OverrideRow[];
}

let nextKey = 1;

function toRow(o: RuleOverride): OverrideRow {
  return {
    key: nextKey++,
    id: o.id,
    action: o.action ?? '',
    enabled: o.enabled === undefined ? 'unchanged' : o.enabled ? 'enabled' : 'disabled',
    score: o.score_threshold === undefined ? '' : String(o.score_threshold),
  };
}

/** A row as the API takes it (empty inputs leave the field out). */
function toOverride(r: OverrideRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: r.id.trim().toLowerCase() };
  if (r.action) out.action = r.action;
  if (r.enabled !== 'unchanged') out.enabled = r.enabled === 'enabled';
  if (r.score.trim() !== '') out.score_threshold = Number(r.score);
  return out;
}

/**
 * The Adjust step's form: per managed ruleset, the rule overrides to deploy. Validated with the same
 * pure module main uses, so an inline error here is exactly what the main side would refuse.
 */
export class AdjustForm {
  rulesets = $state<RulesetForm[]>([]);
  /** Errors from main that the form could not foresee, by `rulesetId.index.field`. */
  serverIssues = $state<Record<string, string>>({});
  touched = $state(false);

  constructor(views: RulesetOverridesView[]) {
    this.rulesets = views.map((v) => ({ rulesetId: v.rulesetId, name: v.name, expression: v.expression, enabled: v.enabled, rows: v.overrides.map(toRow) }));
  }

  addRow(rulesetId: string): void {
    const rs = this.rulesets.find((r) => r.rulesetId === rulesetId);
    rs?.rows.push({ key: nextKey++, id: '', action: 'log', enabled: 'unchanged', score: '' });
    this.touched = true;
  }

  removeRow(rulesetId: string, key: number): void {
    const rs = this.rulesets.find((r) => r.rulesetId === rulesetId);
    if (rs) rs.rows = rs.rows.filter((r) => r.key !== key);
    this.serverIssues = {};
    this.touched = true;
  }

  /** Inline errors by `rulesetId.index.field` (field: id, action, enabled, score_threshold). */
  get errors(): Record<string, string> {
    const out: Record<string, string> = { ...this.serverIssues };
    for (const rs of this.rulesets) {
      const v = validateOverrides(rs.rows.map(toOverride));
      if (v.ok) continue;
      for (const e of v.errors) {
        const key = `${rs.rulesetId}.${e.index}.${e.field.split('/')[0] || 'id'}`;
        out[key] ??= e.message.replace(/^[a-z_]+: /, '');
      }
    }
    return out;
  }

  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** What `migration.saveAdjustments` takes. */
  payload(): { rulesetId: string; rules: { id: string; action?: string; enabled?: boolean; score_threshold?: number }[] }[] {
    return this.rulesets.map((rs) => ({ rulesetId: rs.rulesetId, rules: rs.rows.map(toOverride) as { id: string }[] }));
  }

  setServerIssues(issues: { path: string; message: string }[]): void {
    this.serverIssues = Object.fromEntries(issues.map((i) => [i.path, i.message.replace(/^[a-z_]+: /, '')]));
  }
}
