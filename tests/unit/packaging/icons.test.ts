import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIconSet, ICNS_TYPES, ICO_SIZES, PNG_SIZES } from '../../../scripts/make-icons.mjs';
import { ROOT } from './production-build';

const resources = join(ROOT, 'resources');
const read = (relative: string): Buffer => readFileSync(join(resources, relative));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer): [number, number] => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('icon set', () => {
  it('is exactly what resources/icon.svg renders to (regenerate with `npm run icons`)', () => {
    const expected = buildIconSet(read('icon.svg'));
    expect([...expected.keys()].sort()).toEqual(['icon.icns', 'icon.ico', ...PNG_SIZES.map((s) => `icons/${s}x${s}.png`)].sort());
    for (const [relative, data] of expected) expect(read(relative).equals(data), relative).toBe(true);
  });

  it('has a PNG of every size from 16 to 1024', () => {
    for (const size of PNG_SIZES) {
      const png = read(`icons/${size}x${size}.png`);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(png)).toEqual([size, size]);
    }
  });

  it('writes a well-formed ICO: 32-bit bitmaps below 256 px, PNG at 256', () => {
    const ico = read('icon.ico');
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const entries = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      return { size: ico.readUInt8(at) || 256, bits: ico.readUInt16LE(at + 6), length: ico.readUInt32LE(at + 8), offset: ico.readUInt32LE(at + 12) };
    });
    expect(entries.map((e) => e.size)).toEqual(ICO_SIZES);
    for (const { size, bits, length, offset } of entries) {
      expect(bits).toBe(32);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const data = ico.subarray(offset, offset + length);
      if (size === 256) {
        expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(pngSize(data)).toEqual([256, 256]);
      } else {
        expect([data.readUInt32LE(0), data.readInt32LE(4), data.readInt32LE(8), data.readUInt16LE(14)]).toEqual([40, size, size * 2, 32]);
        expect(length).toBe(40 + size * size * 4 + Math.ceil(size / 32) * 4 * size);
      }
    }
  });

  it('stores ICO bitmaps bottom-up with straight alpha (the Z reads the right way up)', () => {
    const ico = read('icon.ico');
    const index = ICO_SIZES.indexOf(64);
    const offset = ico.readUInt32LE(6 + 16 * index + 12);
    // BGRA pixel at (x, y) from the top, in a bottom-up 64×64 bitmap after the 40-byte header.
    const pixel = (x: number, y: number) => {
      const at = offset + 40 + ((63 - y) * 64 + x) * 4;
      return { b: ico.readUInt8(at), g: ico.readUInt8(at + 1), r: ico.readUInt8(at + 2), a: ico.readUInt8(at + 3) };
    };
    expect(pixel(0, 0).a).toBe(0); // outside the rounded square
    expect(pixel(37, 28)).toEqual({ b: 255, g: 255, r: 255, a: 255 }); // on the Z's diagonal
    expect(pixel(37, 35).b).toBeGreaterThan(pixel(37, 35).r); // the mirrored spot is background blue
  });

  it('writes a well-formed ICNS of PNG elements up to 1024 px', () => {
    const icns = read('icon.icns');
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: Array<[string, number]> = [];
    for (let at = 8; at < icns.length; ) {
      const type = icns.subarray(at, at + 4).toString('ascii');
      const length = icns.readUInt32BE(at + 4);
      const png = icns.subarray(at + 8, at + length);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), type).toBe(true);
      found.push([type, pngSize(png)[0]]);
      at += length;
    }
    expect(found).toEqual(ICNS_TYPES);
    expect(found.map(([type]) => type)).toEqual(expect.arrayContaining(['ic07', 'ic08', 'ic09', 'ic10']));
  });
});
