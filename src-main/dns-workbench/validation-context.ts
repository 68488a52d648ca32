import type { ExistingRecord } from '../dns/conflicts';
import type { ValidationContext } from '../dns/validate';
import type { PlanLegacyId } from '../dns/types';

/** The rules' plan-dependent limits (Enterprise TTL floor 30 s, no tags on Free), as the service applies them. */
export function validationContext(zone: { name: string; plan: PlanLegacyId }, existing: readonly ExistingRecord[], selfId?: string): ValidationContext {
  const ctx: ValidationContext = { zoneName: zone.name, existing };
  if (selfId) ctx.selfId = selfId;
  if (zone.plan === 'enterprise') ctx.minTtl = 30;
  if (zone.plan === 'free') ctx.tagQuota = 0;
  return ctx;
}
