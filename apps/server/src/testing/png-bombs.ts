import { once } from 'node:events';
import { crc32, createDeflate, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC-32 of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The IHDR chunk of an 8-bit RGB, deflate, unfiltered, non-interlaced PNG of width × height px. */
function ihdr(width: number, height: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d.set([8, 2, 0, 0, 0], 8);
  return pngChunk('IHDR', d);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * For upload tests: a real decompression bomb, a valid side×side black RGB PNG whose pixels deflate ~1000:1
 * (10,000² → ~300 KB on the wire, ~300 MB decoded). Built row by row, so making it takes little memory.
 */
export async function pngBomb(side: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + side * 3);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** For upload tests: a PNG that declares 100,000 × 100,000 pixels but carries a few rows only. */
export function hugeDeclaredPng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(100_000, 100_000), pngChunk('IDAT', deflateSync(Buffer.alloc(4 * 300_001))), pngChunk('IEND', Buffer.alloc(0))]);
}
