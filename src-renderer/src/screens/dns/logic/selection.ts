/** Row selection and the keyboard cursor of the records list, as pure functions over ids. */

/** An immutable-by-convention set of ids (state holds it raw and replaces it on every change). */
export function idSet(ids: Iterable<string> = []): ReadonlySet<string> {
  return new Set(ids);
}

/** Adds one id (or removes it, when `remove`). */
export function withId(selected: ReadonlySet<string>, id: string, remove = false): ReadonlySet<string> {
  const next = new Set(selected);
  if (remove) next.delete(id);
  else next.add(id);
  return next;
}

/** Adds or removes one id. */
export function toggle(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Shift-click: selects every id between the anchor and `id` in the visible order (inclusive). */
export function selectRange(selected: ReadonlySet<string>, visibleIds: readonly string[], anchor: string | null, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  const to = visibleIds.indexOf(id);
  const from = anchor === null ? -1 : visibleIds.indexOf(anchor);
  if (to < 0) return next;
  if (from < 0) {
    next.add(id);
    return next;
  }
  const [lo, hi] = from < to ? [from, to] : [to, from];
  for (let i = lo; i <= hi; i++) next.add(visibleIds[i] as string);
  return next;
}

/** The header checkbox: selects all visible rows, or clears them when all are selected already. */
export function toggleAllVisible(selected: ReadonlySet<string>, visibleIds: readonly string[]): ReadonlySet<string> {
  const allOn = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const next = new Set(selected);
  for (const id of visibleIds) {
    if (allOn) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** Drops ids that are no longer in the zone (after deletes or a refresh). */
export function prune(selected: ReadonlySet<string>, existingIds: ReadonlySet<string>): ReadonlySet<string> {
  const next = new Set([...selected].filter((id) => existingIds.has(id)));
  return next.size === selected.size ? selected : next;
}

/** How many of the visible rows are selected: 'none' | 'some' | 'all' (for the header checkbox). */
export function visibleSelectionState(selected: ReadonlySet<string>, visibleIds: readonly string[]): 'none' | 'some' | 'all' {
  let n = 0;
  for (const id of visibleIds) if (selected.has(id)) n++;
  return n === 0 ? 'none' : n === visibleIds.length ? 'all' : 'some';
}

/** Arrow keys, Page Up/Down, Home/End move the cursor within `count` rows; null when the key is not a move. */
export function moveCursor(index: number, key: string, count: number, pageSize: number): number | null {
  if (count === 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return index < 0 ? 0 : clamp(index + 1);
    case 'ArrowUp':
      return index < 0 ? 0 : clamp(index - 1);
    case 'PageDown':
      return clamp(index + pageSize);
    case 'PageUp':
      return clamp(index - pageSize);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The scroll offset that brings row `index` into view (null when it is visible already). */
export function scrollToReveal(index: number, rowHeight: number, scrollTop: number, viewport: number): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return null;
}

export type ScreenShortcut = 'focus-search' | 'new-record' | null;

/** `/` focuses search and `n` opens a new record — unless the user is typing somewhere or holds a modifier. */
export function screenShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, typing: boolean): ScreenShortcut {
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === '/') return 'focus-search';
  if (event.key === 'n' || event.key === 'N') return 'new-record';
  return null;
}
