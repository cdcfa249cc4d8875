import sharp from 'sharp';
import { PROFILE_PHOTO, PROFILE_PHOTO_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { detectImageKind, type ImageKind } from './detect-image-kind.ts';
import { decodeImage, readDeclaredSize } from './decode-image.ts';
import { imageQueue } from './image-queue.ts';

export type ProcessedProfilePhoto = {
  kind: ImageKind;
  /** Square WebP, PROFILE_PHOTO.size px a side (smaller when the source is smaller), no metadata. */
  image: Buffer;
  /** Square WebP thumbnail, PROFILE_PHOTO.thumbSize px a side. */
  thumbnail: Buffer;
  /** Side of `image`, px. */
  side: number;
};

/**
 * Turns an uploaded profile picture into the stored square and its thumbnail (spec 02 §2 modal 7, §4 "Profile
 * photo", §5). The kind is judged by content (jpeg, png, webp, heic); the declared size is checked from the header
 * before decoding (at most IMAGE_LIMITS: 40 megapixels, issue 7 §1); the image is decoded once, in the process-wide
 * image queue, upright (EXIF orientation applied) and cut to its largest centred square already resized to at most
 * 512 px (the browser crops too; the server enforces it); the 128 px thumbnail is made from that; both are written
 * as WebP with every metadata block (EXIF, GPS, ICC, XMP) dropped. HEIC is decoded with `heic-decode` (libheif).
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.' for another kind, BAD_REQUEST
 * MEDIA_UPLOAD_MESSAGES.tooManyPixels over the pixel limit, BAD_REQUEST 'Error al procesar la imagen' when the file
 * cannot be decoded, BAD_REQUEST 'La imagen es demasiado pequeña' under PROFILE_PHOTO.minSide.
 */
export async function processProfilePhoto(file: Buffer): Promise<ProcessedProfilePhoto> {
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA', PROFILE_PHOTO_MESSAGES.badExtension);
  try {
    // Refuse bombs at once, without waiting for a slot in the queue.
    await readDeclaredSize(file, kind);
    return await imageQueue.run(async () => {
      let outSide = 0;
      const { data, info } = await decodeImage(file, kind, ({ width, height }) => {
        const side = Math.min(width, height);
        if (side < PROFILE_PHOTO.minSide) throw new AppError('BAD_REQUEST', PROFILE_PHOTO_MESSAGES.tooSmall);
        outSide = Math.min(side, PROFILE_PHOTO.size);
        return { width: outSide, height: outSide, fit: 'cover', position: 'centre' };
      });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
      const image = await sharp(data, raw).webp({ quality: 82 }).toBuffer();
      const thumbSide = Math.min(outSide, PROFILE_PHOTO.thumbSize);
      const thumbnail = await sharp(data, raw).resize(thumbSide, thumbSide).webp({ quality: 78 }).toBuffer();
      return { kind, image, thumbnail, side: outSide };
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', PROFILE_PHOTO_MESSAGES.processFailed);
  }
}
