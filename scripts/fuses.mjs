// electron-builder `afterPack` hook: flips Electron's fuses in the packaged binary before it is
// signed (afterPack runs before signing, so the signature covers the flipped binary). Fuses are
// compiled-in switches that cannot be changed at run time, so an attacker who can set environment
// variables or pass arguments cannot turn the app back into a general-purpose Node runtime.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

/** The fuse wire for a packaged Zonedesk, given the target platform and arch. */
export function fuseConfig({ platform, arch }) {
  return {
    version: FuseVersion.V1,
    // Flipping fuses invalidates the ad-hoc signature arm64 binaries ship with; macOS refuses to
    // run an arm64 binary without one. electron-builder re-signs afterwards when it has an identity.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    [FuseV1Options.RunAsNode]: false, // ELECTRON_RUN_AS_NODE ignored (nothing here forks the app)
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false, // NODE_OPTIONS / NODE_EXTRA_CA_CERTS ignored
    [FuseV1Options.EnableNodeCliInspectArguments]: false, // --inspect* and SIGUSR1 ignored
    [FuseV1Options.EnableCookieEncryption]: true, // cookie store encrypted with the OS keychain key
    [FuseV1Options.OnlyLoadAppFromAsar]: true, // no loose app/ folder can replace app.asar
    // app.asar is checked against the hash electron-builder embeds (Info.plist on macOS, a
    // resource in the .exe on Windows); Linux has no integrity check, the fuse is inert there.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    // Pages come from app://, never file://, so file:// keeps only ordinary browser privileges.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

const ELECTRON_PLATFORM = { darwin: 'darwin', mas: 'darwin', win32: 'win32', linux: 'linux' };
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal']; // electron-builder's Arch enum order

/** Path of the Electron executable inside an electron-builder appOutDir. */
export function electronBinaryPath({ appOutDir, electronPlatformName, packager }) {
  const productFilename = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

/** The hook electron-builder calls after packing each platform/arch, before signing. */
export async function afterPack(context) {
  const platform = ELECTRON_PLATFORM[context.electronPlatformName];
  if (!platform) throw new Error(`fuses: unknown platform ${context.electronPlatformName}`);
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const binary = electronBinaryPath(context);
  const wires = await flipFuses(binary, fuseConfig({ platform, arch }));
  console.log(`  • electron fuses flipped  file=${binary} wires=${wires}`);
}

export default afterPack;
