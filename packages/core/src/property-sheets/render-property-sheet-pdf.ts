import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { MEDIA_URL_PREFIX, PROPERTY_MESSAGES, PROPERTY_SHEET_MESSAGES as M, type TPropertySheetSharer } from '@nj/contracts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { imageQueue } from '../media/image-queue.ts';
import { findOutline, locationThumbnailSvg } from '../properties/location-thumbnail.ts';

/**
 * What the PDF of a property sheet shows (issue 16; /ficha/pdf/{puid}/{cuid}), as already formatted Spanish strings:
 * the web app builds it from the same sheet its page renders, so page and PDF say the same.
 */
export type PropertySheetPdfContent = {
  title: string;
  /** 'Providencia, Guadalajara'. */
  place: string;
  /** 'NJ-1A2B3C'. */
  code: string;
  /** One line per operation, e.g. 'En renta: MXN $25,000/mes'. */
  prices: string[];
  /** Attribute rows (label, formatted value), e.g. { label: 'Recámaras', value: '3' }. */
  facts: { label: string; value: string }[];
  amenities: string[];
  description: string | null;
  /** The listing's canonical URL (the QR code's target). */
  listingUrl: string;
  sharer: TPropertySheetSharer;
  /** Public URLs of the listing's photos, cover first ('/media/properties/…'); at most PDF_MAX_PHOTOS are drawn. */
  photos: string[];
  point: { lat: number; lng: number };
};

/** Photos drawn in the PDF (one large, then small ones in a row): bounds the work of one PDF. */
export const PDF_MAX_PHOTOS = 4;
/** Largest stored file read for one picture, bytes (our photos are ≈ 0.1–0.5 MB WebP). */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const WIDTH = A4[0] - 2 * MARGIN;
const TEAL: RGB = rgb(0, 0.475, 0.416);
const INK: RGB = rgb(0.12, 0.12, 0.12);
const DIM: RGB = rgb(0.38, 0.38, 0.38);

const hexColor = (hex: string): RGB => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255) : TEAL;
};

/** The storage key of a public '/media/…' URL, or null for anything else. */
function mediaKey(url: string | null): string | null {
  if (!url || !url.startsWith(MEDIA_URL_PREFIX)) return null;
  try {
    return decodeURIComponent(url.slice(MEDIA_URL_PREFIX.length));
  } catch {
    return null;
  }
}

/** A stored picture as JPEG (photos) or PNG (logos: transparency), fitted into w × h px; null when missing or unreadable. */
async function readPicture(storage: MediaStorage, url: string | null, size: { w: number; h: number; fit: 'cover' | 'inside' }, as: 'jpeg' | 'png') {
  const key = mediaKey(url);
  if (!key) return null;
  try {
    const file = await storage.get(key);
    if (!file || file.body.length > MAX_PICTURE_BYTES) return null;
    return await imageQueue.run(async () => {
      const img = sharp(file.body, { limitInputPixels: 40_000_000 }).rotate().resize(size.w, size.h, { fit: size.fit, withoutEnlargement: size.fit === 'inside' });
      return as === 'jpeg' ? img.flatten({ background: '#ffffff' }).jpeg({ quality: 72, mozjpeg: true }).toBuffer() : img.png().toBuffer();
    });
  } catch {
    return null;
  }
}

/** The location picture (the colonia's or municipality's outline with a dot; location-thumbnail.ts) as PNG, 2× for print. */
async function mapPicture(point: { lat: number; lng: number }): Promise<Buffer | null> {
  try {
    const svg = locationThumbnailSvg(point, findOutline(point.lat, point.lng));
    return await imageQueue.run(() => sharp(Buffer.from(svg), { density: 144 }).png().toBuffer());
  } catch {
    return null;
  }
}

/** Splits `text` into lines no wider than `width` points at `size` (words longer than a line are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) { line = next; continue; }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The PDF of a property sheet (issue 16; spec 01 §2 /ficha/pdf/{puid}/{cuid}): A4, Helvetica (WinAnsi: every Spanish
 * letter, accents, ñ, ¿ ¡), a header in the sharer's colours (branded) or the app's teal (neutral) with the agency's
 * logo and the sharer's name and verified phone, the title, place, code and prices, up to PDF_MAX_PHOTOS photos
 * (JPEG through sharp, read from `storage`, two decodes at a time with the upload queue), the facts, amenities and
 * description, the location picture and a QR code to `listingUrl`. Text runs onto a second page when long.
 *
 * @returns the PDF bytes (pages: 1, or 2 with a long description)
 */
