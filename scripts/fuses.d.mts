// Types for scripts/fuses.mjs (plain JS so electron-builder can load it without a TS loader).
import type { FuseConfig } from '@electron/fuses';

export interface FuseTarget {
  platform: 'darwin' | 'win32' | 'linux';
  arch: string;
}

/** The subset of electron-builder's AfterPackContext the hook reads. */
export interface AfterPackContextLike {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

export function fuseConfig(target: FuseTarget): FuseConfig;
export function electronBinaryPath(context: AfterPackContextLike): string;
export function afterPack(context: AfterPackContextLike): Promise<void>;
export default afterPack;
