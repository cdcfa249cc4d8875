import sharp from 'sharp';
import { LISTING_MESSAGES as M, LISTING_PHOTO } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { detectImageKind, type ImageKind } from '../media/detect-image-kind.ts';
import { decodeImage, readDeclaredSize } from '../media/decode-image.ts';
import { imageQueue } from '../media/image-queue.ts';

export type ProcessedListingPhoto = {
  kind: ImageKind;
  /** WebP 160×120 (4:3, centre crop). */
  thumb: Buffer;
  /** WebP 305×229 (4:3, centre crop): the card carousel (spec 01 §2, §9). */
  card: Buffer;
  /** WebP, whole picture, longest side at most 1600 px, never enlarged. */
  full: Buffer;
};

/**
 * The cheap checks of a listing photo, without decoding it (issue 7 §1): size in bytes, kind by content, pixels
 * declared in the header. Returns the kind and whether it is a large upload, processed by the job queue after the
 * answer (over LISTING_PHOTO.inlineMaxPixels declared, or a HEIC over inlineMaxHeicBytes; issue 8 §4). Throws AppError PAYLOAD_TOO_LARGE over LISTING_PHOTO.maxBytes,
 * UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.', BAD_REQUEST MEDIA_UPLOAD_MESSAGES.tooManyPixels,
 * BAD_REQUEST 'Error al procesar la imagen' when the header cannot be read.
 */
export async function checkListingPhoto(file: Buffer): Promise<{ kind: ImageKind; large: boolean }> {
  if (file.length > LISTING_PHOTO.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge);
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA', M.photoBadType);
  try {
    const size = await readDeclaredSize(file, kind);
    const large = size ? size.width * size.height > LISTING_PHOTO.inlineMaxPixels : file.length > LISTING_PHOTO.inlineMaxHeicBytes;
    return { kind, large };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', M.photoProcessFailed);
  }
}

/**
 * One listing photo → its thumb, card and full WebP variants (issue 4 "Photos"). The kind is judged by content
 * (jpeg, png, webp, heic); the size declared in the header is checked before decoding (IMAGE_LIMITS: at most 40
 * megapixels, 12,000 px a side; issue 7 §1); the image is decoded once, in the process-wide image queue (two at a
 * time), straight into the ≤ 1600 px upright `full` pixels, from which card and thumb are cut. EXIF orientation is
 * applied; the WebP output carries no metadata (no EXIF, GPS, XMP, ICC).
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.' for another kind, BAD_REQUEST
 * MEDIA_UPLOAD_MESSAGES.tooManyPixels over the pixel limit, BAD_REQUEST 'Error al procesar la imagen' when it cannot
 * be decoded, PAYLOAD_TOO_LARGE over LISTING_PHOTO.maxBytes.
 */
export async function processListingPhoto(file: Buffer): Promise<ProcessedListingPhoto> {
  // Refuse bombs at once, without waiting for a slot in the queue.
  const { kind } = await checkListingPhoto(file);
  try {
    return await imageQueue.run(async () => {
      const { data, info } = await decodeImage(file, kind, () => ({
        width: LISTING_PHOTO.fullMaxSide, height: LISTING_PHOTO.fullMaxSide, fit: 'inside', withoutEnlargement: true,
      }));
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
      const [full, card, thumb] = await Promise.all([
        sharp(data, raw).webp({ quality: 82 }).toBuffer(),
        sharp(data, raw).resize(LISTING_PHOTO.card.width, LISTING_PHOTO.card.height, { fit: 'cover' }).webp({ quality: 78 }).toBuffer(),
        sharp(data, raw).resize(LISTING_PHOTO.thumb.width, LISTING_PHOTO.thumb.height, { fit: 'cover' }).webp({ quality: 72 }).toBuffer(),
      ]);
      return { kind, thumb, card, full };
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', M.photoProcessFailed);
  }
}
