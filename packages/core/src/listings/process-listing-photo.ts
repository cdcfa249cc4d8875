import sharp from 'sharp';
import { LISTING_MESSAGES as M, LISTING_PHOTO } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { detectImageKind, type ImageKind } from '../media/detect-image-kind.ts';
import { orientedPixels } from '../media/process-profile-photo.ts';

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
 * One listing photo → its thumb, card and full WebP variants (issue 4 "Photos"). The kind is judged by content
 * (jpeg, png, webp, heic); EXIF orientation is applied; the WebP output carries no metadata (no EXIF, GPS, XMP, ICC).
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.' for another kind, BAD_REQUEST
 * 'Error al procesar la imagen' when it cannot be decoded, PAYLOAD_TOO_LARGE over LISTING_PHOTO.maxBytes.
 */
export async function processListingPhoto(file: Buffer): Promise<ProcessedListingPhoto> {
  if (file.length > LISTING_PHOTO.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge);
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA', M.photoBadType);
  try {
    const { data, info } = await orientedPixels(file, kind);
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const base = sharp(data, raw);
    const [thumb, card, full] = await Promise.all([
      base.clone().resize(LISTING_PHOTO.thumb.width, LISTING_PHOTO.thumb.height, { fit: 'cover' }).webp({ quality: 72 }).toBuffer(),
      base.clone().resize(LISTING_PHOTO.card.width, LISTING_PHOTO.card.height, { fit: 'cover' }).webp({ quality: 78 }).toBuffer(),
      base.clone().resize(LISTING_PHOTO.fullMaxSide, LISTING_PHOTO.fullMaxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    ]);
    return { kind, thumb, card, full };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', M.photoProcessFailed);
  }
}
