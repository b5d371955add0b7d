/**
 * Small PNG pictures for demo data (activity photos): a sky, a sun and a field in colours picked by
 * `seed`, encoded with node:zlib. Enough to show real photos in the gallery without shipping images.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SKIES: [number, number, number][] = [
  [135, 196, 235],
  [250, 200, 150],
  [170, 210, 240],
  [200, 180, 230],
];
const FIELDS: [number, number, number][] = [
  [96, 160, 72],
  [190, 150, 90],
  [70, 140, 110],
  [150, 180, 80],
];

/** A `width` × `height` RGB PNG. */
export function demoPicture(seed: number, width = 320, height = 240): Buffer {
  const sky = SKIES[seed % SKIES.length];
  const field = FIELDS[(seed >> 2) % FIELDS.length];
  const sun = { x: width * (0.2 + 0.15 * (seed % 5)), y: height * 0.3, r: height * 0.12 };
  const horizon = height * (0.6 + 0.05 * (seed % 3));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const inSun = (x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2;
      const wave = Math.sin(x / 23 + seed) * 6;
      const [r, g, b] = inSun ? [250, 215, 80] : y > horizon + wave ? field : sky;
      const shade = y > horizon ? 1 - (y - horizon) / (height * 2) : 1;
      row.writeUInt8(Math.round(r * shade), 1 + x * 3);
      row.writeUInt8(Math.round(g * shade), 2 + x * 3);
      row.writeUInt8(Math.round(b * shade), 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
