import { findOwaspPackage, findVendorPackage, firewallRulesToMigrate, managedScope, pageRulesTouchingWaf } from './derive';
import { describeSensitivity, mapAction, mapSensitivity, type SensitivityMapping } from './mapping';
import { pageRuleWafEffect } from './page-rule-expression';
import {
  OWASP_ANOMALY_SCORE_RULE_ID,
  OWASP_CORE_RULESET_ID,
  VENDOR_MANAGED_RULESET_ID,
  type ExecuteParameters,
  type LegacyWafGroup,
  type LegacyWafRule,
  type LegacyWafSettings,
  type NewConfiguration,
  type NewRule,
} from './types';

export type DiffArea =
  | 'waf_switch'
  | 'vendor_package'
  | 'owasp_sensitivity'
  | 'owasp_action'
  | 'firewall_rule'
  | 'page_rule'
  | 'group_override'
  | 'rule_override'
  | 'uri_override';

/** One readable row of "today vs. after the migration". */
export interface DiffRow {
  area: DiffArea;
  before: string;
  after: string;
  carriesOver: boolean;
  note: string;
}

const SENSITIVITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low', default: 'Default' } as const;
const ACTION_LABEL: Record<string, string> = { simulate: 'Simulate', block: 'Block', challenge: 'Challenge', log: 'Log' };

function executeRule(config: NewConfiguration, rulesetId: string): NewRule | undefined {
  return config.rules.find((r) => r.action === 'execute' && (r.action_parameters as ExecuteParameters).id === rulesetId);
}

function ruleByOrigin(config: NewConfiguration, origin: string): NewRule | undefined {
  return config.rules.find((r) => r.description.includes(origin));
}

function enabledLabel(r: NewRule): string {
  return r.enabled ? 'enabled' : 'disabled';
}

/** True when a group's mode differs from its default (real API: no default_mode → "off" is an override). */
export function isGroupOverridden(g: LegacyWafGroup): boolean {
  return g.default_mode !== undefined ? g.mode !== g.default_mode : g.mode === 'off';
}

/** True when a rule's mode differs from its default ("default" is the traditional rules' unset mode). */
export function isRuleOverridden(r: LegacyWafRule): boolean {
  return r.mode !== 'default' && r.mode !== r.default_mode;
}

/** Reads the paranoia level and score threshold that a new OWASP execute rule actually sets. */
function owaspSettingsOf(r: NewRule): SensitivityMapping | null {
  const ov = (r.action_parameters as ExecuteParameters).overrides;
  const score = ov?.rules?.find((x) => x.id === OWASP_ANOMALY_SCORE_RULE_ID)?.score_threshold;
  if (score !== 25 && score !== 40) return null;
  const pl2Off = ov?.categories?.some((c) => c.category === 'paranoia-level-2' && c.enabled === false) ?? false;
  return { paranoiaLevel: pl2Off ? 'PL1' : 'PL2', scoreThreshold: score === 25 ? 'high' : 'medium', scoreThresholdValue: score };
}

/**
 * A readable diff between the previous settings and a (possibly adjusted) new configuration:
 * what carries over, how, and what does not (group and rule overrides, URI-based overrides).
 */
