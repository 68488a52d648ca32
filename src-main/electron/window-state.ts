import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

const WindowStateSchema = z.object({
  bounds: z.object({ x: z.number(), y: z.number(), width: z.number().min(200), height: z.number().min(200) }),
  maximized: z.boolean(),
});

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 };
const FILE = 'window-state.json';

/** Reads the remembered window state; a missing or corrupt file means "use defaults". */
export function loadWindowState(dataDir: string): WindowState | undefined {
  try {
    const parsed = WindowStateSchema.safeParse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveWindowState(dataDir: string, state: WindowState): void {
  try {
    writeFileSync(join(dataDir, FILE), JSON.stringify(state));
  } catch {
    // Losing window placement is harmless; never fail a quit over it.
  }
}

/**
 * Keeps remembered bounds only if they are still visible on a connected display (a monitor
 * may have been unplugged since), so the window never opens off-screen.
 */
export function visibleBounds(saved: Rect | undefined, workAreas: Rect[]): Rect | undefined {
  if (!saved) return undefined;
  const visible = workAreas.some(
    (area) =>
      saved.x < area.x + area.width - 50 &&
      saved.x + saved.width > area.x + 50 &&
      saved.y >= area.y - 10 &&
      saved.y < area.y + area.height - 50,
  );
  return visible ? saved : undefined;
}
