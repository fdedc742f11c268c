import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

// Images for upload tests, made in memory.

/** A small solid PNG of `width` × `height`. */
export function solidPng(width = 40, height = 30, colour = '#3c6'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A 64 × 48 JPEG as a phone takes it: EXIF holding the owner's name and a description, and the
 * orientation tag saying it must be turned a quarter (so it is shown 48 × 64).
 */
export function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'Taken at 12 Home Street' } })
    .toBuffer();
}

/** A valid PNG padded with zeros after its end to exactly `bytes` (decoders ignore the tail). */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const png = await solidPng(8, 8);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid grey PNG of `size` × `size` pixels, all black: a few hundred kilobytes on disk
 * for 20000 × 20000 (400 MB once decoded), a decompression bomb. Written row by row through
 * zlib, so the whole image is never in memory here either.
 */
export async function decompressionBomb(size = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const deflate = createDeflate({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(size + 1); // filter byte 0, then black pixels
  for (let y = 0; y < size; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
