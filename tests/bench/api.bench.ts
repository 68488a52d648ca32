/**
 * API client benchmark against the local emulator (file-backed, rate limit lifted):
 * list a 10,000-record zone (< 1 s), import a 5,000-line zone file (< 1 s),
 * 1,000 sequential record creates (< 3 s). Prints one JSON line.
 * The emulator runs in a child process (this same file with `--serve`), so client and server do
 * not share one event loop — as with a real remote service.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '../../src-main/api';
import { startServiceEmulator } from '../../src-main/emulator';

function zoneFile(zone: string, prefix: string, n: number): string {
  const lines = [`$ORIGIN ${zone}.`, '$TTL 300'];
  for (let i = 0; i < n; i++) lines.push(`${prefix}${i} 300 IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  return lines.join('\n') + '\n';
}

/** Wall time and the client process's own CPU time (the emulator runs in another process). */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number, number]> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = await fn();
  const c = process.cpuUsage(c0);
  return [v, Math.round(performance.now() - t0), Math.round((c.user + c.system) / 1000)];
}

interface Started {
  baseUrl: string;
  token: string;
}

/** Child side: runs the emulator until the parent says stop. */
async function serve(): Promise<void> {
  const dataDir = process.argv[process.argv.indexOf('--serve') + 1] ?? '';
  const emu = await startServiceEmulator({ dataDir, rateLimit: { requests: 1_000_000_000, windowSeconds: 1 } });
  process.send?.({ baseUrl: emu.baseUrl, token: emu.credentials.token } satisfies Started);
  process.once('message', () => {
    void emu.stop().then(() => process.exit(0));
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-api-bench-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const emu = await new Promise<Started>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Started));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  try {
    const api = createApiClient({ baseUrl: emu.baseUrl }).withCredential({ kind: 'token', token: emu.token });
    const zones = new Map<string, string>();
    for await (const z of api.listAllZones()) zones.set(z.name, z.id);
    const big = zones.get('globex.example');
    const other = zones.get('initech.example');
    if (!big || !other) throw new Error('seed zones missing');

    // Warm-up (JIT, SQLite statements) with a tiny import and a few creates, then measure.
    await api.importZone(big, zoneFile('globex.example', 'warm', 10));
    for (let i = 0; i < 20; i++) await api.createRecord(other, { type: 'A', name: `warm${i}`, content: `10.2.0.${i}` });
    const file = zoneFile('globex.example', 'bench-a', 5000);
    const [imported, importMs] = await timed(() => api.importZone(big, file));
    await api.importZone(big, zoneFile('globex.example', 'bench-b', 5000));
    const [records, listMs, listCpu] = await timed(() => api.listAllRecords(big));
    const [records1k, list1kPagesMs] = await timed(() => api.listAllRecords(big, { per_page: 1000 }));
    const [, createMs, createCpu] = await timed(async () => {
      for (let i = 0; i < 1000; i++) await api.createRecord(other, { type: 'A', name: `seq${i}`, content: `10.1.${i >> 8}.${i & 255}` });
    });
    const result = {
      bench: 'api',
      import_5000_lines_ms: importMs,
      import_recs_added: imported.recs_added,
      import_file_bytes: Buffer.byteLength(file),
      list_records: records.length,
      list_10000_ms: listMs,
      list_10000_client_cpu_ms: listCpu,
      list_10000_per_page_1000_ms: list1kPagesMs,
      list_per_page_1000_records: records1k.length,
      create_1000_sequential_ms: createMs,
      create_1000_client_cpu_ms: createCpu,
      load_average_1m: Number(os.loadavg()[0]?.toFixed(2)),
      targets_met: importMs < 1000 && listMs < 1000 && createMs < 3000 && records.length >= 10_000,
    };
    process.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send('stop');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

(process.argv.includes('--serve') ? serve() : main()).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
