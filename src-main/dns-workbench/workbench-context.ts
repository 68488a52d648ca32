import type { DnsMutationResult, DnsZoneSummary } from '../../src-preload/contract/dns';
import type { ScopedApiClient } from '../api';
import type { DnsRecord, Zone } from '../dns/types';
import type { SettingsDb } from '../settings-db';
import { callApi } from './api-errors';
import { createConnector, type AccountsSource } from './connection';
import { createJournalStore, type JournalScope, type JournalStore } from './journal-store';
import { toRow } from './record-input';
import type { DnsJournalKind } from '../../src-preload/contract/dns';
import type { StoredChange } from './undo-plan';
import { createZoneCache, type ZoneCache, type ZoneState } from './zone-cache';

export interface DnsWorkbenchDeps {
  accounts: AccountsSource;
  db: SettingsDb;
  clock?: () => Date;
  fetch?: typeof fetch;
}

/** Page size used to read a zone: few round trips even at 10,000 records. */
export const RECORDS_PAGE_SIZE = 5000;

/** A zone opened for one operation: its account scope, API client bound to the credential, cached state. */
export interface OpenZone {
  scope: JournalScope & { zoneName: string };
  api: ScopedApiClient;
  state: ZoneState;
}

export function zoneSummary(z: Zone): DnsZoneSummary {
  return { id: z.id, name: z.name, status: z.status, plan: z.plan.legacy_id, planName: z.plan.name };
}

/** Shared plumbing of the workbench's operations: connection, cache, journal. */
export function createWorkbenchContext(deps: DnsWorkbenchDeps) {
  const clock = deps.clock ?? (() => new Date());
  const open = createConnector(deps.accounts, deps.fetch ? { fetch: deps.fetch } : {});
  const cache: ZoneCache = createZoneCache();
  const journal: JournalStore = createJournalStore(deps.db, clock);
  const unsubscribe = deps.accounts.onActiveChange?.(() => cache.clear());

  /** Reads every record of the zone (all pages) into the cache. */
  async function fetchZone(api: ScopedApiClient, profileId: string, zone: DnsZoneSummary): Promise<ZoneState> {
    const records: DnsRecord[] = [];
    await callApi(async () => {
      for await (const page of api.iterateRecords(zone.id, { per_page: RECORDS_PAGE_SIZE })) records.push(...page);
    });
    return cache.put(profileId, zone, records, clock().toISOString());
  }

  /** Opens the active account and the zone, reading it from the service when not cached (or when asked). */
  async function openZone(zoneId: string, refresh = false): Promise<OpenZone> {
    const { conn, api } = await open();
    let state = cache.get(conn.profileId, zoneId);
    if (!state || refresh) {
      const zone = state?.zone ?? zoneSummary(await callApi(() => api.getZone(zoneId)));
      state = await fetchZone(api, conn.profileId, zone);
    }
    return { scope: { profileId: conn.profileId, zoneId, zoneName: state.zone.name }, api, state };
  }

  /**
   * The zone as already read for the active account, found without reading the secret: form
   * validation runs on every keystroke and must not cost a keychain round trip each time.
   */
  function cachedZone(zoneId: string): ZoneState | undefined {
    const profileId = deps.accounts.activeProfileId?.();
    return profileId === undefined ? undefined : cache.get(profileId, zoneId);
  }

  /** Applies a write to the cache, journals it, and shapes the renderer's answer. */
  function commit(z: OpenZone, kind: DnsJournalKind, summary: string, changes: StoredChange[], undoOf: number | null = null): DnsMutationResult {
    const upserted = changes.flatMap((c) => (c.after ? [c.after] : []));
    const upsertedIds = new Set(upserted.map((r) => r.id));
    const removedIds = changes.flatMap((c) => (c.before && !c.after && !upsertedIds.has(c.before.id) ? [c.before.id] : []));
    cache.apply(z.state, upserted, removedIds);
    const entry = journal.record(z.scope, kind, summary, changes, undoOf);
    return { upserted: upserted.map(toRow), removedIds, entry, fetchedAt: z.state.fetchedAt };
  }

  return { clock, open, cache, journal, openZone, cachedZone, fetchZone, commit, dispose: () => void unsubscribe?.() };
}

export type WorkbenchContext = ReturnType<typeof createWorkbenchContext>;
