/**
 * Types of the managed-WAF migration (spec Area C): the previous ("legacy") configuration as the
 * old managed-rules, firewall-rules and page-rules APIs return it, the new entry-point
 * configuration, the compatibility result and the migration status.
 */

/** Vendor managed ruleset (new version) — runs the vendor's signatures. */
export const VENDOR_MANAGED_RULESET_ID = 'efb7b8c949ac4650a09736fc376e9aee';
/** OWASP core ruleset (new version, core set 3.x). */
export const OWASP_CORE_RULESET_ID = '4814384a9e5d4991b9815dcfc25d2f1f';
/** OWASP "Inbound Anomaly Score Exceeded" rule: carries the score threshold and the action. */
export const OWASP_ANOMALY_SCORE_RULE_ID = '6179ae15870a4bb7b2d480d4843b323c';
/** Old-WAF package id of the vendor managed package. */
export const LEGACY_VENDOR_PACKAGE_ID = '1e334934fd7ae32ad705667f8c1057aa';
/** Old-WAF package id of the OWASP anomaly package (core set 2.x). */
export const LEGACY_OWASP_PACKAGE_ID = 'a25a9a7e9c00afc1fb2e0245519d725b';
/** The phase of the managed-rules entry point. */
export const MANAGED_PHASE = 'http_request_firewall_managed';

export type LegacySensitivity = 'high' | 'medium' | 'low' | 'default';
export type LegacyActionMode = 'simulate' | 'block' | 'challenge';

/** A package of the old managed-rules API (`/firewall/waf/packages`). */
export interface LegacyWafPackage {
  id: string;
  name: string;
  description: string | null;
  detection_mode: 'traditional' | 'anomaly';
  zone_id: string;
  status: 'active';
  /** Anomaly (OWASP) packages only. */
  sensitivity?: LegacySensitivity;
  /** Anomaly (OWASP) packages only. */
  action_mode?: LegacyActionMode;
}

export type LegacyGroupMode = 'on' | 'off';

/** A rule group of a package. `default_mode` is sent by the emulator; absent on the real API. */
export interface LegacyWafGroup {
  id: string;
  name: string;
  description: string | null;
  mode: LegacyGroupMode;
  default_mode?: LegacyGroupMode;
  rules_count: number;
  modified_rules_count: number;
  package_id: string;
  allowed_modes: LegacyGroupMode[];
}

/** A rule of a package: anomaly rules use on/off, traditional rules default/disable/simulate/block/challenge. */
export interface LegacyWafRule {
  id: string;
  description: string;
  priority: string;
  package_id: string;
  group: { id: string; name: string };
  mode: string;
  default_mode: string;
  allowed_modes: string[];
}

/** A URI-based WAF override (only creatable through the API; blocks the migration). */
export interface LegacyUriOverride {
  id: string;
  description: string | null;
  urls: string[];
  priority: number;
  paused: boolean;
  groups: Record<string, string>;
  rules: Record<string, string>;
  rewrite_action: Record<string, string>;
}

/** A firewall rule (`/firewall/rules`); a "Bypass > WAF Managed Rules" rule has action bypass + product waf. */
export interface LegacyFirewallRule {
  id: string;
  paused: boolean;
  description: string;
  action: string;
  priority?: number;
  products?: string[];
  filter: { id: string; expression: string; paused: boolean; description?: string };
}

export interface PageRuleTarget {
  target: 'url';
  constraint: { operator: 'matches'; value: string };
}

export interface PageRuleAction {
  id: string;
  value?: unknown;
}

/** A page rule (`/pagerules`). Relevant actions: `disable_security`, `waf` with value on/off. */
export interface LegacyPageRule {
  id: string;
  targets: PageRuleTarget[];
  actions: PageRuleAction[];
  priority: number;
  status: 'active' | 'disabled';
  created_on: string;
  modified_on: string;
}

/** The zone's whole previous managed-WAF configuration, assembled from the old APIs. */
export interface LegacyWafSettings {
  zoneId: string;
  zoneName: string;
  /** The old global WAF switch (zone setting `waf`: on/off). */
  wafEnabled: boolean;
  packages: LegacyWafPackage[];
  groups: LegacyWafGroup[];
  rules: LegacyWafRule[];
  overrides: LegacyUriOverride[];
  firewallRules: LegacyFirewallRule[];
  pageRules: LegacyPageRule[];
}

export interface RuleOverride {
  id: string;
  action?: string;
  enabled?: boolean;
  score_threshold?: number;
}

export interface CategoryOverride {
  category: string;
  action?: string;
  enabled?: boolean;
}

export interface ExecuteParameters {
  id: string;
  overrides?: { rules?: RuleOverride[]; categories?: CategoryOverride[] };
}

/** `skip` with `ruleset: 'current'` skips the rest of the entry point (the new-version exception). */
export interface SkipParameters {
  ruleset: 'current';
}

export interface NewRule {
  id: string;
  version: string;
  action: 'execute' | 'skip';
  expression: string;
  description: string;
  ref: string;
  enabled: boolean;
  action_parameters: ExecuteParameters | SkipParameters;
}

/** The config operation's result and the entry-point update body. */
export interface NewConfiguration {
  name: string;
  rules: NewRule[];
}

/** The entry-point ruleset as the rulesets API returns it. */
export interface EntrypointRuleset {
  id: string;
  name: string;
  description: string;
  kind: 'zone';
  phase: typeof MANAGED_PHASE;
  version: string;
  last_updated: string;
  rules: (NewRule & { last_updated: string })[];
}

/**
 * Migration states. `start` is the spec's; `validation` is named by the spec as a mode; the state
 * after completion is not shown by the spec, so the emulator names it `finished`.
 */
export type MigrationState = 'start' | 'validation' | 'finished';

export interface CompatibilityResult {
  compatible: boolean;
  migration_state: MigrationState;
}

export interface MigrationStatus {
  created: string | null;
  migration_state: MigrationState;
  old_waf_status: 'enabled' | 'disabled';
  new_waf_status: 'enabled' | 'disabled';
  source: string | null;
}

/** `pending` finishes the migration; `validation` runs both versions (Enterprise). */
export type MigrationMode = 'pending' | 'validation';

export type EligibilityCode = 'uri_overrides' | 'too_many_firewall_rules' | 'expression_too_long';

export interface EligibilityReason {
  code: EligibilityCode;
  message: string;
  items?: string[];
}

export interface EligibilityResult {
  compatible: boolean;
  reasons: EligibilityReason[];
}
