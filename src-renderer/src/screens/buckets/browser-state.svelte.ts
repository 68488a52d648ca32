/** One bucket's object browser: the folder in view, its pages, sort, prefix filter and placeholders. */
import type { ObjectDetails, ObjectSummary } from '../../../../src-preload/contract/buckets';
import { api, unwrap } from '../../lib/bridge';
import { sortObjects, type SortField } from './keys';

export type Row = { kind: 'folder'; prefix: string; placeholder: boolean } | { kind: 'object'; object: ObjectSummary };

export const FIRST_PAGE_MARK = 'buckets:first-page';

export class BrowserState {
  bucket = $state<string | null>(null);
  prefix = $state('');
  filter = $state('');
  folders = $state<string[]>([]);
  objects = $state<ObjectSummary[]>([]);
  truncated = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);
  sort = $state<SortField>('name');
  ascending = $state(true);
  selected = $state<ObjectDetails | null>(null);
  selectedError = $state<string | null>(null);
  /** Folders made with "New folder", kept until something is uploaded under them (bucket → prefixes). */
  placeholders = $state<Record<string, string[]>>({});

  #cursor: string | undefined;
  #generation = 0;

  readonly rows = $derived.by((): Row[] => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
    const real = new Set(this.folders);
    const mine = (this.placeholders[this.bucket ?? ''] ?? []).filter(
      (p) => p.startsWith(this.prefix + this.filter) && p !== this.prefix && !p.slice(this.prefix.length, -1).includes('/') && !real.has(p),
    );
    const folderRows: Row[] = [...mine.map((prefix) => ({ kind: 'folder' as const, prefix, placeholder: true })), ...this.folders.map((prefix) => ({ kind: 'folder' as const, prefix, placeholder: false }))];
    folderRows.sort((a, b) => ((a as { prefix: string }).prefix < (b as { prefix: string }).prefix ? -1 : 1));
    if (!this.ascending && this.sort === 'name') folderRows.reverse();
    return [...folderRows, ...sortObjects(this.objects, this.sort, this.ascending).map((object) => ({ kind: 'object' as const, object }))];
  });

  /** Opens a bucket at its root (marks the first-page timing the benchmark reads). */
  async open(bucket: string): Promise<void> {
    performance.clearMarks(`${FIRST_PAGE_MARK}:start`);
    performance.mark(`${FIRST_PAGE_MARK}:start`);
    this.bucket = bucket;
    this.filter = '';
    this.selected = null;
    await this.go('');
  }

  close(): void {
    this.bucket = null;
    this.selected = null;
    this.folders = [];
    this.objects = [];
  }

  async go(prefix: string): Promise<void> {
    this.prefix = prefix;
    this.filter = '';
    await this.reload();
  }

  setFilter(text: string): void {
    this.filter = text;
    void this.reload();
  }

  /** Loads the first page of the folder in view (again). */
  async reload(): Promise<void> {
    this.#cursor = undefined;
    this.truncated = false;
    const generation = ++this.#generation;
    await this.#page(generation, true);
  }

  /** Appends the next page; a short page does not mean the end (only `truncated` says so). */
  async more(): Promise<void> {
    if (!this.truncated || this.loading) return;
    await this.#page(this.#generation, false);
  }

  async #page(generation: number, fresh: boolean): Promise<void> {
    if (!this.bucket) return;
    this.loading = true;
    try {
      const page = await unwrap(api.buckets.listObjects({ bucket: this.bucket, prefix: this.prefix + this.filter, delimiter: '/', cursor: fresh ? undefined : this.#cursor, limit: 1000 }));
      if (generation !== this.#generation) return; // the user moved on meanwhile
      this.folders = fresh ? page.folders : [...this.folders, ...page.folders];
      this.objects = fresh ? page.objects : [...this.objects, ...page.objects];
      this.truncated = page.truncated;
      this.#cursor = page.cursor;
      this.error = null;
    } catch (e) {
      if (generation === this.#generation) this.error = (e as Error).message;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  addPlaceholder(prefix: string): void {
    if (!this.bucket) return;
    const list = this.placeholders[this.bucket] ?? [];
    if (!list.includes(prefix)) this.placeholders = { ...this.placeholders, [this.bucket]: [...list, prefix] };
  }

  /** Drops placeholders that now hold real objects (under `key`). */
  settle(bucket: string, key: string): void {
    const list = this.placeholders[bucket];
    if (list?.some((p) => key.startsWith(p))) this.placeholders = { ...this.placeholders, [bucket]: list.filter((p) => !key.startsWith(p)) };
  }

  removePlaceholder(prefix: string): void {
    if (!this.bucket) return;
    this.placeholders = { ...this.placeholders, [this.bucket]: (this.placeholders[this.bucket] ?? []).filter((p) => !p.startsWith(prefix)) };
  }

  toggleSort(field: SortField): void {
    if (this.sort === field) this.ascending = !this.ascending;
    else {
      this.sort = field;
      this.ascending = field === 'name';
    }
  }

  async select(key: string): Promise<void> {
    if (!this.bucket) return;
    try {
      this.selected = await unwrap(api.buckets.headObject({ bucket: this.bucket, key }));
      this.selectedError = this.selected ? null : `"${key}" no longer exists.`;
    } catch (e) {
      this.selectedError = (e as Error).message;
    }
  }

  async deleteObject(key: string): Promise<string | null> {
    if (!this.bucket) return null;
    try {
      await unwrap(api.buckets.deleteObject({ bucket: this.bucket, key }));
      if (this.selected?.key === key) this.selected = null;
      this.objects = this.objects.filter((o) => o.key !== key);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }
}
