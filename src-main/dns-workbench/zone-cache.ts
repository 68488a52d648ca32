import type { DnsZoneSummary } from '../../src-preload/contract/dns';
import type { DnsRecord } from '../dns/types';
import { indexByName } from './cname-chain';

/** One zone's records as last read (or written) by the app. */
export interface ZoneState {
  profileId: string;
  zone: DnsZoneSummary;
  records: Map<string, DnsRecord>;
  fetchedAt: string;
  /** Lazily built name index for conflict and CNAME-chain checks; dropped on every change. */
  byName: Map<string, DnsRecord[]> | null;
}

/**
 * Records per account and zone, kept in main so validation (conflicts, CNAME chains) runs
 * against the whole zone on every keystroke and journal entries know each record's "before".
 */
export function createZoneCache() {
  const zones = new Map<string, ZoneState>();
  const key = (profileId: string, zoneId: string) => `${profileId}\n${zoneId}`;
  return {
    get(profileId: string, zoneId: string): ZoneState | undefined {
      return zones.get(key(profileId, zoneId));
    },
    put(profileId: string, zone: DnsZoneSummary, records: readonly DnsRecord[], fetchedAt: string): ZoneState {
      const state: ZoneState = { profileId, zone, records: new Map(records.map((r) => [r.id, r])), fetchedAt, byName: null };
      zones.set(key(profileId, zone.id), state);
      return state;
    },
    /** Applies a write's outcome (new versions and removed ids) to the cached copy. */
    apply(state: ZoneState, upserted: readonly DnsRecord[], removedIds: readonly string[]): void {
      for (const id of removedIds) state.records.delete(id);
      for (const r of upserted) state.records.set(r.id, r);
      state.byName = null;
    },
    byName(state: ZoneState): Map<string, DnsRecord[]> {
      state.byName ??= indexByName(state.records.values());
      return state.byName;
    },
    clear(): void {
      zones.clear();
    },
  };
}

export type ZoneCache = ReturnType<typeof createZoneCache>;
