import { ruleOverrideSchema, issuePointer } from './schemas';
import type { ExecuteParameters, NewConfiguration, RuleOverride } from './types';

export interface OverrideError {
  index: number;
  field: string;
  message: string;
}

export type OverrideValidation = { ok: true; value: RuleOverride[] } | { ok: false; errors: OverrideError[] };

/**
 * Validates the user's per-rule adjustments (32-hex rule id, action in the allowed set, enabled
 * boolean; one entry per rule id) before they go into the configuration to deploy.
 */
export function validateOverrides(input: unknown): OverrideValidation {
  if (!Array.isArray(input)) return { ok: false, errors: [{ index: -1, field: '', message: 'Overrides must be a list.' }] };
  const errors: OverrideError[] = [];
  const value: RuleOverride[] = [];
  const seen = new Set<string>();
  input.forEach((item, index) => {
    const parsed = ruleOverrideSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issuePointer(issue.path).slice(1) || 'override';
        errors.push({ index, field, message: `${field}: ${issue.message}` });
      }
      return;
    }
    if (seen.has(parsed.data.id)) {
      errors.push({ index, field: 'id', message: `id: rule ${parsed.data.id} is overridden more than once` });
      return;
    }
    seen.add(parsed.data.id);
    value.push(parsed.data);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/**
 * Returns the configuration with the given per-rule overrides merged into the execute rule of the
 * managed ruleset `rulesetId` (an override for an already overridden rule id replaces it).
 */
export function applyRuleOverrides(config: NewConfiguration, rulesetId: string, overrides: RuleOverride[]): NewConfiguration {
  let found = false;
  const rules = config.rules.map((r) => {
    const params = r.action_parameters as ExecuteParameters;
    if (r.action !== 'execute' || params.id !== rulesetId) return r;
    found = true;
    const byId = new Map((params.overrides?.rules ?? []).map((o) => [o.id, o]));
    for (const o of overrides) byId.set(o.id, { ...byId.get(o.id), ...o });
    return { ...r, action_parameters: { ...params, overrides: { ...params.overrides, rules: [...byId.values()] } } };
  });
  if (!found) throw new Error(`The configuration has no rule that executes the managed ruleset ${rulesetId}.`);
  return { ...config, rules };
}
