/** Progress plumbing: coalesced change events (≈10/s at most) and a smoothed transfer rate. */
import type { TransferSnapshot } from '../../src-preload/contract/transfers';

export type Clock = () => number;
/** Schedules `fn` after `ms`; returns a cancel function. Injected so tests drive time. */
export type SetTimer = (fn: () => void, ms: number) => () => void;

export const realTimer: SetTimer = (fn, ms) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return () => clearTimeout(t);
};

export interface ProgressEmitter {
  /** Marks a job changed; it goes out with the next flush. */
  touch(id: string): void;
  /** Announces that jobs were dropped from the list. */
  removed(ids: string[]): void;
  /** Sends pending changes now (used on shutdown and by tests). */
  flush(): void;
  dispose(): void;
}

/**
 * Coalesces job changes into at most one event per `intervalMs` (default 100 ms → ~10/s):
 * 10,000 small files must not become 10,000 renderer updates.
 */
export function createProgressEmitter(deps: {
  snapshot: (id: string) => TransferSnapshot | undefined;
  emit: (payload: { jobs: TransferSnapshot[]; removed?: string[] }) => void;
  clock: Clock;
  setTimer?: SetTimer;
  intervalMs?: number;
}): ProgressEmitter {
  const interval = deps.intervalMs ?? 100;
  const setTimer = deps.setTimer ?? realTimer;
  const dirty = new Set<string>();
  let gone: string[] = [];
  let last = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | undefined;

  function flush(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (dirty.size === 0 && gone.length === 0) return;
    const jobs: TransferSnapshot[] = [];
    for (const id of dirty) {
      const snap = deps.snapshot(id);
      if (snap) jobs.push(snap);
    }
    const removed = gone;
    dirty.clear();
    gone = [];
    last = deps.clock();
    deps.emit(removed.length ? { jobs, removed } : { jobs });
  }

  function schedule(): void {
    if (cancelTimer) return;
    const wait = last + interval - deps.clock();
    if (wait <= 0) flush();
    else cancelTimer = setTimer(flush, wait);
  }

  return {
    touch(id) {
      dirty.add(id);
      schedule();
    },
    removed(ids) {
      for (const id of ids) dirty.delete(id);
      gone.push(...ids);
      schedule();
    },
    flush,
    dispose() {
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}

/** Exponentially smoothed rate (units/s) over samples at least `minGapMs` apart. */
export class RateMeter {
  rate = 0;
  #lastAt: number;
  #lastDone = 0;
  constructor(
    private readonly clock: Clock,
    private readonly minGapMs = 250,
  ) {
    this.#lastAt = clock();
  }
  /** Records the running total; returns the smoothed rate. */
  sample(done: number): number {
    const now = this.clock();
    const gap = now - this.#lastAt;
    if (gap < this.minGapMs) return this.rate;
    const instant = ((done - this.#lastDone) * 1000) / gap;
    this.rate = this.rate === 0 ? instant : this.rate * 0.6 + instant * 0.4;
    this.#lastAt = now;
    this.#lastDone = done;
    return this.rate;
  }
  reset(): void {
    this.rate = 0;
    this.#lastAt = this.clock();
    this.#lastDone = 0;
  }
}
