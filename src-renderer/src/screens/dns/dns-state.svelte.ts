import type { DnsMutationResult, DnsRecordsResult, DnsRow, DnsZoneSummary, DnsZonesResult } from '../../../../src-preload/contract/dns';
import { api } from '../../lib/bridge';
import { applyChanges, DEFAULT_SORT, filterRecords, nextSort, sortRecords, type ProxyFilter, type SortKey, type SortSpec } from './logic/filter-sort';
import type { TypeSpecs } from './logic/record-form';
import { idSet, prune, selectRange, toggle, toggleAllVisible } from './logic/selection';

/** Performance marks the benchmark reads (tests/bench/dns.bench.pw.ts). */
export const MARKS = { zoneSelect: 'dns:zone-select', search: 'dns:search', rendered: 'dns:rendered' } as const;

/**
 * The DNS screen's data: zones of the active account, the chosen zone's records (all of them,
 * fetched once and cached per zone), and the view over them — search, filters, sort, selection,
 * keyboard cursor. Filtering and sorting run here, in the renderer, for instant keystrokes.
 */
export class DnsState {
  account = $state.raw<DnsZonesResult['account'] | null>(null);
  zones = $state.raw<DnsZoneSummary[]>([]);
  zoneId = $state<string | null>(null);
  zoneName = $state('');
  records = $state.raw<DnsRow[]>([]);
  fetchedAt = $state<string | null>(null);
  specs = $state.raw<TypeSpecs | null>(null);
  loadingZones = $state(false);
  loadingRecords = $state(false);
  error = $state<string | null>(null);
  /** A short-lived message after a write ("Deleted 3 records"). */
  notice = $state<{ text: string; entryId: number | null } | null>(null);

  search = $state('');
  typeFilter = $state('');
  proxyFilter = $state<ProxyFilter>('all');
  tagFilter = $state('');
  sort = $state<SortSpec>(DEFAULT_SORT);
  selected = $state.raw<ReadonlySet<string>>(idSet());
  cursor = $state(-1);
  #anchor: string | null = null;
  // Not rendered directly: a plain cache of each zone's last records, so switching back is instant.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #cache = new Map<string, DnsRecordsResult>();
  #loadSeq = 0;

  sorted = $derived(sortRecords(this.records, this.sort));
  visible = $derived(filterRecords(this.sorted, { search: this.search, type: this.typeFilter, proxy: this.proxyFilter, tag: this.tagFilter }));
  visibleIds = $derived(this.visible.map((r) => r.id));
  zone = $derived(this.zones.find((z) => z.id === this.zoneId) ?? null);

  async init(): Promise<void> {
    this.loadingZones = true;
    this.error = null;
    const [specs, zones] = await Promise.all([api.dns.recordTypes(), api.dns.listZones()]);
    this.loadingZones = false;
    if (specs.ok) this.specs = specs.value;
    if (!zones.ok) {
      this.error = zones.error.message;
      return;
    }
    this.account = zones.value.account;
    this.zones = zones.value.zones;
    const pick = zones.value.rememberedZoneId ?? zones.value.zones[0]?.id ?? null;
    if (pick) await this.selectZone(pick);
  }

  /** The account changed: everything cached belongs to the previous one. */
  async reset(): Promise<void> {
    this.#cache.clear();
    this.zoneId = null;
    this.records = [];
    this.selected = idSet();
    await this.init();
  }

  async selectZone(zoneId: string, refresh = false): Promise<void> {
    performance.mark(MARKS.zoneSelect);
    const seq = ++this.#loadSeq;
    const changed = zoneId !== this.zoneId;
    this.zoneId = zoneId;
    this.error = null;
    if (changed) {
      this.selected = idSet();
      this.cursor = -1;
      this.#anchor = null;
    }
    const cached = refresh ? undefined : this.#cache.get(zoneId);
    if (cached) this.#show(cached);
    else {
      if (changed) this.records = [];
      this.loadingRecords = true;
      const result = await api.dns.listRecords({ zoneId, refresh });
      if (seq !== this.#loadSeq) return;
      this.loadingRecords = false;
      if (!result.ok) {
        this.error = result.error.message;
        return;
      }
      this.#cache.set(zoneId, result.value);
      this.#show(result.value);
    }
    if (changed) void api.dns.rememberZone({ zoneId });
  }

  #show(data: DnsRecordsResult): void {
    this.zoneName = data.zoneName;
    this.records = data.records;
    this.fetchedAt = data.fetchedAt;
    this.selected = prune(this.selected, idSet(data.records.map((r) => r.id)));
  }

  refresh(): Promise<void> {
    return this.zoneId ? this.selectZone(this.zoneId, true) : Promise.resolve();
  }

  /** A write happened: patch the records in place (no refetch) and keep the per-zone cache in step. */
  apply(result: Pick<DnsMutationResult, 'upserted' | 'removedIds'>, notice?: string, entryId: number | null = null): void {
    this.records = applyChanges(this.records, result.upserted, result.removedIds);
    this.#remember();
    if (result.removedIds.length) this.selected = prune(this.selected, idSet(this.records.map((r) => r.id)));
    if (notice) this.notice = { text: notice, entryId };
  }

  /** Undo rewrites the view with the zone as main read it. */
  replaceAll(records: DnsRow[]): void {
    this.records = records;
    this.#remember();
    this.selected = prune(this.selected, idSet(records.map((r) => r.id)));
  }

  #remember(): void {
    if (!this.zoneId) return;
    const cached = this.#cache.get(this.zoneId);
    if (cached) this.#cache.set(this.zoneId, { ...cached, records: this.records });
  }

  setSearch(text: string): void {
    performance.mark(MARKS.search);
    this.search = text;
    this.cursor = this.visible.length > 0 ? Math.min(Math.max(this.cursor, 0), this.visible.length - 1) : -1;
  }

  sortBy(key: SortKey): void {
    this.sort = nextSort(this.sort, key);
  }

  clearFilters(): void {
    this.search = '';
    this.typeFilter = '';
    this.proxyFilter = 'all';
    this.tagFilter = '';
  }

  toggleRow(id: string, range = false): void {
    this.selected = range ? selectRange(this.selected, this.visibleIds, this.#anchor, id) : toggle(this.selected, id);
    this.#anchor = id;
  }

  toggleAll(): void {
    this.selected = toggleAllVisible(this.selected, this.visibleIds);
  }

  clearSelection(): void {
    this.selected = idSet();
  }

  /** The selected records, in view order (for confirmations that name them). */
  selectedRows(): DnsRow[] {
    return this.records.filter((r) => this.selected.has(r.id));
  }
}
