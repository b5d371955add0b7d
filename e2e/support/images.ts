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

type Rgb = readonly [number, number, number];

/** A `width`×`height` RGB PNG, each pixel's colour given by `colourAt`. */
function png(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r, g, bl] = colourAt(x, y);
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

/**
 * A `width`×`height` PNG with diagonal stripes of two colours (RGB triples), so previews and galleries
 * show a visible picture.
 */
export const stripedPng = (width: number, height: number, a: Rgb, b: Rgb) =>
  png(width, height, (x, y) => (Math.floor((x + y) / 12) % 2 === 0 ? a : b));

/**
 * A `width`×`height` PNG in smooth gradients, like a camera's photo: PNG keeps it large (a 3000×2000
 * one is over 2 MB) where a JPEG of it is small, so a phone that shrinks photos does.
 */
export function photoLikePng(width: number, height: number): Buffer {
  const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return png(width, height, (x, y) => [
    byte((x * 255) / width),
    byte((y * 255) / height),
    byte(128 + 100 * Math.sin((x + y) / 150)),
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

/** The width and height of a JPEG, from its frame header; undefined when the bytes are no JPEG. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 8 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    // The start-of-frame markers (C0–CF, but for C4, C8 and CC, which are tables) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return undefined;
}
