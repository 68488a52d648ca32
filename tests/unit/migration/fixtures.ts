import type { LegacyFirewallRule, LegacyPageRule, LegacyWafSettings } from '../../../src-main/migration';
import { LEGACY_OWASP_PACKAGE_ID, LEGACY_VENDOR_PACKAGE_ID } from '../../../src-main/migration';

/** A minimal previous configuration: both packages, WAF on, nothing else. */
export function legacy(over: Partial<LegacyWafSettings> = {}): LegacyWafSettings {
  return {
    zoneId: '0123456789abcdef0123456789abcdef',
    zoneName: 'example.test',
    wafEnabled: true,
    packages: [
      { id: LEGACY_VENDOR_PACKAGE_ID, name: 'CloudFlare', description: null, detection_mode: 'traditional', zone_id: 'z', status: 'active' },
      { id: LEGACY_OWASP_PACKAGE_ID, name: 'OWASP', description: null, detection_mode: 'anomaly', zone_id: 'z', status: 'active', sensitivity: 'high', action_mode: 'block' },
    ],
    groups: [],
    rules: [],
    overrides: [],
    firewallRules: [],
    pageRules: [],
    ...over,
  };
}

export function fwRule(i: number, over: Partial<LegacyFirewallRule> = {}): LegacyFirewallRule {
  return {
    id: `fw${i}`, paused: false, description: `rule ${i}`, action: 'bypass', priority: i, products: ['waf'],
    filter: { id: `f${i}`, expression: `(ip.src eq 192.0.2.${i % 250})`, paused: false },
    ...over,
  };
}

export function pageRule(id: string, url: string, action: LegacyPageRule['actions'][number], status: 'active' | 'disabled' = 'active'): LegacyPageRule {
  return {
    id, targets: [{ target: 'url', constraint: { operator: 'matches', value: url } }], actions: [action], priority: 1, status,
    created_on: '2024-01-01T00:00:00Z', modified_on: '2024-01-01T00:00:00Z',
  };
}
