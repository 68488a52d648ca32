/** The bucket list: the local catalog, creating and deleting buckets, and an edge project's bindings. */
import type { BindingsView, BucketSummary, StorageClass } from '../../../../src-preload/contract/buckets';
import { api, CallError, unwrap } from '../../lib/bridge';

/** Client-side check mirroring the store's rule, so the form answers while typing. */
export function bucketNameProblem(name: string): string | undefined {
  if (name.length < 3 || name.length > 63) return 'Use 3 to 63 characters.';
  if (/[^a-z0-9-]/.test(name)) return 'Use only lowercase letters, digits and hyphens.';
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return 'Start and end with a letter or a digit.';
  return undefined;
}

export class CatalogState {
  buckets = $state<BucketSummary[]>([]);
  loading = $state(true);
  error = $state<string | null>(null);
  bindings = $state<BindingsView | null>(null);
  bindingsError = $state<string | null>(null);

  async load(): Promise<void> {
    this.loading = true;
    try {
      this.buckets = await unwrap(api.buckets.list());
      this.error = null;
    } catch (e) {
      this.error = (e as Error).message;
    } finally {
      this.loading = false;
    }
  }

  /** Creates a bucket; returns a field error message instead of throwing. */
  async create(name: string, defaultStorageClass: StorageClass): Promise<{ ok: true; bucket: BucketSummary } | { ok: false; message: string }> {
    try {
      const bucket = await unwrap(api.buckets.create({ name, defaultStorageClass }));
      await this.load();
      return { ok: true, bucket };
    } catch (e) {
      return { ok: false, message: e instanceof CallError ? e.message : String(e) };
    }
  }

  async remove(name: string, confirm: string): Promise<string | null> {
    try {
      await unwrap(api.buckets.delete({ name, confirm }));
      await this.load();
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** Refreshes one bucket's counters (after uploads or deletes). */
  async refreshStats(name: string): Promise<void> {
    const res = await api.buckets.stats({ name });
    if (res.ok) this.buckets = this.buckets.map((b) => (b.name === name ? res.value : b));
  }

  async readBindings(configPath: string): Promise<void> {
    try {
      this.bindings = await unwrap(api.buckets.readBindings({ configPath }));
      this.bindingsError = null;
    } catch (e) {
      this.bindingsError = (e as Error).message;
    }
  }
}
