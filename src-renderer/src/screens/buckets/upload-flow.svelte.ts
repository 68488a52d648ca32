/** Starting uploads: ask about existing keys (overwrite / skip / keep both, "apply to all"), then send. */
import type { ConflictPolicy, TransferSnapshot } from '../../../../src-preload/contract/transfers';
import { api, mode, unwrap } from '../../lib/bridge';
import type { PickedFile } from './drop-walk';
import { uploadKey } from './keys';
import type { TransfersState } from './transfers-state.svelte';

const BATCH = 5000;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class UploadFlow {
  /** Keys that exist, asked one by one; empty when no question is open. */
  conflicts = $state<string[]>([]);
  index = $state(0);
  applyToAll = $state(false);
  busy = $state(false);
  error = $state<string | null>(null);

  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
  #decisions = new Map<string, ConflictPolicy>();
  #resolve: ((d: Map<string, ConflictPolicy> | null) => void) | undefined;

  readonly transfers: TransfersState;

  constructor(transfers: TransfersState) {
    this.transfers = transfers;
  }

  readonly current = $derived(this.conflicts[this.index]);

  /** The user's answer for the conflict on screen (and, with "apply to all", every one left). */
  choose(policy: ConflictPolicy): void {
    const rest = this.applyToAll ? this.conflicts.slice(this.index) : [this.conflicts[this.index] as string];
    for (const key of rest) this.#decisions.set(key, policy);
    this.index += rest.length;
    if (this.index >= this.conflicts.length) this.#finish(this.#decisions);
  }

  /** Abandons the whole upload. */
  cancel(): void {
    this.#finish(null);
  }

  #finish(result: Map<string, ConflictPolicy> | null): void {
    this.conflicts = [];
    this.index = 0;
    this.applyToAll = false;
    this.#resolve?.(result);
    this.#resolve = undefined;
  }

  #ask(existing: string[]): Promise<Map<string, ConflictPolicy> | null> {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
    this.#decisions = new Map();
    this.index = 0;
    this.applyToAll = false;
    this.conflicts = existing;
    return new Promise((resolve) => (this.#resolve = resolve));
  }

  /** Uploads `files` under `prefix` of `bucket`; returns the jobs created (none when abandoned). */
  async upload(bucket: string, prefix: string, files: PickedFile[]): Promise<TransferSnapshot[]> {
    if (files.length === 0) return [];
    this.busy = true;
    this.error = null;
    try {
      const items = files.map((f) => ({ ...f, key: uploadKey(prefix, f.path) }));
      const existing: string[] = [];
      for (const batch of chunks(items)) {
        const res = await unwrap(api.transfers.existingKeys({ bucket, keys: batch.map((i) => i.key) }));
        existing.push(...res.existing);
      }
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
      let decisions = new Map<string, ConflictPolicy>();
      if (existing.length) {
        this.busy = false;
        const answer = await this.#ask(existing);
        if (!answer) return [];
        decisions = answer;
        this.busy = true;
      }
      const created: TransferSnapshot[] = [];
      for (const batch of chunks(items)) {
        if (mode === 'electron' && window.zonedesk?.pathForFile) {
          const toPath = window.zonedesk.pathForFile;
          const { jobs } = await unwrap(
            api.transfers.uploadPaths({ bucket, conflict: 'overwrite', files: batch.map((i) => ({ path: toPath(i.file), key: i.key, conflict: decisions.get(i.key) })) }),
          );
          this.transfers.track(jobs);
          created.push(...jobs);
        } else {
          const { jobs } = await unwrap(
            api.transfers.registerStreams({
              bucket,
              conflict: 'overwrite',
              files: batch.map((i) => ({ key: i.key, size: i.file.size, label: i.path.split('/').pop(), conflict: decisions.get(i.key) })),
            }),
          );
          this.transfers.track(jobs);
          this.transfers.send(jobs.map((job, n) => ({ job, file: (batch[n] as (typeof batch)[number]).file })));
          created.push(...jobs);
        }
      }
      return created;
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      return [];
    } finally {
      this.busy = false;
    }
  }
}
