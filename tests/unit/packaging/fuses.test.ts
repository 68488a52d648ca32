import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPack, fuseConfig } from '../../../scripts/fuses.mjs';

/** What a hardened Zonedesk binary must have, fuse by fuse. */
const REQUIRED: Array<[FuseV1Options, boolean]> = [
  [FuseV1Options.RunAsNode, false],
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
  [FuseV1Options.EnableNodeCliInspectArguments, false],
  [FuseV1Options.EnableCookieEncryption, true],
  [FuseV1Options.OnlyLoadAppFromAsar, true],
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
  [FuseV1Options.GrantFileProtocolExtraPrivileges, false],
];

// Electron's fuse wire: sentinel, version 1, length, then one byte per fuse. These are the
// stock defaults ('1' = on, '0' = off) of an unmodified Electron binary.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const STOCK_WIRE = '101100011';
const fakeElectron = (): Buffer =>
  Buffer.concat([Buffer.from('\x7fELF…binary…'), Buffer.from(SENTINEL), Buffer.from([1, STOCK_WIRE.length]), Buffer.from(STOCK_WIRE), Buffer.from('…rest')]);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function packedApp(relativeBinary: string): { appOutDir: string; binary: string } {
  const appOutDir = mkdtempSync(join(tmpdir(), 'zonedesk-fuses-'));
  dirs.push(appOutDir);
  const binary = join(appOutDir, relativeBinary);
  mkdirSync(dirname(binary), { recursive: true });
  writeFileSync(binary, fakeElectron());
  return { appOutDir, binary };
}

describe('fuse configuration', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('sets every required fuse on %s', (platform) => {
    const config = fuseConfig({ platform, arch: 'x64' });
    for (const [fuse, on] of REQUIRED) expect(config[fuse], FuseV1Options[fuse]).toBe(on);
  });

  it('resets the ad-hoc signature only for macOS arm64, whose binaries must stay signed', () => {
    expect(fuseConfig({ platform: 'darwin', arch: 'arm64' }).resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfig({ platform: 'darwin', arch: 'x64' }).resetAdHocDarwinSignature).toBe(false);
    expect(fuseConfig({ platform: 'linux', arch: 'arm64' }).resetAdHocDarwinSignature).toBe(false);
  });
});

describe('afterPack hook', () => {
  const cases = [
    { platform: 'linux', binary: 'zonedesk' },
    { platform: 'win32', binary: 'Zonedesk.exe' },
    { platform: 'darwin', binary: 'Zonedesk.app/Contents/Frameworks/Electron Framework.framework/Electron Framework' },
  ];

  it.each(cases)('flips the fuses in the packaged $platform binary', async ({ platform, binary: relative }) => {
    const { appOutDir, binary } = packedApp(relative);
    const before = await getCurrentFuseWire(binary);
    expect(before[FuseV1Options.RunAsNode]).toBe(FuseState.ENABLE);

    await afterPack({
      appOutDir,
      electronPlatformName: platform,
      arch: 1, // x64 in electron-builder's Arch enum
      packager: { appInfo: { productFilename: 'Zonedesk' }, executableName: 'zonedesk' },
    });

    const wire = await getCurrentFuseWire(binary);
    for (const [fuse, on] of REQUIRED) expect(wire[fuse], FuseV1Options[fuse]).toBe(on ? FuseState.ENABLE : FuseState.DISABLE);
    // Fuses the hook does not mention keep Electron's default.
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE);
  });

  it('fails the build when the binary has no fuse wire', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'zonedesk-fuses-'));
    dirs.push(appOutDir);
    writeFileSync(join(appOutDir, 'zonedesk'), 'not electron');
    const context = { appOutDir, electronPlatformName: 'linux', arch: 1, packager: { appInfo: { productFilename: 'Zonedesk' }, executableName: 'zonedesk' } };
    await expect(afterPack(context)).rejects.toThrow(/sentinel/);
  });
});
