// Types for scripts/make-icons.mjs (run with plain `node`).
export interface RenderedIcon {
  png: Buffer;
  rgba: Buffer;
  size: number;
}

export const PNG_SIZES: number[];
export const ICO_SIZES: number[];
export const ICNS_TYPES: Array<[type: string, size: number]>;
export function renderSvg(svg: string | Buffer, size: number): RenderedIcon;
export function encodeIco(images: RenderedIcon[]): Buffer;
export function encodeIcns(pngBySize: Map<number, Buffer>): Buffer;
export function buildIconSet(svg: string | Buffer): Map<string, Buffer>;
export function writeIconSet(resourcesDir: string): string[];