export async function renderPropertySheetPdf(deps: { storage: MediaStorage }, content: PropertySheetPdfContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(M.metaTitle(content.title));
  doc.setLanguage('es-MX');
  doc.setCreator(M.generatedBy);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(font.getCharacterSet());
  /** Text Helvetica can encode: other characters (emoji, arrows) are dropped, no-break spaces become spaces. */
  const clean = (s: string) => [...s.replace(/[\u00a0\u202f\u2007]/g, ' ')].filter((c) => drawable.has(c.codePointAt(0)!)).join('');

  const sharer = content.sharer;
  const band = sharer.kind === 'branded' ? hexColor(sharer.colors.primary) : TEAL;
  const onBand = sharer.kind === 'branded' ? hexColor(sharer.colors.onPrimary) : rgb(1, 1, 1);

  const [photos, logo, avatar, map, qr] = await Promise.all([
    Promise.all(content.photos.slice(0, PDF_MAX_PHOTOS).map((url, i) =>
      readPicture(deps.storage, url, i === 0 ? { w: 1030, h: 400, fit: 'cover' } : { w: 340, h: 204, fit: 'cover' }, 'jpeg'))),
    sharer.kind === 'branded' ? readPicture(deps.storage, sharer.agency?.logo ?? null, { w: 240, h: 120, fit: 'inside' }, 'png') : null,
    sharer.kind === 'branded' ? readPicture(deps.storage, sharer.photo, { w: 120, h: 120, fit: 'cover' }, 'jpeg') : null,
    mapPicture(content.point),
    QRCode.toBuffer(content.listingUrl, { type: 'png', margin: 1, width: 300, errorCorrectionLevel: 'M' }),
  ]);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => { page = doc.addPage(A4); y = A4[1] - MARGIN; };
  const ensure = (h: number) => { if (y - h < MARGIN + 20) newPage(); };
  const text = (s: string, o: { size: number; f?: PDFFont; color?: RGB; x?: number; width?: number; gap?: number }) => {
    const f = o.f ?? font;
    for (const line of wrap(clean(s), f, o.size, o.width ?? WIDTH)) {
      ensure(o.size * 1.3);
      y -= o.size * 1.3;
      page.drawText(line, { x: o.x ?? MARGIN, y: y + o.size * 0.25, size: o.size, font: f, color: o.color ?? INK });
    }
    y -= o.gap ?? 0;
  };

  // Header band: the agency (or the sharer) on the brand colour.
  const bandH = 78;
  page.drawRectangle({ x: 0, y: A4[1] - bandH, width: A4[0], height: bandH, color: band });
  let textX = MARGIN;
  if (avatar) {
    const img = await doc.embedJpg(avatar);
    page.drawImage(img, { x: MARGIN, y: A4[1] - bandH + 15, width: 48, height: 48 });
    textX += 60;
  }
  let logoW = 0;
  if (logo) {
    const img: PDFImage = await doc.embedPng(logo);
    const s = Math.min(120 / img.width, 52 / img.height);
    logoW = img.width * s;
    page.drawRectangle({ x: A4[0] - MARGIN - logoW - 8, y: A4[1] - bandH + 13, width: logoW + 16, height: 52, color: rgb(1, 1, 1) });
    page.drawImage(img, { x: A4[0] - MARGIN - logoW, y: A4[1] - bandH + 13 + (52 - img.height * s) / 2, width: logoW, height: img.height * s });
  }
  const headWidth = A4[0] - textX - MARGIN - (logoW ? logoW + 24 : 0);
  const headLines: { s: string; size: number; f: PDFFont }[] = [];
  if (sharer.kind === 'branded') {
    headLines.push({ s: sharer.agency?.name ?? sharer.name ?? M.agentRole, size: 16, f: bold });
    const who = [sharer.agency ? sharer.name : M.agentRole, sharer.phone ? `${M.phone}: ${sharer.phone}` : null].filter(Boolean).join('  ·  ');
    if (who) headLines.push({ s: who, size: 11, f: font });
  } else {
    headLines.push({ s: M.eyebrow, size: 16, f: bold });
    if (sharer.name) headLines.push({ s: `${M.sharedBy}: ${sharer.name}`, size: 11, f: font });
  }
  let hy = A4[1] - 32;
  for (const l of headLines) {
    const line = wrap(clean(l.s), l.f, l.size, headWidth)[0] ?? '';
    page.drawText(line, { x: textX, y: hy, size: l.size, font: l.f, color: onBand });
    hy -= l.size + 8;
  }
  y = A4[1] - bandH - 12;

  // Title, place, code, prices.
  text(content.title, { size: 18, f: bold, gap: 2 });
  text([content.place, `${PROPERTY_MESSAGES.propertyNumberLabel}: ${content.code}`].filter(Boolean).join('  ·  '), { size: 10, color: DIM, gap: 4 });
  for (const p of content.prices) text(p, { size: 15, f: bold, color: TEAL });
  y -= 8;

  // Photos: the cover large, the next ones in a row.
  const [cover, ...rest] = photos;
  if (cover) {
    const img = await doc.embedJpg(cover);
    const h = WIDTH * (img.height / img.width);
    ensure(h);
    y -= h;
    page.drawImage(img, { x: MARGIN, y, width: WIDTH, height: h });
    y -= 8;
  }
  const small = rest.filter((b): b is NonNullable<typeof b> => !!b);
  if (small.length) {
    const w = (WIDTH - 16) / 3;
    const h = w * (204 / 340);
    ensure(h);
    y -= h;
    for (const [i, b] of small.entries()) page.drawImage(await doc.embedJpg(b), { x: MARGIN + i * (w + 8), y, width: w, height: h });
    y -= 12;
  }

  // Two columns: facts and amenities on the left; the location picture and the QR code on the right.
  const RIGHT_W = 215;
  const LEFT_W = WIDTH - RIGHT_W - 20;
  const rightX = MARGIN + LEFT_W + 20;
  const mapH = RIGHT_W * 0.75, qrSize = 84;
  ensure(21 + mapH + 8 + qrSize);
  const top = y;
  text(PROPERTY_MESSAGES.location, { size: 13, f: bold, gap: 4, x: rightX, width: RIGHT_W });
  if (map) page.drawImage(await doc.embedPng(map), { x: rightX, y: y - mapH, width: RIGHT_W, height: mapH });
  y -= mapH + 8;
  page.drawImage(await doc.embedPng(qr), { x: rightX, y: y - qrSize, width: qrSize, height: qrSize });
  const qrTop = y;
  const captionX = rightX + qrSize + 8;
  const captionW = RIGHT_W - qrSize - 8;
  text(M.qrCaption, { size: 9.5, f: bold, x: captionX, width: captionW, gap: 3 });
  text(content.listingUrl, { size: 7.5, color: TEAL, x: captionX, width: captionW });
  const rightBottom = Math.min(y, qrTop - qrSize);
  const rightPage = page;

  y = top;
  if (content.facts.length) {
    text(PROPERTY_MESSAGES.features, { size: 13, f: bold, gap: 2, width: LEFT_W });
    for (const fact of content.facts) {
      ensure(15);
      y -= 14.5;
      const label = clean(`${fact.label}: `);
      page.drawText(label, { x: MARGIN, y, size: 10.5, font, color: DIM });
      page.drawText(clean(fact.value), { x: MARGIN + font.widthOfTextAtSize(label, 10.5), y, size: 10.5, font: bold, color: INK });
    }
    y -= 10;
  }
  if (content.amenities.length) {
    text(PROPERTY_MESSAGES.amenities, { size: 13, f: bold, gap: 2, width: LEFT_W });
    text(content.amenities.join(' · '), { size: 10, gap: 10, width: LEFT_W });
  }
  // Continue under whichever column ends lower (on the same page).
  if (page === rightPage) y = Math.min(y, rightBottom - 12);

  if (content.description) {
    text(PROPERTY_MESSAGES.description, { size: 13, f: bold, gap: 2 });
    text(content.description.length > 2500 ? `${content.description.slice(0, 2500).trimEnd()}…` : content.description, { size: 10, gap: 8 });
  }
  text(M.disclaimer, { size: 8.5, color: DIM });
  for (const p of doc.getPages()) p.drawText(M.generatedBy, { x: MARGIN, y: 22, size: 8, font, color: DIM });
  return doc.save();
}
