import type { EmulatorRequest, Route } from '../routing';
import type { LegacyWafSettings } from '../../migration/types';
import { paged, refuse, requireNotMigrated, requireZone, type WafDeps, type WafZone } from './helpers';
import type { WafStore } from './store';

/**
 * The previous managed-rules API (packages, groups, rules, URI-based overrides, the `waf` zone
 * setting) — answered only until the zone migrates — plus the firewall-rules and page-rules reads
 * the migration carries over, all in the real API's shapes. `…/firewall/waf/legacy_settings` is an
 * emulator-only convenience returning the whole LegacyWafSettings document.
 */
export function createLegacyRoutes(store: WafStore, deps: WafDeps): Route[] {
  /** Zone + its previous settings, refusing once migrated. */
  const legacyOf = (req: EmulatorRequest): { zone: WafZone; legacy: LegacyWafSettings } => {
    const zone = requireZone(deps, req);
    requireNotMigrated(store, zone);
    return { zone, legacy: store.getLegacy(zone) };
  };
  const packageOf = (req: EmulatorRequest) => {
    const { zone, legacy } = legacyOf(req);
    const pkg = legacy.packages.find((p) => p.id === req.params.package_id);
    if (!pkg) refuse('legacyItemNotFound', `WAF package ${req.params.package_id ?? ''} not found`);
    return { zone, legacy, pkg };
  };

  const routes: Route[] = [
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages',
      handler: (req) => paged(req, legacyOf(req).legacy.packages, 50, 100),
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages/:package_id',
      handler: (req) => ({ result: packageOf(req).pkg }),
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages/:package_id/groups',
      handler: (req) => {
        const { legacy, pkg } = packageOf(req);
        return paged(req, legacy.groups.filter((g) => g.package_id === pkg.id), 50, 100);
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages/:package_id/groups/:group_id',
      handler: (req) => {
        const { legacy, pkg } = packageOf(req);
        const group = legacy.groups.find((g) => g.package_id === pkg.id && g.id === req.params.group_id);
        if (!group) refuse('legacyItemNotFound', `WAF rule group ${req.params.group_id ?? ''} not found`);
        return { result: group };
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages/:package_id/rules',
      handler: (req) => {
        const { legacy, pkg } = packageOf(req);
        const groupId = req.query.get('group_id');
        const mode = req.query.get('mode');
        const rules = legacy.rules.filter(
          (r) => r.package_id === pkg.id && (groupId === null || r.group.id === groupId) && (mode === null || r.mode === mode),
        );
        return paged(req, rules, 50, 100);
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/packages/:package_id/rules/:rule_id',
      handler: (req) => {
        const { legacy, pkg } = packageOf(req);
        const rule = legacy.rules.find((r) => r.package_id === pkg.id && r.id === req.params.rule_id);
        if (!rule) refuse('legacyItemNotFound', `WAF rule ${req.params.rule_id ?? ''} not found`);
        return { result: rule };
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/overrides',
      handler: (req) => paged(req, legacyOf(req).legacy.overrides, 50, 100),
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/overrides/:override_id',
      handler: (req) => {
        const override = legacyOf(req).legacy.overrides.find((o) => o.id === req.params.override_id);
        if (!override) refuse('legacyItemNotFound', `WAF override ${req.params.override_id ?? ''} not found`);
        return { result: override };
      },
    },
    {
      method: 'DELETE', path: '/zones/:zone_id/firewall/waf/overrides/:override_id',
      handler: (req) => {
        const zone = requireZone(deps, req);
        const id = req.params.override_id ?? '';
        store.transaction(() => {
          requireNotMigrated(store, zone);
          const legacy = store.getLegacy(zone);
          const overrides = legacy.overrides.filter((o) => o.id !== id);
          if (overrides.length === legacy.overrides.length) refuse('legacyItemNotFound', `WAF override ${id} not found`);
          store.putLegacy({ ...legacy, overrides });
        });
        return { result: { id } };
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/settings/waf',
      handler: (req) => {
        const { legacy } = legacyOf(req);
        return { result: { id: 'waf', value: legacy.wafEnabled ? 'on' : 'off', editable: true, modified_on: null } };
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/waf/legacy_settings',
      handler: (req) => ({ result: legacyOf(req).legacy }),
    },
    {
      method: 'GET', path: '/zones/:zone_id/firewall/rules',
      handler: (req) => {
        const zone = requireZone(deps, req);
        return paged(req, store.getLegacy(zone).firewallRules, 25, 100);
      },
    },
    {
      method: 'GET', path: '/zones/:zone_id/pagerules',
      handler: (req) => {
        const zone = requireZone(deps, req);
        const status = req.query.get('status');
        const rules = store.getLegacy(zone).pageRules.filter((r) => status === null || r.status === status);
        return { result: [...rules].sort((a, b) => b.priority - a.priority) };
      },
    },
  ];
  return routes;
}
