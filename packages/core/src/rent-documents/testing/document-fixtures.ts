import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Database } from '@nj/db';
import { createTestClientSession } from '../../likes/testing/registered-session.ts';
import { insertTestProperties } from '../../search/testing/insert-properties.ts';

/** For tests: a small photo-like PNG (a gradient with noise, so a watermark changes its pixels), `w`×`h` px. */
export async function testPng(w = 320, h = 200): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * w + x) * 3;
    raw[i] = (x * 255) / w; raw[i + 1] = (y * 255) / h; raw[i + 2] = 128;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
}

/** For tests: a small JPEG photo. */
export async function testJpeg(w = 320, h = 200): Promise<Buffer> {
  return sharp(await testPng(w, h)).jpeg({ quality: 90 }).toBuffer();
}

/** For tests: a PDF of `pages` pages with a line of text each. */
export async function testPdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) pdf.addPage([612, 792]).drawText(`Estado de cuenta, página ${p + 1}`, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

/**
 * For tests: a PNG whose header declares `side`×`side` px but whose data is tiny (a pixel bomb): one IDAT of a
 * few zero rows compressed. Only the header matters to the size check.
 */
export async function pixelBombPng(side = 20_000): Promise<Buffer> {
  const png = await testPng(8, 8);
  const bomb = Buffer.from(png);
  // IHDR data starts at byte 16: width (4 bytes), height (4 bytes); then its CRC, which sharp checks: recompute it.
  bomb.writeUInt32BE(side, 16);
  bomb.writeUInt32BE(side, 20);
  const { crc32 } = await import('node:zlib');
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)) >>> 0, 29);
  return bomb;
}

/** For tests: an owner, a renter and a stranger with sessions, and a rent of the owner's listing (step given). */
export async function insertTestRent(database: Database, step = 'client_offer_in_process', at = { lat: 18.36, lng: -114.75 }) {
  const owner = await createTestClientSession(database);
  const renter = await createTestClientSession(database);
  const stranger = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [{ ...at, owner_cuid: owner.cuid, rent_price: 15000 }]) as unknown as [{ puid: string }];
  const ruid = `r${randomBytes(8).toString('hex')}`;
  await database.db.insertInto('rents').values({ ruid, puid, renter_cuid: renter.cuid, owner_cuid: owner.cuid, step } as never).execute();
  return { owner, renter, stranger, puid, ruid };
}
