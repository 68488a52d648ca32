import { createHash } from 'node:crypto';
import {
  LEGACY_OWASP_PACKAGE_ID,
  LEGACY_VENDOR_PACKAGE_ID,
  type LegacyActionMode,
  type LegacyFirewallRule,
  type LegacyGroupMode,
  type LegacyPageRule,
  type LegacySensitivity,
  type LegacyUriOverride,
  type LegacyWafGroup,
  type LegacyWafRule,
  type LegacyWafSettings,
} from '../../migration/types';

/** Deterministic 32-hex id so seeded data is stable across runs and instances. */
export function seedId(...parts: string[]): string {
  return createHash('md5').update(parts.join(':')).digest('hex');
}

const SEED_TIME = '2024-03-11T09:24:17.51234Z';

/** [group name, default mode, rules [id, description, default mode]] per package. */
const VENDOR_GROUPS: [string, LegacyGroupMode, [string, string, string][]][] = [
  ['Cloudflare Specials', 'on', [['100000', 'Block Apache Struts exploit (CVE-2017-5638)', 'block'], ['100005', 'Directory traversal in URI', 'block'], ['100015', 'Block requests with suspicious User-Agent', 'challenge']]],
  ['Cloudflare WordPress', 'off', [['WP0004', 'Block WordPress xmlrpc.php pingback abuse', 'block'], ['WP0025B', 'WordPress login brute force', 'challenge']]],
  ['Cloudflare PHP', 'on', [['PHP100001', 'PHP code injection in arguments', 'block'], ['PHP100011', 'Remote file inclusion attempt', 'block']]],
  ['Cloudflare Drupal', 'off', [['D0001', 'Drupal SA-CORE-2018-002 (Drupalgeddon 2)', 'block']]],
];
const OWASP_GROUPS: [string, LegacyGroupMode, [string, string, string][]][] = [
  ['OWASP Bad Robots', 'on', [['990002', 'Request Indicates a Security Scanner Scanned the Site', 'on'], ['990012', 'Rogue web site crawler', 'on']]],
  ['OWASP Generic Attacks', 'on', [['950907', 'System Command Injection', 'on'], ['950008', 'Injection of Undocumented ColdFusion Tags', 'on']]],
  ['OWASP SQL Injection Attacks', 'on', [['981318', 'SQL Injection Attack: Common Injection Testing Detected', 'on'], ['950901', 'SQL Injection Attack: SQL Tautology Detected', 'on']]],
  ['OWASP XSS Attacks', 'on', [['973300', 'Possible XSS Attack Detected - HTML Tag Handler', 'on'], ['958052', 'Cross-site Scripting (XSS) Attack', 'on']]],
  ['OWASP Protocol Anomalies', 'on', [['960015', 'Request Missing an Accept Header', 'on']]],
];

interface ZoneSeed {
  wafEnabled: boolean;
  sensitivity: LegacySensitivity;
  actionMode: LegacyActionMode;
  groupModes?: Record<string, LegacyGroupMode>;
  ruleModes?: Record<string, string>;
  firewallRules?: { description: string; expression: string; action?: string; products?: string[]; paused?: boolean }[];
  pageRules?: { url: string; action: 'disable_security' | 'waf_off' | 'waf_on' | 'cache'; status?: 'active' | 'disabled' }[];
  overrides?: { description: string; urls: string[]; rules?: Record<string, string>; groups?: Record<string, string> }[];
}

/** Previous settings of the seeded demo zones; every sensitivity and a Simulate action appear once. */
const ZONE_SEEDS: Record<string, ZoneSeed> = {
  'acme-shop.example': {
    wafEnabled: true, sensitivity: 'medium', actionMode: 'simulate',
    groupModes: { 'OWASP Bad Robots': 'off' }, ruleModes: { '100015': 'disable' },
    firewallRules: [
      { description: 'Payment provider callbacks', expression: '(http.request.uri.path eq "/checkout/callback" and ip.src in {198.51.100.0/24})' },
      { description: 'Old load tester (paused)', expression: '(http.user_agent contains "acme-loadtest")', paused: true },
      { description: 'Block bad bots', expression: '(cf.client.bot) and not (http.user_agent contains "Googlebot")', action: 'block', products: [] },
    ],
    pageRules: [
      { url: '*acme-shop.example/status/*', action: 'disable_security' },
      { url: 'acme-shop.example/images/*', action: 'cache' },
    ],
  },
  'globex.example': {
    wafEnabled: true, sensitivity: 'low', actionMode: 'challenge',
    groupModes: { 'Cloudflare WordPress': 'on' },
    firewallRules: [{ description: 'Office network', expression: '(ip.src in {203.0.113.0/24})' }],
    pageRules: [
      { url: 'globex.example/api/webhooks/*', action: 'waf_off' },
      { url: 'globex.example/login*', action: 'waf_on' },
    ],
  },
  'initech.example': {
    wafEnabled: true, sensitivity: 'high', actionMode: 'block',
    ruleModes: { '960015': 'off', 'PHP100011': 'simulate' },
    firewallRules: [
      { description: 'Partner API', expression: '(http.host eq "api.initech.example" and ip.src in {192.0.2.10 192.0.2.11})' },
      { description: 'Uptime monitoring', expression: '(http.request.uri.path eq "/healthz")' },
      { description: 'Internal scanner', expression: '(ip.src eq 198.18.0.5)' },
    ],
    pageRules: [{ url: 'initech.example/legacy/*', action: 'disable_security', status: 'disabled' }],
  },
  'umbrella-legacy.example': {
    wafEnabled: false, sensitivity: 'default', actionMode: 'block',
    firewallRules: [{ description: 'Lab network', expression: '(ip.src in {10.20.0.0/16})' }],
    pageRules: [{ url: 'umbrella-legacy.example/admin/*', action: 'waf_on' }],
    overrides: [
      { description: 'Relax SQLi checks on the report builder', urls: ['umbrella-legacy.example/reports/*'], groups: { [seedId('umbrella-legacy.example', 'group', 'OWASP SQL Injection Attacks')]: 'ignore' } },
      { description: 'Simulate Struts rule on the upload path', urls: ['umbrella-legacy.example/upload', 'www.umbrella-legacy.example/upload'], rules: { '100000': 'simulate' } },
    ],
  },
};

