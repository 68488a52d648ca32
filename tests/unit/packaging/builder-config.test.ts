import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './production-build';

// The configuration exactly as electron-builder loads it (electron-builder.yml merged over
// package.json), validated against electron-builder's own JSON schema.
let config: Configuration;
beforeAll(async () => {
  config = await getConfig(ROOT, null, null);
  await validateConfiguration(config, new DebugLogger(false));
});

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };

/** Dependencies that compile a native addon: a binding.gyp or a prebuilt .node inside the package. */
function nativeDependencies(): string[] {
  const hasNodeFile = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? e.name !== 'node_modules' && hasNodeFile(join(dir, e.name)) : e.name.endsWith('.node'),
    );
  return Object.keys(pkg.dependencies).filter((dep) => {
    const dir = join(ROOT, 'node_modules', dep);
    return existsSync(join(dir, 'binding.gyp')) || hasNodeFile(dir);
  });
}

function patterns(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((p) => {
    if (typeof p !== 'string') throw new Error(`expected glob strings, got ${JSON.stringify(p)}`);
    return p;
  });
}

function targets(value: unknown): Array<{ target: string; arch: string[] }> {
  const list = (Array.isArray(value) ? value : [value]) as Array<string | TargetConfiguration>;
  return list.map((t) => (typeof t === 'string' ? { target: t, arch: [] } : { target: t.target, arch: patterns(t.arch ?? []) }));
}

describe('electron-builder configuration', () => {
  it('identifies the app and writes artifacts to release/', () => {
    expect(config.appId).toBe('dev.zonedesk.app');
    expect(config.productName).toBe('Zonedesk');
    expect(config.directories?.output).toBe('release');
    expect(config.publish).toBeNull();
  });

  it('ships only the built output and package.json (sources, tests and maps stay out)', () => {
    // electron-builder normalises `files` into FileSets; ours all copy from the app directory.
    const sets = (Array.isArray(config.files) ? config.files : [config.files]) as Array<string | { from?: string; filter?: unknown }>;
    const files = sets.flatMap((set) => {
      if (typeof set === 'string') return [set];
      expect(set.from ?? '.').toBe('.');
      return patterns(set.filter);
    });
    const included = files.filter((p) => !p.startsWith('!'));
    expect(included.sort()).toEqual(['out/**/*', 'package.json']);
    expect(files).toContain('!out/**/*.map');
    const excluded = files.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
    const matches = (path: string) => (p: string) => minimatch(path, p, { dot: true });
    const ships = (path: string): boolean => included.some(matches(path)) && !excluded.some(matches(path));
    expect(ships(pkg.main.replace(/^\.\//, ''))).toBe(true);
    for (const path of ['out/renderer/index.html', 'out/preload/index.cjs', 'package.json']) expect(ships(path), path).toBe(true);
    for (const path of ['src-main/electron/main.ts', 'src-renderer/App.svelte', 'tests/unit/x.test.ts', 'out/main/index.js.map', 'electron.vite.config.ts', 'resources/icon.svg']) {
      expect(ships(path), path).toBe(false);
    }
  });

  it('unpacks every native module among dependencies from app.asar', () => {
    const natives = nativeDependencies();
    expect(natives).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar']));
    expect(config.asar).not.toBe(false);
    const unpack = patterns(config.asarUnpack);
    const unpacked = (path: string): boolean => unpack.some((p) => minimatch(path, p, { dot: true }));
    expect(unpacked('node_modules/some-future-addon/build/Release/addon.node')).toBe(true);
    for (const dep of natives) {
      expect(unpacked(`node_modules/${dep}/package.json`), dep).toBe(true);
      expect(unpacked(`node_modules/${dep}/build/Release/${dep}.node`), dep).toBe(true);
    }
  });

  it('builds dmg and zip for x64 and arm64 with the hardened runtime, entitlements and notarization', () => {
    const mac = config.mac!;
    const macTargets = targets(mac.target);
    for (const name of ['dmg', 'zip']) {
      expect(macTargets.find((t) => t.target === name)?.arch.sort(), name).toEqual(['arm64', 'x64']);
    }
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.notarize).not.toBe(false);
    for (const file of [mac.entitlements, mac.entitlementsInherit]) {
      const plist = readFileSync(join(ROOT, file!), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      // Electron 12+ needs only allow-jit; any broader exception would widen the attack surface.
      const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
      expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
    }
  });

  it('builds a per-user NSIS installer that never asks for elevation', () => {
    expect(targets(config.win!.target)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    const nsis = config.nsis!;
    expect(nsis.perMachine).toBe(false);
    expect(nsis.allowElevation).toBe(false);
    expect(nsis.selectPerMachineByDefault ?? false).toBe(false);
  });

  it('builds AppImage and deb; the deb depends on libsecret for the keychain', () => {
    const linux = config.linux!;
    expect(targets(linux.target).map((t) => t.target).sort()).toEqual(['AppImage', 'deb']);
    expect(linux.category).toBeTruthy();
    expect(linux.maintainer).toMatch(/<[^@\s]+@[^@\s]+>/);
    expect(config.deb?.depends).toContain('libsecret-1-0');
  });

  it('points at icon files that exist and are in the right format', () => {
    const icns = readFileSync(join(ROOT, config.mac!.icon!));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    const ico = readFileSync(join(ROOT, config.win!.icon!));
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(ico[6 + 16 * (ico.readUInt16LE(4) - 1)]).toBe(0); // largest entry: 0 means 256 px, electron-builder's minimum
    const pngDir = join(ROOT, config.linux!.icon!);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = readFileSync(join(pngDir, `${size}x${size}.png`));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${size}px`).toEqual([size, size]);
    }
  });

  it('runs the fuses script after packing', () => {
    expect(config.afterPack).toBe('./scripts/fuses.mjs');
    expect(existsSync(join(ROOT, 'scripts/fuses.mjs'))).toBe(true);
    expect(config.electronFuses ?? null).toBeNull(); // one place flips fuses, not two
  });
});
