import { crc32, deflateSync } from 'node:zlib';

/** Small real images for upload journeys (the server checks the bytes, not the name). */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A `width`×`height` PNG with diagonal stripes of two colours (RGB triples), so previews and galleries
 * show a visible picture.
 */
export function stripedPng(
  width: number,
  height: number,
  a: readonly [number, number, number],
  b: readonly [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r, g, bl] = Math.floor((x + y) / 12) % 2 === 0 ? a : b;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = bl;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 grey JPEG. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A file for `setInputFiles`. */
export const pngFile = (name: string, colours: [[number, number, number], [number, number, number]]) => ({
  name,
  mimeType: 'image/png',
  buffer: stripedPng(96, 72, colours[0], colours[1]),
});
export const jpegFile = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: TINY_JPEG });