export function diffConfigurations(legacy: LegacyWafSettings, config: NewConfiguration): DiffRow[] {
  const rows: DiffRow[] = [];
  const scope = managedScope(legacy);
  rows.push({
    area: 'waf_switch',
    before: `WAF ${legacy.wafEnabled ? 'on' : 'off'} for the whole zone`,
    after: scope.expression === 'true' ? `Managed rulesets ${scope.enabled ? 'enabled' : 'disabled'}` : `Managed rulesets run only where ${scope.expression}`,
    carriesOver: true,
    note: 'The new version has no global on/off; each managed ruleset is deployed individually.',
  });
  if (findVendorPackage(legacy)) {
    const r = executeRule(config, VENDOR_MANAGED_RULESET_ID);
    rows.push({
      area: 'vendor_package',
      before: 'Managed package (traditional)',
      after: r ? `Execute Managed Ruleset (${enabledLabel(r)})` : 'Not deployed',
      carriesOver: r !== undefined,
      note: r ? 'Signatures come from the new Managed Ruleset.' : 'The Managed Ruleset was removed from the configuration.',
    });
  }
  const owasp = findOwaspPackage(legacy);
  if (owasp) {
    const r = executeRule(config, OWASP_CORE_RULESET_ID);
    const now = r ? owaspSettingsOf(r) : null;
    const old = owasp.sensitivity ?? 'default';
    const mapped = mapSensitivity(old);
    rows.push({
      area: 'owasp_sensitivity',
      before: `Sensitivity ${SENSITIVITY_LABEL[old]}`,
      after: now ? describeSensitivity(now) : r ? 'OWASP Core Ruleset with its own defaults' : 'Not deployed',
      carriesOver: now !== null,
      note: `Mapped by the sensitivity table: ${SENSITIVITY_LABEL[old]} → ${describeSensitivity(mapped)}.`,
    });
    const oldAction = owasp.action_mode ?? 'block';
    const newAction = r
      ? (r.action_parameters as ExecuteParameters).overrides?.rules?.find((x) => x.id === OWASP_ANOMALY_SCORE_RULE_ID)?.action
      : undefined;
    rows.push({
      area: 'owasp_action',
      before: `Action ${ACTION_LABEL[oldAction] ?? oldAction}`,
      after: newAction ? `Action ${ACTION_LABEL[newAction] ?? newAction}` : 'Default action of the ruleset',
      carriesOver: newAction !== undefined,
      note: oldAction === 'simulate' ? 'Simulate becomes Log.' : `Direct mapping (${oldAction} → ${mapAction(oldAction)}).`,
    });
  }
  for (const fw of firewallRulesToMigrate(legacy)) {
    const r = ruleByOrigin(config, `firewall rule ${fw.id}`);
    rows.push({
      area: 'firewall_rule',
      before: `Bypass WAF Managed Rules when ${fw.filter.expression}${fw.paused ? ' (paused)' : ''}`,
      after: r ? `Skip the managed rules when ${r.expression} (${enabledLabel(r)})` : 'Not in the new configuration',
      carriesOver: r !== undefined,
      note: fw.description || fw.id,
    });
  }
  for (const pr of pageRulesTouchingWaf(legacy)) {
    const effect = pageRuleWafEffect(pr);
    const urls = pr.targets.map((t) => t.constraint.value).join(', ');
    const what = effect === 'disable_security' ? 'Disable Security' : effect === 'waf_off' ? 'Web Application Firewall: Off' : 'Web Application Firewall: On';
    const before = `${urls} → ${what}${pr.status === 'disabled' ? ' (disabled)' : ''}`;
    if (effect === 'waf_on') {
      rows.push({
        area: 'page_rule',
        before,
        after: legacy.wafEnabled ? 'Managed rulesets already run everywhere' : `Managed rulesets run where ${scope.expression}`,
        carriesOver: true,
        note: 'Page Rules no longer switch the managed rules after the migration.',
      });
      continue;
    }
    const r = ruleByOrigin(config, `page rule ${pr.id}`);
    rows.push({
      area: 'page_rule',
      before,
      after: r ? `Skip the managed rules when ${r.expression} (${enabledLabel(r)})` : 'Not in the new configuration',
      carriesOver: r !== undefined,
      note: 'Page Rules no longer switch the managed rules after the migration; the exception replaces it.',
    });
  }
  for (const g of legacy.groups.filter(isGroupOverridden)) {
    rows.push({
      area: 'group_override',
      before: `Group "${g.name}" ${g.mode}`,
      after: 'Not migrated',
      carriesOver: false,
      note: 'Group overrides do not carry over: recreate it as a tag (category) override in the new ruleset.',
    });
  }
  for (const r of legacy.rules.filter(isRuleOverridden)) {
    rows.push({
      area: 'rule_override',
      before: `Rule ${r.id} (${r.description}) ${r.mode}, default ${r.default_mode}`,
      after: 'Not migrated',
      carriesOver: false,
      note: 'Rule overrides do not carry over: recreate it as a rule override (by the new rule id) in the new ruleset.',
    });
  }
  for (const o of legacy.overrides) {
    rows.push({
      area: 'uri_override',
      before: `URI-based override ${o.id} on ${o.urls.join(', ')}`,
      after: 'Must be deleted before migrating',
      carriesOver: false,
      note: 'URI-based overrides block the migration; recreate their intent as exceptions (skip rules).',
    });
  }
  return rows;
}
