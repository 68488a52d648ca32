// `npm run icons`: renders resources/icon.svg into every icon the packagers need —
// resources/icons/NxN.png (Linux, 16…1024), resources/icon.ico (Windows), resources/icon.icns
// (macOS). Each size is rasterised from the vector source rather than downscaled, so small icons
// stay crisp. The output is deterministic and committed, so packaging needs no generation step.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS element types holding PNG data, by pixel size (the @2x types reuse the larger renders). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

/** Rasterises the SVG to a square image of `size` pixels: PNG bytes plus premultiplied RGBA. */
export function renderSvg(svg, size) {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render();
  if (image.width !== size || image.height !== size) throw new Error(`icon.svg must be square (got ${image.width}x${image.height})`);
  return { png: Buffer.from(image.asPng()), rgba: Buffer.from(image.pixels), size };
}

/**
 * A 32-bit BMP icon image (BITMAPINFOHEADER + bottom-up BGRA + AND mask), the format every
 * Windows tool including NSIS reads for sizes below 256. resvg's pixels are premultiplied; ICO
 * wants straight alpha.
 */
function icoBitmap({ rgba, size }) {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour rows + mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = ((size - 1 - y) * size + x) * 4;
      const alpha = rgba[from + 3] ?? 0;
      const straight = (c) => (alpha === 0 ? 0 : Math.min(255, Math.round(((rgba[from + c] ?? 0) * 255) / alpha)));
      pixels[to] = straight(2);
      pixels[to + 1] = straight(1);
      pixels[to + 2] = straight(0);
      pixels[to + 3] = alpha;
    }
  }
  const maskRowBytes = Math.ceil(size / 32) * 4; // all zero: the alpha channel decides
  return Buffer.concat([header, pixels, Buffer.alloc(maskRowBytes * size)]);
}

/** An ICO container: BMP entries below 256 px, a PNG entry at 256 (as Windows itself does). */
export function encodeIco(images) {
  const entries = images.map((image) => ({ size: image.size, data: image.size >= 256 ? image.png : icoBitmap(image) }));
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...entries.map((e) => e.data)]);
}

/** An ICNS container of PNG elements: 'icns', total length, then (type, length, data) records. */
export function encodeIcns(pngBySize) {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    if (!png) throw new Error(`no ${size}px render for ${type}`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + elements.reduce((sum, e) => sum + e.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

/** Every icon file, keyed by its path relative to resources/. */
export function buildIconSet(svg) {
  const renders = new Map(PNG_SIZES.map((size) => [size, renderSvg(svg, size)]));
  const files = new Map();
  for (const [size, image] of renders) files.set(`icons/${size}x${size}.png`, image.png);
  files.set('icon.ico', encodeIco(ICO_SIZES.map((size) => renders.get(size))));
  files.set('icon.icns', encodeIcns(new Map([...renders].map(([size, image]) => [size, image.png]))));
  return files;
}

/** Writes the icon set next to the SVG; returns the paths written. */
export function writeIconSet(resourcesDir) {
  const files = buildIconSet(readFileSync(join(resourcesDir, 'icon.svg')));
  for (const [relative, data] of files) {
    const path = join(resourcesDir, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  return [...files.keys()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const resourcesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');
  for (const path of writeIconSet(resourcesDir)) console.log(`resources/${path}`);
}
