import { firewallRulesToMigrate } from './derive';
import type { EligibilityReason, EligibilityResult, LegacyWafSettings } from './types';

/** At most this many firewall rules can be migrated (spec limit). */
export const MAX_MIGRATED_FIREWALL_RULES = 200;
/** At most this many bytes (UTF-8) in a migrated firewall rule expression (spec: 4 KB). */
export const MAX_EXPRESSION_BYTES = 4096;

const encoder = new TextEncoder();

/** UTF-8 byte length (the 4 KB limit is on bytes, not characters). */
export function utf8Length(s: string): number {
  return encoder.encode(s).length;
}

/**
 * Whether the zone can migrate with its present configuration, and every reason why not:
 * URI-based overrides (the user deletes them), and the two limits the service's support must handle.
 */
export function checkEligibility(legacy: LegacyWafSettings): EligibilityResult {
  const reasons: EligibilityReason[] = [];
  if (legacy.overrides.length > 0) {
    reasons.push({
      code: 'uri_overrides',
      message:
        `The zone has ${legacy.overrides.length} URI-based WAF override(s). ` +
        'Delete them before migrating; the new managed rules use exceptions and rule overrides instead.',
      items: legacy.overrides.map((o) => o.id),
    });
  }
  const fw = firewallRulesToMigrate(legacy);
  if (fw.length > MAX_MIGRATED_FIREWALL_RULES) {
    reasons.push({
      code: 'too_many_firewall_rules',
      message:
        `The zone has ${fw.length} firewall rules that bypass the WAF; at most ${MAX_MIGRATED_FIREWALL_RULES} can be migrated. ` +
        "The service's support must handle this migration.",
    });
  }
  const tooLong = fw.filter((r) => utf8Length(r.filter.expression) > MAX_EXPRESSION_BYTES);
  if (tooLong.length > 0) {
    reasons.push({
      code: 'expression_too_long',
      message:
        `${tooLong.length} firewall rule expression(s) exceed ${MAX_EXPRESSION_BYTES} bytes (4 KB). ` +
        "The service's support must handle this migration.",
      items: tooLong.map((r) => r.id),
    });
  }
  return { compatible: reasons.length === 0, reasons };
}
