import { z } from 'zod';
import { newConfigurationSchema } from '../migration/schemas';
import {
  MANAGED_PHASE,
  type CompatibilityResult,
  type EntrypointRuleset,
  type LegacyFirewallRule,
  type LegacyPageRule,
  type LegacyUriOverride,
  type LegacyWafGroup,
  type LegacyWafPackage,
  type LegacyWafRule,
  type LegacyWafSettings,
  type MigrationMode,
  type MigrationStatus,
  type NewConfiguration,
  type NewRule,
} from '../migration/types';
import type { Credential } from './credential';
import { ApiError } from './errors';
import type { CallOptions, Transport } from './transport';

const stateSchema = z.enum(['start', 'validation', 'finished']);
const compatibilitySchema = z.object({ compatible: z.boolean(), migration_state: stateSchema });
const statusSchema = z.object({
  created: z.string().nullable(),
  migration_state: stateSchema,
  old_waf_status: z.enum(['enabled', 'disabled']),
  new_waf_status: z.enum(['enabled', 'disabled']),
  source: z.string().nullable(),
});

const enc = encodeURIComponent;

/** A rule without its empty `id`, `version` and `ref` (the service assigns them). */
function omitEmptyIds(rule: NewRule): Partial<NewRule> {
  const { id, version, ref, ...rest } = rule;
  return { ...(id ? { id } : {}), ...(version ? { version } : {}), ...(ref ? { ref } : {}), ...rest };
}
const ENTRYPOINT = (zoneId: string) => `/zones/${enc(zoneId)}/rulesets/phases/${MANAGED_PHASE}/entrypoint`;

