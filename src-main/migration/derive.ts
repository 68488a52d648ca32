import { disabledParanoiaCategories, mapAction, mapSensitivity } from './mapping';
import { bypassesWaf, pageRuleExpression, pageRuleWafEffect } from './page-rule-expression';
import {
  OWASP_ANOMALY_SCORE_RULE_ID,
  OWASP_CORE_RULESET_ID,
  VENDOR_MANAGED_RULESET_ID,
  type LegacyFirewallRule,
  type LegacyPageRule,
  type LegacyWafPackage,
  type LegacyWafSettings,
  type NewConfiguration,
  type NewRule,
} from './types';

/** Prefix of every description the migration writes; lets the diff recognise migrated rules. */
export const MIGRATED_PREFIX = 'Migrated from';

function rule(partial: Pick<NewRule, 'action' | 'expression' | 'description' | 'enabled' | 'action_parameters'>): NewRule {
  // id, version and ref stay empty as in the service's config result: the entry point assigns them.
  return { id: '', version: '', ref: '', ...partial };
}

/** Firewall rules "Bypass > WAF Managed Rules" that the migration carries over, by priority. */
export function firewallRulesToMigrate(legacy: LegacyWafSettings): LegacyFirewallRule[] {
  return legacy.firewallRules
    .filter(bypassesWaf)
    .sort((a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER));
}

/** Page rules that switch the WAF (Disable Security, WAF Off/On), by priority (1 = lowest). */
export function pageRulesTouchingWaf(legacy: LegacyWafSettings): LegacyPageRule[] {
  return legacy.pageRules.filter((r) => pageRuleWafEffect(r) !== null).sort((a, b) => b.priority - a.priority);
}

export function findVendorPackage(legacy: LegacyWafSettings): LegacyWafPackage | undefined {
  return legacy.packages.find((p) => p.detection_mode === 'traditional');
}

export function findOwaspPackage(legacy: LegacyWafSettings): LegacyWafPackage | undefined {
  return legacy.packages.find((p) => p.detection_mode === 'anomaly');
}

/**
 * Where the managed rulesets run. The old WAF had a global switch that Page Rules "WAF: On" could
 * override per URL; the new version has none, so "off + On page rules" becomes an execute scope.
 */
export function managedScope(legacy: LegacyWafSettings): { expression: string; enabled: boolean } {
  if (legacy.wafEnabled) return { expression: 'true', enabled: true };
  const onRules = pageRulesTouchingWaf(legacy).filter(
    (r) => r.status === 'active' && pageRuleWafEffect(r) === 'waf_on',
  );
  if (onRules.length === 0) return { expression: 'true', enabled: false };
  const parts = onRules.map(pageRuleExpression);
  return { expression: parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' or '), enabled: true };
}

/**
 * Derives the new entry-point configuration from the previous settings, row by row of the spec's
 * carry-over table. Representation chosen for bypasses: a `skip` rule (`ruleset: 'current'`) placed
 * before the execute rules, whose expression is the firewall rule's own expression or the page
 * rule's URL pattern — the new version's "exception". Group and rule overrides are NOT carried over.
 */
export function deriveNewConfiguration(legacy: LegacyWafSettings): NewConfiguration {
  const rules: NewRule[] = [];
  for (const fw of firewallRulesToMigrate(legacy)) {
    rules.push(
      rule({
        action: 'skip',
        expression: fw.filter.expression,
        description: `${MIGRATED_PREFIX} firewall rule ${fw.id}${fw.description ? `: ${fw.description}` : ''}`,
        enabled: !fw.paused && !fw.filter.paused,
        action_parameters: { ruleset: 'current' },
      }),
    );
  }
  for (const pr of pageRulesTouchingWaf(legacy)) {
    const effect = pageRuleWafEffect(pr);
    if (effect === 'waf_on') continue; // folded into the execute scope (managedScope)
    const urls = pr.targets.map((t) => t.constraint.value).join(', ');
    const what = effect === 'disable_security' ? 'Disable Security' : 'Web Application Firewall: Off';
    rules.push(
      rule({
        action: 'skip',
        expression: pageRuleExpression(pr),
        description: `${MIGRATED_PREFIX} page rule ${pr.id} (${urls}): ${what}`,
        enabled: pr.status === 'active',
        action_parameters: { ruleset: 'current' },
      }),
    );
  }
  const scope = managedScope(legacy);
  if (findVendorPackage(legacy)) {
    rules.push(
      rule({
        action: 'execute',
        expression: scope.expression,
        description: `${MIGRATED_PREFIX} the managed package: execute the Managed Ruleset`,
        enabled: scope.enabled,
        action_parameters: { id: VENDOR_MANAGED_RULESET_ID },
      }),
    );
  }
  const owasp = findOwaspPackage(legacy);
  if (owasp) {
    const m = mapSensitivity(owasp.sensitivity ?? 'default');
    rules.push(
      rule({
        action: 'execute',
        expression: scope.expression,
        description: `${MIGRATED_PREFIX} the OWASP package: execute the OWASP Core Ruleset`,
        enabled: scope.enabled,
        action_parameters: {
          id: OWASP_CORE_RULESET_ID,
          overrides: {
            categories: disabledParanoiaCategories(m.paranoiaLevel).map((category) => ({ category, enabled: false })),
            rules: [
              {
                id: OWASP_ANOMALY_SCORE_RULE_ID,
                action: mapAction(owasp.action_mode ?? 'block'),
                score_threshold: m.scoreThresholdValue,
                enabled: true,
              },
            ],
          },
        },
      }),
    );
  }
  return { name: 'default', rules };
}
