/** Key conflicts on upload (pure): overwrite, skip, or keep both under a numbered name. */
import type { ConflictPolicy } from '../../src-preload/contract/transfers';

/** `dir/name.ext` → `dir/name (n).ext`; a leading dot (`.env`) is a name, not an extension. */
export function numberedKey(key: string, n: number): string {
  const slash = key.lastIndexOf('/');
  const dir = key.slice(0, slash + 1);
  const base = key.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  return `${dir}${stem} (${n})${ext}`;
}

export type ConflictOutcome = { action: 'upload'; key: string } | { action: 'skip'; key: string };

/**
 * Decides what to do with `key` under `policy`; `taken(k)` says whether `k` exists or is already
 * claimed by an earlier file of the same batch (so two "keep both" files never pick one name).
 */
export async function resolveConflict(
  key: string,
  policy: ConflictPolicy,
  taken: (k: string) => boolean | Promise<boolean>,
): Promise<ConflictOutcome> {
  if (policy === 'overwrite' || !(await taken(key))) return { action: 'upload', key };
  if (policy === 'skip') return { action: 'skip', key };
  for (let n = 1; n < 100_000; n++) {
    const candidate = numberedKey(key, n);
    if (!(await taken(candidate))) return { action: 'upload', key: candidate };
  }
  throw new RangeError(`No free name for ${key}`);
}
