import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { decodeImage } from '../media/decode-image.ts';
import type { ImageKind } from '../media/detect-image-kind.ts';
import { imageQueue } from '../media/image-queue.ts';

/** Longest side of a watermarked image copy, px: enough to read a document, too small to pass for a fresh scan. */
export const WATERMARK_MAX_SIDE = 2000;

/** The text as XML character data. */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * An SVG as large as the image with `text` tiled diagonally (−30°) over it, in two tones (dark fill, light outline)
 * so it reads on light and dark paper, plus thin diagonal hatching that marks the copy even where no font is
 * installed. Sizes in px.
 */
export function watermarkSvg(width: number, height: number, text: string): Buffer {
  const size = Math.max(14, Math.round(Math.min(width, height) / 22));
  const tileW = Math.round(size * 0.56 * text.length + size * 3);
  const tileH = size * 5;
  const t = escapeXml(text);
  const line = (x: number, y: number) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${size}" font-weight="bold" fill="#7a0000" fill-opacity="0.38" stroke="#ffffff" stroke-opacity="0.38" stroke-width="${Math.max(1, size / 16)}">${t}</text>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
<pattern id="t" width="${tileW}" height="${tileH}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">${line(0, size * 1.5)}${line(-tileW / 2, size * 4)}${line(tileW / 2, size * 4)}</pattern>
<pattern id="h" width="${size * 2}" height="${size * 2}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)"><rect width="${size * 2}" height="1" fill="#7a0000" fill-opacity="0.18"/></pattern>
</defs>
<rect width="100%" height="100%" fill="url(#h)"/>
<rect width="100%" height="100%" fill="url(#t)"/>
</svg>`);
}

/**
 * A watermarked copy of an image document (issue 12 'The owner's decision'): decoded once through the image queue
 * (two at a time per process; HEIC in its worker), upright, at most WATERMARK_MAX_SIDE px a side, `text` tiled
 * diagonally across it (sharp composite of watermarkSvg), re-encoded as JPEG without metadata — never the original
 * bytes.
 * @returns JPEG bytes
 * @throws plain Errors for undecodable input (the caller answers 'Error al descargar el archivo')
 */
export async function watermarkImage(file: Buffer, kind: ImageKind, text: string): Promise<Buffer> {
  return imageQueue.run(async () => {
    const { data, info } = await decodeImage(file, kind, () => ({
      width: WATERMARK_MAX_SIDE, height: WATERMARK_MAX_SIDE, fit: 'inside', withoutEnlargement: true,
    }));
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .composite([{ input: watermarkSvg(info.width, info.height, text), top: 0, left: 0 }])
      .jpeg({ quality: 82 })
      .toBuffer();
  });
}

/** `text` with only what the standard PDF fonts encode (WinAnsi: Latin-1 letters, the dash, quotes); others '?'. */
export function pdfSafeText(text: string): string {
  return Array.from(text.normalize('NFC'), (c) => {
    const code = c.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
    return code <= 0xff || '—–‘’“”•€…'.includes(c) ? c : '?';
  }).join('');
}

/**
 * A watermarked copy of a PDF document (issue 12 'The owner's decision'): on EVERY page `text` is stamped
 * diagonally in rows across the page (Helvetica, red at 30 % opacity) and once, upright, along the bottom edge;
 * the original's metadata is replaced. Rotated pages are stamped in their own coordinates. Runs through the image
 * queue (two heavy jobs at a time per process).
 * @returns PDF bytes
 * @throws pdf-lib's errors for a file it cannot read (checked at upload, so only a damaged store)
 */
export async function watermarkPdf(file: Buffer, text: string): Promise<Buffer> {
  return imageQueue.run(() => stampPdf(file, text));
}

async function stampPdf(file: Buffer, text: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(file, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const safe = pdfSafeText(text);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(9, Math.min(width, height) / 30);
    const lineWidth = font.widthOfTextAtSize(safe, size);
    const stepY = size * 5;
    const stepX = lineWidth + size * 4;
    for (let y = -height; y < height * 1.6; y += stepY) {
      for (let x = -width; x < width * 1.6; x += stepX) {
        page.drawText(safe, { x: x + ((y / stepY) % 2) * (stepX / 2), y, size, font, color: rgb(0.55, 0, 0), opacity: 0.3, rotate: degrees(30) });
      }
    }
    const small = Math.max(6, Math.min(9, width / (safe.length * 0.6)));
    page.drawText(safe, { x: 12, y: 8, size: small, font, color: rgb(0.55, 0, 0), opacity: 0.9 });
  }
  pdf.setTitle(safe);
  pdf.setProducer('NJ Propiedades');
  pdf.setCreator('NJ Propiedades');
  pdf.setKeywords([]);
  pdf.setSubject(safe);
  pdf.setAuthor('');
  return Buffer.from(await pdf.save());
}
