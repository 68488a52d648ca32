import { describe, expect, it } from 'vitest';
import { createProgressEmitter, isMultipart, numberedKey, planParts, resolveConflict, RateMeter } from '../../../src-main/transfers/index';
import type { TransferSnapshot } from '../../../src-preload/contract/transfers';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('part sizing', () => {
  it.each([
    // size, threshold → multipart?
    [64 * MiB, 64 * MiB, false],
    [64 * MiB + 1, 64 * MiB, true],
    [0, 64 * MiB, false],
  ])('isMultipart(%d, %d) = %s', (size, threshold, expected) => {
    expect(isMultipart(size, threshold)).toBe(expected);
  });

  it.each([
    // size, preferred → part size, count
    [100 * MiB, 16 * MiB, 16 * MiB, 7],
    [1 * GiB, 16 * MiB, 16 * MiB, 64],
    [12 * MiB, 1, 5 * MiB, 3], // never below the 5 MiB minimum
    [200 * GiB, 16 * MiB, 21 * MiB, 9753], // grown in whole MiB to stay ≤ 10,000 parts
    [10_000 * 16 * MiB, 16 * MiB, 16 * MiB, 10_000],
    [10_000 * 16 * MiB + 1, 16 * MiB, 17 * MiB, 9412],
  ])('planParts(%d, %d) → %d × %d', (size, preferred, partSize, count) => {
    const plan = planParts(size, preferred);
    expect(plan).toEqual({ partSize, partCount: count });
    expect(plan.partCount).toBeLessThanOrEqual(10_000);
    expect(plan.partSize * plan.partCount).toBeGreaterThanOrEqual(size);
  });

  it('refuses objects beyond 10,000 maximal parts', () => {
    expect(() => planParts(10_000 * 5 * GiB)).toThrow(RangeError);
  });
});

describe('conflicts', () => {
  it.each([
    ['a.txt', 1, 'a (1).txt'],
    ['dir/photo.tar.gz', 2, 'dir/photo.tar (2).gz'],
    ['dir/.env', 1, 'dir/.env (1)'],
    ['README', 3, 'README (3)'],
    ['a.b/c', 1, 'a.b/c (1)'],
  ])('numberedKey(%s, %d) = %s', (key, n, expected) => {
    expect(numberedKey(key, n)).toBe(expected);
  });

  const existing = new Set(['a.txt', 'a (1).txt']);
  const taken = (k: string) => existing.has(k);
  it.each([
    ['new.txt', 'skip', { action: 'upload', key: 'new.txt' }],
    ['new.txt', 'keepBoth', { action: 'upload', key: 'new.txt' }],
    ['a.txt', 'overwrite', { action: 'upload', key: 'a.txt' }],
    ['a.txt', 'skip', { action: 'skip', key: 'a.txt' }],
    ['a.txt', 'keepBoth', { action: 'upload', key: 'a (2).txt' }],
  ] as const)('resolveConflict(%s, %s)', async (key, policy, expected) => {
    expect(await resolveConflict(key, policy, taken)).toEqual(expected);
  });
});

describe('progress emitter', () => {
  function setup() {
    let now = 1000;
    const timers: { at: number; fn: () => void }[] = [];
    const emitted: { at: number; ids: string[] }[] = [];
    const emitter = createProgressEmitter({
      snapshot: (id) => ({ id }) as TransferSnapshot,
      emit: (p) => emitted.push({ at: now, ids: p.jobs.map((j) => j.id) }),
      clock: () => now,
      setTimer: (fn, ms) => {
        const t = { at: now + ms, fn };
        timers.push(t);
        return () => timers.splice(timers.indexOf(t), 1);
      },
    });
    const advance = (ms: number) => {
      now += ms;
      for (const t of [...timers].filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    };
    return { emitter, emitted, advance, timers };
  }

  it('sends the first change at once, then coalesces to one event per 100 ms', () => {
    const { emitter, emitted, advance } = setup();
    emitter.touch('a');
    expect(emitted).toEqual([{ at: 1000, ids: ['a'] }]);
    for (let i = 0; i < 50; i++) {
      advance(2);
      emitter.touch(i % 2 ? 'a' : 'b');
    }
    // 100 ms of 50 changes → exactly one more event, carrying each changed job once.
    advance(0);
    expect(emitted).toHaveLength(2);
    expect(emitted[1]).toEqual({ at: 1100, ids: ['b', 'a'] });
  });

  it('never exceeds ~10 events per second under a flood of changes', () => {
    const { emitter, emitted, advance } = setup();
    for (let t = 0; t < 1000; t++) {
      emitter.touch(`job${t % 7}`);
      advance(1);
    }
    expect(emitted.length).toBeLessThanOrEqual(11);
    expect(emitted.length).toBeGreaterThanOrEqual(9);
    const gaps = emitted.slice(1).map((e, i) => e.at - (emitted[i] as { at: number }).at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
  });

  it('measures a smoothed rate from the clock', () => {
    let now = 0;
    const meter = new RateMeter(() => now, 250);
    now = 500;
    expect(meter.sample(500)).toBe(1000);
    now = 600; // too soon: unchanged
    expect(meter.sample(10_000)).toBe(1000);
    now = 1000;
    expect(meter.sample(1500)).toBeCloseTo(1000 * 0.6 + 2000 * 0.4);
  });
});
