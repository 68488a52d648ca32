import {
  OWASP_ANOMALY_SCORE_RULE_ID,
  OWASP_CORE_RULESET_ID,
  VENDOR_MANAGED_RULESET_ID,
  validateOverrides,
  type ExecuteParameters,
  type NewConfiguration,
  type RuleOverride,
} from '../migration';

/** A managed ruleset the new configuration executes, with the per-rule overrides it carries. */
export interface RulesetOverrides {
  rulesetId: string;
  name: string;
  /** Where it runs (the execute rule's expression). */
  expression: string;
  enabled: boolean;
  overrides: RuleOverride[];
}

/** The user's edit of one ruleset's per-rule overrides: the whole list, replacing the previous one. */
export interface OverrideEdit {
  rulesetId: string;
  rules: unknown[];
}

/** An inline error of the Adjust form, located by ruleset, row and field. */
export interface AdjustIssue {
  rulesetId: string;
  index: number;
  field: string;
  message: string;
}

const RULESET_NAMES: Record<string, string> = {
  [VENDOR_MANAGED_RULESET_ID]: 'Managed Ruleset',
  [OWASP_CORE_RULESET_ID]: 'OWASP Core Ruleset',
};

/** Readable name of a managed ruleset id. */
export function rulesetName(id: string): string {
  return RULESET_NAMES[id] ?? `Managed ruleset ${id}`;
}

/** Readable name of a well-known rule id inside a managed ruleset (undefined when not known). */
export function knownRuleName(id: string): string | undefined {
  return id === OWASP_ANOMALY_SCORE_RULE_ID ? 'Inbound Anomaly Score Exceeded (carries the score threshold)' : undefined;
}

const isExecute = (p: NewConfiguration['rules'][number]): boolean => p.action === 'execute';

/** The execute rules of a configuration, one per managed ruleset, with their rule overrides. */
export function rulesetsOf(config: NewConfiguration): RulesetOverrides[] {
  return config.rules.filter(isExecute).map((r) => {
    const params = r.action_parameters as ExecuteParameters;
    return {
      rulesetId: params.id,
      name: rulesetName(params.id),
      expression: r.expression,
      enabled: r.enabled,
      overrides: params.overrides?.rules ?? [],
    };
  });
}

/**
 * Builds the configuration to deploy from the service's proposed one and the user's override lists:
 * each edited ruleset's rule overrides are replaced (so removing a row removes the override), every
 * entry validated first. Pure, so the form and the main side agree on what is valid.
 */
export function applyAdjustments(
  base: NewConfiguration,
  edits: readonly OverrideEdit[],
): { ok: true; config: NewConfiguration } | { ok: false; issues: AdjustIssue[] } {
  const issues: AdjustIssue[] = [];
  const byRuleset = new Map<string, RuleOverride[]>();
  const known = new Set(rulesetsOf(base).map((r) => r.rulesetId));
  for (const edit of edits) {
    if (!known.has(edit.rulesetId)) {
      issues.push({ rulesetId: edit.rulesetId, index: -1, field: '', message: `The configuration does not execute the ruleset ${edit.rulesetId}.` });
      continue;
    }
    const v = validateOverrides(edit.rules);
    if (!v.ok) issues.push(...v.errors.map((e) => ({ rulesetId: edit.rulesetId, ...e })));
    else byRuleset.set(edit.rulesetId, v.value);
  }
  if (issues.length > 0) return { ok: false, issues };
  const rules = base.rules.map((r) => {
    const params = r.action_parameters as ExecuteParameters;
    if (!isExecute(r) || !byRuleset.has(params.id)) return r;
    const list = byRuleset.get(params.id) ?? [];
    const { rules: _old, ...rest } = params.overrides ?? {};
    const overrides = list.length > 0 ? { ...rest, rules: list } : rest;
    const next: ExecuteParameters = Object.keys(overrides).length > 0 ? { id: params.id, overrides } : { id: params.id };
    return { ...r, action_parameters: next };
  });
  return { ok: true, config: { ...base, rules } };
}
