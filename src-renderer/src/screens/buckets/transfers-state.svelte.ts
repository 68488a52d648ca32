/** The transfers panel's state: jobs pushed by main, plus browser mode's body streaming. */
import type { TransferSnapshot } from '../../../../src-preload/contract/transfers';
import { api, bridgeToken, unwrap } from '../../lib/bridge';

const ACTIVE = new Set(['queued', 'running']);
/** Browser mode sends this many bodies at once (main bounds path uploads itself). */
const STREAMS_AT_ONCE = 3;

export class TransfersState {
  jobs = $state<TransferSnapshot[]>([]);
  open = $state(false);
  error = $state<string | null>(null);

  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
  #byId = new Map<string, TransferSnapshot>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
  #files = new Map<string, File>();
  #waiting: string[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
  #sending = new Map<string, AbortController>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- private bookkeeping, never rendered
  #listeners = new Set<(job: TransferSnapshot) => void>();
  #unsubscribe: (() => void) | undefined;

  readonly active = $derived(this.jobs.filter((j) => ACTIVE.has(j.state)));
  readonly failed = $derived(this.jobs.filter((j) => j.state === 'failed'));
  readonly totals = $derived.by(() => {
    let done = 0;
    let total = 0;
    let rate = 0;
    let finished = 0;
    let count = 0;
    for (const j of this.jobs) {
      if (j.kind === 'delete' || j.state === 'skipped' || j.state === 'cancelled') continue;
      count++;
      if (j.state === 'done') finished++;
      done += j.done;
      total += j.total ?? j.done;
      if (j.state === 'running') rate += j.rate;
    }
    return { done, total, rate, finished, count, eta: rate > 0 ? (total - done) / rate : Number.NaN };
  });

  /** Subscribes to main's progress events and loads the jobs main already has. */
  async start(): Promise<void> {
    this.#unsubscribe = api.on('transfers.progress', (payload) => this.#apply(payload.jobs, payload.removed));
    const all = await api.transfers.list();
    if (all.ok) this.#apply(all.value, undefined);
  }

  stop(): void {
    this.#unsubscribe?.();
  }

  /** Called with every job that reaches a final state (the browser refreshes its listing). */
  onFinished(listener: (job: TransferSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Adds jobs just created by a call (events may arrive before or after the call returns). */
  track(jobs: TransferSnapshot[]): void {
    this.#apply(jobs, undefined, false);
    this.open = true;
  }

  /** Browser mode: queues bodies to stream for registered jobs. */
  send(pairs: { job: TransferSnapshot; file: File }[]): void {
    for (const { job, file } of pairs) {
      if (job.state !== 'queued') continue;
      this.#files.set(job.id, file);
      this.#waiting.push(job.id);
    }
    this.#pump();
  }

  #pump(): void {
    while (this.#sending.size < STREAMS_AT_ONCE && this.#waiting.length) {
      const id = this.#waiting.shift() as string;
      const file = this.#files.get(id);
      if (!file || this.#byId.get(id)?.state !== 'queued') continue;
      const controller = new AbortController();
      this.#sending.set(id, controller);
      void fetch(`/transfer/upload?job=${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: { 'X-Zonedesk-Token': bridgeToken, 'Content-Type': 'application/octet-stream' },
        body: file,
        signal: controller.signal,
      })
        .then(async (res) => {
          const body = (await res.json().catch(() => null)) as { ok: boolean; value?: TransferSnapshot } | null;
          if (body?.value) this.#apply([body.value], undefined, true);
        })
        .catch(() => {
          // Main records why the job ended (cancelled, cut off); the panel shows that.
        })
        .finally(() => {
          this.#sending.delete(id);
          this.#pump();
        });
    }
  }

  async cancel(id: string): Promise<void> {
    await this.#run(api.transfers.cancel({ id }));
    // After main has marked it cancelled, stop sending (otherwise the cut body would read as a failure).
    this.#sending.get(id)?.abort();
  }

  async cancelAll(): Promise<void> {
    this.#waiting = [];
    await this.#run(api.transfers.cancelAll());
    for (const c of this.#sending.values()) c.abort();
  }

  /** Retries a failed or cancelled job; a browser upload needs its File, kept since it was dropped. */
  async retry(job: TransferSnapshot): Promise<void> {
    if (job.source === 'stream' && !this.#files.has(job.id)) {
      this.error = `${job.label}: the file is no longer at hand after a reload; drop it again.`;
      return;
    }
    const fresh = await this.#run(api.transfers.retry({ id: job.id }));
    if (fresh && job.source === 'stream') {
      this.#byId.set(fresh.id, fresh);
      this.#waiting.push(job.id);
      this.#pump();
    }
  }

  async retryFailed(): Promise<void> {
    for (const job of this.failed) await this.retry(job);
  }

  async clearFinished(): Promise<void> {
    await this.#run(api.transfers.clearFinished());
  }

  canRetry(job: TransferSnapshot): boolean {
    return (job.state === 'failed' || job.state === 'cancelled') && (job.source !== 'stream' || this.#files.has(job.id));
  }

  async #run<T>(call: Promise<import('../../../../src-preload/contract').Result<T>>): Promise<T | undefined> {
    try {
      this.error = null;
      return await unwrap(call);
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      return undefined;
    }
  }

  #apply(changed: TransferSnapshot[], removed: string[] | undefined, fromEvent = true): void {
    for (const job of changed) {
      const before = this.#byId.get(job.id);
      // A call's reply can arrive after the events it caused: it never overwrites what events said.
      if (before && !fromEvent) continue;
      this.#byId.set(job.id, job);
      if (!ACTIVE.has(job.state) && (!before || ACTIVE.has(before.state))) for (const l of this.#listeners) l(job);
      if (!ACTIVE.has(job.state)) this.#sending.get(job.id)?.abort();
    }
    for (const id of removed ?? []) {
      this.#byId.delete(id);
      this.#files.delete(id);
    }
    this.jobs = [...this.#byId.values()];
  }
}
