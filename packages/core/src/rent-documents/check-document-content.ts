import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES as M, type DocumentContentType } from '@nj/contracts';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../errors/app-error.ts';
import { decodeImage } from '../media/decode-image.ts';
import { detectImageKind, type ImageKind } from '../media/detect-image-kind.ts';
import { imageQueue } from '../media/image-queue.ts';

/** How far into a PDF its `%PDF-` header may start, bytes; PDFs with more pages are refused (no statement has them). */
const PDF_HEADER_WITHIN = 1024;
export const PDF_MAX_PAGES = 100;

/** What a document is, judged by its content. */
export type DocumentContent = { contentType: DocumentContentType; ext: string; image: ImageKind | null };

/**
 * Checks an uploaded personal document by its CONTENT, never its name (issue 12 'Identity': INE front/back, proofs
 * of address and income "checked by content and size"): 1 byte to DOCUMENT_MAX_BYTES (10 MiB); a JPEG, PNG, WebP or
 * HEIC image by its magic bytes, whose header declares at most 40 MP / 12,000 px a side and which really decodes (a
 * thumbnail is decoded through the image queue, two at a time per process; HEIC in its worker); or a PDF that
 * pdf-lib parses (through the same queue), not encrypted, with 1–100 pages. When `filename` ends in a known document extension (.pdf, .png,
 * .jpg, .jpeg, .webp, .heic, .heif) that contradicts the content (a PNG named .pdf), it is refused: a mislabelled
 * file is either a mistake or a disguise.
 * @returns `{ contentType, ext, image }` (image: the image kind, null for a PDF)
 * @throws AppError BAD_REQUEST 'Elige un archivo' (empty) or 'No pudimos leer el archivo…' (damaged, encrypted PDF);
 *   PAYLOAD_TOO_LARGE 'El archivo pesa más de 10 MB'; UNSUPPORTED_MEDIA 'El archivo debe ser una foto… o un PDF';
 *   BAD_REQUEST (media texts) for a pixel bomb; UNSUPPORTED_MEDIA 'El contenido del archivo no corresponde…'
 */
export async function checkDocumentContent(file: Buffer, filename?: string | null): Promise<DocumentContent> {
  const content = await judgeContent(file);
  const ext = /\.([a-z0-9]{2,5})$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (ext && ext in EXTENSION_TYPES && EXTENSION_TYPES[ext] !== content.contentType) {
    throw new AppError('UNSUPPORTED_MEDIA', M.fileNameMismatch, { file: M.fileNameMismatch });
  }
  return content;
}

/** Known document extensions and the content they promise (a name with another extension is not judged). */
const EXTENSION_TYPES: Record<string, DocumentContentType> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', heic: 'image/heic', heif: 'image/heic',
};

async function judgeContent(file: Buffer): Promise<DocumentContent> {
  if (file.length === 0) throw new AppError('BAD_REQUEST', M.fileRequired, { file: M.fileRequired });
  if (file.length > DOCUMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { file: M.fileTooLarge });
  const unreadable = () => new AppError('BAD_REQUEST', M.fileUnreadable, { file: M.fileUnreadable });
  if (file.subarray(0, PDF_HEADER_WITHIN).indexOf('%PDF-') >= 0) {
    let pages: number;
    try {
      pages = await imageQueue.run(async () => (await PDFDocument.load(file, { updateMetadata: false })).getPageCount());
    } catch {
      throw unreadable();
    }
    if (pages < 1 || pages > PDF_MAX_PAGES) throw unreadable();
    return { contentType: 'application/pdf', ext: 'pdf', image: null };
  }
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (kind === null) throw new AppError('UNSUPPORTED_MEDIA', M.fileType, { file: M.fileType });
  try {
    await imageQueue.run(() => decodeImage(file, kind, () => ({ width: 32, height: 32, fit: 'inside' })));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  return { contentType: `image/${kind}`, ext: kind === 'jpeg' ? 'jpg' : kind, image: kind };
}
