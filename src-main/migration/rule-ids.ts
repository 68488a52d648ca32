import type { EntrypointRuleset, NewConfiguration, NewRule } from './types';

/** JSON with object keys sorted, so two values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameContent = (a: NewRule, b: NewRule): boolean =>
  a.action === b.action && a.expression === b.expression && a.enabled === b.enabled && canonical(a.action_parameters) === canonical(b.action_parameters);

/**
 * The configuration to finish with, carrying the ids and refs of the rules that validation mode
 * already deployed, so finishing updates those rules instead of replacing them with new ids. Only
 * when the deployed ruleset is this very configuration, rule for rule; otherwise the ids stay empty
 * (as in the config result) and the service assigns new ones.
 */
export function withDeployedRuleIds(config: NewConfiguration, deployed: EntrypointRuleset): NewConfiguration {
  if (deployed.rules.length !== config.rules.length) return config;
  if (!config.rules.every((r, i) => deployed.rules[i] !== undefined && sameContent(r, deployed.rules[i]))) return config;
  return {
    ...config,
    rules: config.rules.map((r, i) => {
      const d = deployed.rules[i] as NewRule;
      return { ...r, id: d.id, ref: d.ref };
    }),
  };
}
