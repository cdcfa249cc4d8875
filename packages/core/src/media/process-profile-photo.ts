/// <reference path="./heic-decode.d.ts" />
import sharp, { type OutputInfo } from 'sharp';
import decodeHeic from 'heic-decode';
import { PROFILE_PHOTO, PROFILE_PHOTO_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { detectImageKind, type ImageKind } from './detect-image-kind.ts';

/** Largest decoded image we accept, in pixels (about 100 megapixels); bigger is refused as unprocessable. */
const MAX_INPUT_PIXELS = 100_000_000;

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
 * photo", §5). The kind is judged by content (jpeg, png, webp, heic); EXIF orientation is applied, then the
 * largest centred square is cut (the browser crops too; the server enforces it), resized down to 512 px and
 * 128 px, written as WebP with every metadata block (EXIF, GPS, ICC, XMP) dropped.
 * HEIC: the prebuilt sharp here has no HEVC decoder, so HEIC is decoded with `heic-decode` (libheif in wasm).
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.' for another kind, BAD_REQUEST
 * 'Error al procesar la imagen' when the file cannot be decoded or is tinier than PROFILE_PHOTO.minSide.
 */
export async function processProfilePhoto(file: Buffer): Promise<ProcessedProfilePhoto> {
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA', PROFILE_PHOTO_MESSAGES.badExtension);
  try {
    const oriented = await orientedPixels(file, kind);
    const { width, height } = oriented.info;
    const side = Math.min(width, height);
    if (side < PROFILE_PHOTO.minSide) throw new AppError('BAD_REQUEST', PROFILE_PHOTO_MESSAGES.tooSmall);
    const raw = { raw: { width, height, channels: oriented.info.channels } } as const;
    const left = Math.floor((width - side) / 2);
    const top = Math.floor((height - side) / 2);
    const square = sharp(oriented.data, raw).extract({ left, top, width: side, height: side });
    const outSide = Math.min(side, PROFILE_PHOTO.size);
    const image = await square.clone().resize(outSide, outSide).webp({ quality: 82 }).toBuffer();
    const thumbSide = Math.min(side, PROFILE_PHOTO.thumbSize);
    const thumbnail = await square.clone().resize(thumbSide, thumbSide).webp({ quality: 78 }).toBuffer();
    return { kind, image, thumbnail, side: outSide };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', PROFILE_PHOTO_MESSAGES.processFailed);
  }
}

/** Decoded RGB(A) pixels, upright (EXIF orientation applied; HEIC through heic-decode). Throws on undecodable input. */
export async function orientedPixels(file: Buffer, kind: ImageKind): Promise<{ data: Buffer; info: OutputInfo }> {
  if (kind === 'heic') {
    // libheif applies the HEIF rotation/mirror properties while decoding.
    const decoded = await decodeHeic({ buffer: file });
    if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw new Error('too many pixels');
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    }).raw().toBuffer({ resolveWithObject: true });
  }
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
}