const DEFAULT_SEED: ZoneSeed = { wafEnabled: true, sensitivity: 'default', actionMode: 'block' };

/** Builds a realistic previous managed-WAF configuration for one zone. */
export function buildLegacySettings(zone: { id: string; name: string }): LegacyWafSettings {
  const seed = ZONE_SEEDS[zone.name] ?? DEFAULT_SEED;
  const groups: LegacyWafGroup[] = [];
  const rules: LegacyWafRule[] = [];
  const addPackage = (packageId: string, defs: typeof VENDOR_GROUPS, traditional: boolean) => {
    for (const [name, defaultMode, ruleDefs] of defs) {
      const groupId = seedId(zone.name, 'group', name);
      let modified = 0;
      for (const [id, description, defaultRuleMode] of ruleDefs) {
        const mode = seed.ruleModes?.[id] ?? (traditional ? 'default' : defaultRuleMode);
        if (mode !== 'default' && mode !== defaultRuleMode) modified++;
        rules.push({
          id, description, priority: String(rules.length + 1), package_id: packageId, group: { id: groupId, name }, mode,
          default_mode: defaultRuleMode,
          allowed_modes: traditional ? ['default', 'disable', 'simulate', 'block', 'challenge'] : ['on', 'off'],
        });
      }
      groups.push({
        id: groupId, name, description: `${name} rules`, mode: seed.groupModes?.[name] ?? defaultMode, default_mode: defaultMode,
        rules_count: ruleDefs.length, modified_rules_count: modified, package_id: packageId, allowed_modes: ['on', 'off'],
      });
    }
  };
  addPackage(LEGACY_VENDOR_PACKAGE_ID, VENDOR_GROUPS, true);
  addPackage(LEGACY_OWASP_PACKAGE_ID, OWASP_GROUPS, false);
  const firewallRules: LegacyFirewallRule[] = (seed.firewallRules ?? []).map((f, i) => ({
    id: seedId(zone.name, 'fw', String(i)), paused: f.paused ?? false, description: f.description, action: f.action ?? 'bypass',
    priority: i + 1, products: f.products ?? ['waf'],
    filter: { id: seedId(zone.name, 'filter', String(i)), expression: f.expression, paused: false },
  }));
  const pageRules: LegacyPageRule[] = (seed.pageRules ?? []).map((p, i, all) => ({
    id: seedId(zone.name, 'pagerule', String(i)),
    targets: [{ target: 'url', constraint: { operator: 'matches', value: p.url } }],
    actions: [
      p.action === 'disable_security' ? { id: 'disable_security' }
        : p.action === 'cache' ? { id: 'cache_level', value: 'cache_everything' }
          : { id: 'waf', value: p.action === 'waf_on' ? 'on' : 'off' },
    ],
    priority: all.length - i, status: p.status ?? 'active', created_on: SEED_TIME, modified_on: SEED_TIME,
  }));
  const overrides: LegacyUriOverride[] = (seed.overrides ?? []).map((o, i) => ({
    id: seedId(zone.name, 'override', String(i)), description: o.description, urls: o.urls, priority: i + 1, paused: false,
    groups: o.groups ?? {}, rules: o.rules ?? {}, rewrite_action: {},
  }));
  return {
    zoneId: zone.id, zoneName: zone.name, wafEnabled: seed.wafEnabled,
    packages: [
      { id: LEGACY_VENDOR_PACKAGE_ID, name: 'CloudFlare', description: 'Covers OWASP Top 10 vulnerabilities and more.', detection_mode: 'traditional', zone_id: zone.id, status: 'active' },
      { id: LEGACY_OWASP_PACKAGE_ID, name: 'OWASP ModSecurity Core Rule Set', description: 'Covers OWASP Top 10 vulnerabilities, and more.', detection_mode: 'anomaly', zone_id: zone.id, status: 'active', sensitivity: seed.sensitivity, action_mode: seed.actionMode },
    ],
    groups, rules, overrides, firewallRules, pageRules,
  };
}
