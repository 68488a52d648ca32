/** Multipart sizing rules (pure): when to go multipart and how big each uniform part is. */

export const MiB = 1024 * 1024;
/** Objects above this go multipart (a single put streams, but parts can run in parallel and resume). */
export const DEFAULT_MULTIPART_THRESHOLD = 64 * MiB;
/** Smallest part the store accepts (all but the last part). */
export const MIN_PART_BYTES = 5 * MiB;
/** Largest part count the store accepts. */
export const MAX_PARTS = 10_000;
/** Largest single part the store accepts (5 GiB − 5 MiB). */
export const MAX_PART_BYTES = 5 * 1024 * MiB - 5 * MiB;
/** Part size we prefer when the object is small enough: few round trips, bounded memory. */
export const PREFERRED_PART_BYTES = 16 * MiB;

export interface PartPlan {
  partSize: number;
  partCount: number;
}

/** True when an object of `size` bytes should be uploaded in parts. */
export function isMultipart(size: number, threshold = DEFAULT_MULTIPART_THRESHOLD): boolean {
  return size > threshold;
}

/**
 * A uniform part size for `size` bytes: the preferred size, grown (in whole MiB) until the part
 * count fits in 10,000, never below the 5 MiB minimum. Throws for an object too big for any plan.
 */
export function planParts(size: number, preferred = PREFERRED_PART_BYTES): PartPlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid object size ${size}`);
  const floor = Math.max(MIN_PART_BYTES, preferred);
  const needed = Math.ceil(size / MAX_PARTS);
  const partSize = Math.max(floor, Math.ceil(needed / MiB) * MiB);
  if (partSize > MAX_PART_BYTES) throw new RangeError(`An object of ${size} bytes exceeds the largest multipart object (${MAX_PARTS} parts of ${MAX_PART_BYTES} bytes).`);
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** Byte range [start, end) of part `n` (1-based) under a plan. */
export function partRange(size: number, plan: PartPlan, n: number): { start: number; end: number } {
  const start = (n - 1) * plan.partSize;
  return { start, end: Math.min(size, start + plan.partSize) };
}
