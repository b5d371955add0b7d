import { fileTypeFromBuffer } from 'file-type';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoPicture } from './demo-picture.ts';

describe('demoPicture', () => {
  it('is a PNG that file-type recognises by its bytes (as uploads are checked), with the asked size', async () => {
    const png = demoPicture(3, 64, 48);
    expect(await fileTypeFromBuffer(png)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(png.readUInt32BE(16)).toBe(64);
    expect(png.readUInt32BE(20)).toBe(48);
    // The pixel data inflates to one filter byte and 3 bytes a pixel per row.
    const idatLength = png.readUInt32BE(33);
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(48 * (1 + 64 * 3));
  });

  it('differs by seed', () => {
    expect(demoPicture(1, 32, 32).equals(demoPicture(2, 32, 32))).toBe(false);
  });
});
