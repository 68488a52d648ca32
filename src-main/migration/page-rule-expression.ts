import type { LegacyFirewallRule, LegacyPageRule } from './types';

/** Quotes a string literal for a rules-language expression. */
function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Converts a page-rule URL pattern (`[scheme://]host[/path]`, `*` wildcards) to a rules-language
 * expression on host and path, so a page rule's scope can become a skip rule or an execute scope.
 */
export function urlPatternToExpression(pattern: string): string {
  const withoutScheme = pattern.trim().replace(/^(\*|https?):\/\//i, '');
  const slash = withoutScheme.indexOf('/');
  const host = (slash === -1 ? withoutScheme : withoutScheme.slice(0, slash)).toLowerCase();
  const path = slash === -1 ? '' : withoutScheme.slice(slash);
  const parts: string[] = [];
  if (host !== '*' && host !== '') {
    parts.push(host.includes('*') ? `http.host wildcard ${quote(host)}` : `http.host eq ${quote(host)}`);
  }
  if (path !== '' && path !== '/*' && path !== '*') {
    parts.push(
      path.includes('*')
        ? `http.request.uri.path wildcard ${quote(path)}`
        : `http.request.uri.path eq ${quote(path)}`,
    );
  }
  if (parts.length === 0) return 'true';
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' and ')})`;
}

/** The expression covering all URL targets of a page rule. */
export function pageRuleExpression(rule: LegacyPageRule): string {
  const parts = rule.targets.map((t) => urlPatternToExpression(t.constraint.value));
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' or ');
}

export type PageRuleWafEffect = 'disable_security' | 'waf_off' | 'waf_on';

/** What a page rule does to the WAF, or null when it does not touch it. */
export function pageRuleWafEffect(rule: LegacyPageRule): PageRuleWafEffect | null {
  for (const a of rule.actions) {
    if (a.id === 'disable_security') return 'disable_security';
    if (a.id === 'waf' && a.value === 'off') return 'waf_off';
    if (a.id === 'waf' && a.value === 'on') return 'waf_on';
  }
  return null;
}

/** True for a firewall rule "Bypass > WAF Managed Rules" (the ones the migration carries over). */
export function bypassesWaf(rule: LegacyFirewallRule): boolean {
  return rule.action === 'bypass' && (rule.products ?? []).includes('waf');
}
