import { expect, test, type Page } from '@playwright/test';
import { startServer } from '../e2e/fixtures';

/**
 * DNS screen performance on a 10,000-record zone (browser mode, Local sandbox). Figures come from
 * the screen's own performance marks: `dns:zone-select` / `dns:search` → the next `dns:rendered`
 * (set after the rows are in the DOM and a frame has passed). Prints one JSON line.
 */
const RECORDS = 10_000;
const CHUNK = 3400; // under the Enterprise batch limit of 3,500 operations
const ZONE = 'initech.example';

async function rpc<T>(origin: string, token: string, channel: string, args?: unknown): Promise<T> {
  const res = await fetch(`${origin}/rpc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonedesk-token': token }, body: JSON.stringify({ args }) });
  const body = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.value;
}

function posts(from: number, to: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const name = `bench-${String(i).padStart(5, '0')}`;
    if (i % 10 === 9) out.push({ type: 'TXT', name, content: `bench record ${i} verification=${(i * 7919).toString(36)}`, ttl: 3600, comment: i % 20 === 19 ? `team ${i % 7}` : null });
    else if (i % 10 === 8) out.push({ type: 'CNAME', name, content: `bench-${String(i - 1).padStart(5, '0')}.${ZONE}`, proxied: i % 3 === 0 });
    else out.push({ type: 'A', name, content: `198.51.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`, proxied: i % 2 === 0, ttl: i % 2 === 0 ? 1 : 300 });
  }
  return out;
}

/** Milliseconds from the last `start` mark to the first `dns:rendered` after it. */
async function sinceMark(page: Page, start: string): Promise<number> {
  await page.waitForFunction((s) => {
    const t0 = performance.getEntriesByName(s).at(-1)?.startTime ?? Infinity;
    return performance.getEntriesByName('dns:rendered').some((e) => e.startTime >= t0);
  }, start);
  return page.evaluate((s) => {
    const t0 = performance.getEntriesByName(s).at(-1)?.startTime ?? 0;
    const end = performance.getEntriesByName('dns:rendered').find((e) => e.startTime >= t0)?.startTime ?? t0;
    return Math.round((end - t0) * 10) / 10;
  }, start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

test('dns screen on a 10,000-record zone', async ({ page }) => {
  const server = await startServer();
  try {
    const { zones } = await rpc<{ zones: { id: string; name: string }[] }>(server.origin, server.token, 'dns.listZones');
    const zoneId = zones.find((z) => z.name === ZONE)?.id ?? '';
    const other = zones.find((z) => z.name !== ZONE)?.id ?? '';
    const seedStart = Date.now();
    for (let i = 0; i < RECORDS; i += CHUNK) {
      await rpc(server.origin, server.token, 'dns.batch', { zoneId, batch: { posts: posts(i, Math.min(RECORDS, i + CHUNK)) }, summary: 'benchmark seed' });
    }
    const seedMs = Date.now() - seedStart;
    await rpc(server.origin, server.token, 'dns.rememberZone', { zoneId: other });

    await page.addInitScript(() => {
      (window as unknown as { __longTasks: number[] }).__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { __longTasks: number[] }).__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}#/dns`);
    await expect(page.getByTestId('dns-row').first()).toBeVisible();
    const picker = page.getByLabel('Zone', { exact: true });

    // 1. Select the big zone: the renderer has never seen it (main read it while seeding).
    await picker.selectOption(zoneId);
    const firstSelectMs = await sinceMark(page, 'dns:zone-select');
    await expect(page.getByTestId('dns-count')).toHaveText(/of 10,015$/);

    // 2. Refresh: read all 10,000 records from the service again (pages of 5,000), send, render.
    await page.getByRole('button', { name: 'Refresh records' }).click();
    const refreshMs = await sinceMark(page, 'dns:zone-select');

    // 3. Away and back: data already fetched.
    await picker.selectOption(other);
    await sinceMark(page, 'dns:zone-select');
    await picker.selectOption(zoneId);
    const cachedMs = await sinceMark(page, 'dns:zone-select');

    // 4. Search keystrokes.
    const search = page.getByLabel('Search records');
    await search.click();
    const keystrokes: number[] = [];
    for (const ch of 'bench-04205') {
      await page.keyboard.type(ch);
      keystrokes.push(await sinceMark(page, 'dns:search'));
    }
    await expect(page.getByTestId('dns-count')).toHaveText(/^1 of/);
    for (let i = 0; i < 'bench-04205'.length; i++) {
      await page.keyboard.press('Backspace');
      keystrokes.push(await sinceMark(page, 'dns:search'));
    }
    await expect(page.getByTestId('dns-count')).toHaveText('10,015 of 10,015');

    // 5. Scroll the whole list top to bottom, one viewport per frame, watching long tasks.
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
    const scroll = await page.evaluate(async () => {
      const viewport = document.querySelector('[role="grid"] [role="rowgroup"][aria-label="Records"]') as HTMLElement;
      const frames: number[] = [];
      let last = performance.now();
      const t0 = last;
      while (viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1) {
        viewport.scrollTop += viewport.clientHeight;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      await new Promise((r) => setTimeout(r, 100));
      return { frames: frames.length, totalMs: Math.round(performance.now() - t0), maxFrameMs: Math.round(Math.max(...frames) * 10) / 10 };
    });
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    await expect(page.locator('[data-testid="dns-row"][data-name="bench-09999.initech.example"]')).toBeVisible();

    const result = {
      bench: 'dns',
      records: RECORDS,
      seedMs,
      firstRowsMs: { firstSelect: firstSelectMs, refreshFromService: refreshMs, alreadyFetched: cachedMs },
      searchKeystrokeMs: { median: median(keystrokes), max: Math.max(...keystrokes) },
      scroll: { ...scroll, longTasksOver50ms: longTasks.filter((d) => d > 50).length, maxLongTaskMs: Math.round(Math.max(0, ...longTasks)) },
      targets: {
        firstRowsUnder500: Math.max(firstSelectMs, refreshMs) < 500,
        alreadyFetchedUnder150: cachedMs < 150,
        searchUnder50: Math.max(...keystrokes) < 50,
        noLongTasksWhileScrolling: longTasks.filter((d) => d > 50).length === 0,
      },
    };
    console.log(JSON.stringify(result));
  } finally {
    await server.stop();
  }
});