/** Migration (Area C) and previous managed-rules methods bound to one credential. */
export function migrationMethods(t: Transport, cred: Credential) {
  const get = async (path: string, opts: CallOptions, query?: Record<string, string>) =>
    (await t.json(cred, { method: 'GET', path, query, ...opts })).result;

  /** Every item of a paged list endpoint. */
  async function all<T>(path: string, opts: CallOptions, perPage = 100): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const env = await t.json(cred, { method: 'GET', path, query: { page, per_page: perPage }, ...opts });
      const items = env.result as T[];
      out.push(...items);
      if (items.length === 0 || page >= (env.result_info?.total_pages ?? page)) return out;
    }
  }

  const waf = (zoneId: string) => `/zones/${enc(zoneId)}/firewall/waf`;

  const methods = {
    /** `GET …/waf_migration/check?phase_two=1`; the reasons a zone is not eligible ride in `messages`. */
    async checkCompatibility(zoneId: string, opts: CallOptions = {}): Promise<CompatibilityResult & { messages: unknown[] }> {
      const env = await t.json(cred, { method: 'GET', path: `/zones/${enc(zoneId)}/waf_migration/check`, query: { phase_two: 1 }, ...opts });
      return { ...compatibilitySchema.parse(env.result), messages: env.messages };
    },
    /** `GET …/waf_migration/config?phase_two=1`: the new configuration equivalent to today's. */
    async getNewConfiguration(zoneId: string, opts: CallOptions = {}): Promise<NewConfiguration> {
      return newConfigurationSchema.parse(await get(`/zones/${enc(zoneId)}/waf_migration/config`, opts, { phase_two: '1' })) as NewConfiguration;
    },
    /** PUT the entry point: `pending` finishes the migration, `validation` runs both (Enterprise), null = plain update. */
    async updateEntrypoint(zoneId: string, mode: MigrationMode | null, config: NewConfiguration, opts: CallOptions = {}): Promise<EntrypointRuleset> {
      const query = mode ? { waf_migration: mode, phase_two: 1 } : undefined;
      // As in the spec's examples: the validation-mode body omits empty id, version and ref.
      const rules = mode === 'validation' ? config.rules.map(omitEmptyIds) : config.rules;
      const body = { name: config.name, rules };
      return (await t.json(cred, { method: 'PUT', path: ENTRYPOINT(zoneId), query, body, ...opts })).result as EntrypointRuleset;
    },
    /** The entry-point ruleset, or null when the phase has none yet (10003). */
    async getEntrypoint(zoneId: string, opts: CallOptions = {}): Promise<EntrypointRuleset | null> {
      try {
        return (await get(ENTRYPOINT(zoneId), opts)) as EntrypointRuleset;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404 && e.hasCode(10003)) return null;
        throw e;
      }
    },
    async getMigrationStatus(zoneId: string, opts: CallOptions = {}): Promise<MigrationStatus> {
      return statusSchema.parse(await get(`/zones/${enc(zoneId)}/waf_migration/status`, opts));
    },
    async listWafPackages(zoneId: string, opts: CallOptions = {}): Promise<LegacyWafPackage[]> {
      return all<LegacyWafPackage>(`${waf(zoneId)}/packages`, opts);
    },
    async getWafPackage(zoneId: string, packageId: string, opts: CallOptions = {}): Promise<LegacyWafPackage> {
      return (await get(`${waf(zoneId)}/packages/${enc(packageId)}`, opts)) as LegacyWafPackage;
    },
    async listWafGroups(zoneId: string, packageId: string, opts: CallOptions = {}): Promise<LegacyWafGroup[]> {
      return all<LegacyWafGroup>(`${waf(zoneId)}/packages/${enc(packageId)}/groups`, opts);
    },
    async listWafRules(zoneId: string, packageId: string, opts: CallOptions = {}): Promise<LegacyWafRule[]> {
      return all<LegacyWafRule>(`${waf(zoneId)}/packages/${enc(packageId)}/rules`, opts);
    },
    async listWafOverrides(zoneId: string, opts: CallOptions = {}): Promise<LegacyUriOverride[]> {
      return all<LegacyUriOverride>(`${waf(zoneId)}/overrides`, opts);
    },
    async getWafOverride(zoneId: string, overrideId: string, opts: CallOptions = {}): Promise<LegacyUriOverride> {
      return (await get(`${waf(zoneId)}/overrides/${enc(overrideId)}`, opts)) as LegacyUriOverride;
    },
    /** Deletes a URI-based override (what makes a blocked zone eligible). */
    async deleteWafOverride(zoneId: string, overrideId: string, opts: CallOptions = {}): Promise<{ id: string }> {
      return (await t.json(cred, { method: 'DELETE', path: `${waf(zoneId)}/overrides/${enc(overrideId)}`, ...opts })).result as { id: string };
    },
    async getWafSetting(zoneId: string, opts: CallOptions = {}): Promise<{ id: 'waf'; value: 'on' | 'off' }> {
      return (await get(`/zones/${enc(zoneId)}/settings/waf`, opts)) as { id: 'waf'; value: 'on' | 'off' };
    },
    async listFirewallRules(zoneId: string, opts: CallOptions = {}): Promise<LegacyFirewallRule[]> {
      return all<LegacyFirewallRule>(`/zones/${enc(zoneId)}/firewall/rules`, opts);
    },
    async listPageRules(zoneId: string, opts: CallOptions = {}): Promise<LegacyPageRule[]> {
      return (await get(`/zones/${enc(zoneId)}/pagerules`, opts)) as LegacyPageRule[];
    },
    /** Assembles the previous configuration from the real endpoints (packages, groups, rules, overrides, firewall rules, page rules, `waf` setting). */
    async getLegacySettings(zoneId: string, opts: CallOptions = {}): Promise<LegacyWafSettings> {
      const [zone, packages, overrides, firewallRules, pageRules, setting] = await Promise.all([
        get(`/zones/${enc(zoneId)}`, opts) as Promise<{ id: string; name: string }>,
        methods.listWafPackages(zoneId, opts),
        methods.listWafOverrides(zoneId, opts),
        methods.listFirewallRules(zoneId, opts),
        methods.listPageRules(zoneId, opts),
        methods.getWafSetting(zoneId, opts),
      ]);
      const perPackage = await Promise.all(
        packages.map(async (p) => Promise.all([methods.listWafGroups(zoneId, p.id, opts), methods.listWafRules(zoneId, p.id, opts)])),
      );
      return {
        zoneId: zone.id, zoneName: zone.name, wafEnabled: setting.value === 'on', packages,
        groups: perPackage.flatMap(([g]) => g), rules: perPackage.flatMap(([, r]) => r), overrides, firewallRules, pageRules,
      };
    },
  };
  return methods;
}
