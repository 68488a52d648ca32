import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDevServerUrl } from './dev-guard';
import { buildProductionApp, ROOT } from './production-build';

const listJs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listJs(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));

const work = mkdtempSync(join(tmpdir(), 'zonedesk-dist-'));
const app = join(work, 'app');
beforeAll(() => buildProductionApp(app), 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('production main bundle', () => {
  it('reads the dev server URL only when the app is not packaged', () => {
    const files = listJs(join(app, 'out/main'));
    expect(files).toContain(join(app, 'out', 'main', 'index.js'));
    for (const file of files) {
      const scan = scanDevServerUrl(readFileSync(file, 'utf8'));
      expect(scan.textOccurrences, `${file}: a read the scanner cannot see`).toBe(scan.reads.length);
      for (const read of scan.reads) expect(read.guarded, `${file}:${read.line} reads ELECTRON_RENDERER_URL outside an !app.isPackaged branch`).toBe(true);
    }
  });

  it('emits no source maps', () => {
    const maps = readdirSync(join(app, 'out'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'));
    expect(maps).toEqual([]);
  });
});

// A real `electron-builder --linux dir` run with the project's electron-builder.yml, on the
// private build, against a stand-in Electron binary (the real one cannot be downloaded here):
// checks what actually lands in app.asar and that afterPack ran.
describe('packaged app (linux dir target, stand-in Electron)', () => {
  let appOutDir = '';
  beforeAll(() => {
    const electronDist = join(work, 'electron-dist');
    mkdirSync(join(electronDist, 'resources'), { recursive: true });
    const wire = Buffer.concat([Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 9]), Buffer.from('101100011')]);
    writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('stand-in electron '), wire]), { mode: 0o755 });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string };
    writeFileSync(join(electronDist, 'version'), pkg.version);
    const cli = join(ROOT, 'node_modules/electron-builder/cli.js');
    const output = join(work, 'release');
    const overrides = [`-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.app=${app}`, `-c.directories.output=${output}`];
    const args = [cli, '--linux', 'dir', '--x64', '--publish', 'never', ...overrides];
    const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 240_000, env: { ...process.env, CI: 'true' } });
    if (result.status !== 0) throw new Error(`electron-builder failed:\n${result.stdout}\n${result.stderr}`);
    appOutDir = join(output, 'linux-unpacked');
  }, 240_000);

  it('puts only out/, package.json and production node_modules in app.asar', () => {
    const entries = listPackage(join(appOutDir, 'resources/app.asar'), { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, ''));
    expect(new Set(entries.map((p) => p.split('/')[0]))).toEqual(new Set(['out', 'node_modules', 'package.json']));
    expect(entries).toContain('out/main/index.js');
    expect(entries).toContain('out/renderer/index.html');
    expect(entries.filter((p) => /\.map$|\.tsx?$|\.d\.[cm]?ts$/.test(p))).toEqual([]);
    const modules = new Set(entries.filter((p) => p.startsWith('node_modules/')).map((p) => p.split('/')[1]));
    for (const dev of ['electron', 'electron-builder', 'vitest', 'typescript', 'svelte', '@resvg']) expect(modules.has(dev), dev).toBe(false);
    for (const dep of ['zod', 'better-sqlite3', 'keytar']) expect(modules.has(dep), dep).toBe(true);
  });

  it('keeps the native addons outside the archive where dlopen can reach them', () => {
    const unpacked = join(appOutDir, 'resources/app.asar.unpacked/node_modules');
    expect(existsSync(join(unpacked, 'better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'keytar/build/Release/keytar.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'better-sqlite3/deps'))).toBe(false); // C sources stay behind
  });

  it('ran the fuses hook on the packaged binary', async () => {
    const wire = await getCurrentFuseWire(join(appOutDir, 'zonedesk'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
  });
});
