import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ADS_MESSAGES as M, AD_UID, PROFILE_PHOTO_MESSAGES, type TStaffAd } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { detectImageKind } from '../media/detect-image-kind.ts';
import { decodeImage, readDeclaredSize } from '../media/decode-image.ts';
import { imageQueue } from '../media/image-queue.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository } from './ads-repository.ts';
import { presentStaffAd } from './present-ad.ts';

/** Largest stored ad image, px (it is shown at most ~320 px wide over the map, twice for dense screens). */
const AD_IMAGE_MAX = { width: 640, height: 400 };

/**
 * An ad image from an upload: the kind judged by content (JPEG, PNG, WebP or HEIC), the declared size checked from
 * the header before decoding (40 megapixels at most), decoded upright in the image queue, fitted inside 640 × 400 px
 * and written as WebP without metadata.
 * @throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.' for another kind; BAD_REQUEST over
 *   the pixel limit or when it cannot be decoded
 */
export async function processAdImage(file: Buffer): Promise<Buffer> {
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA', PROFILE_PHOTO_MESSAGES.badExtension);
  try {
    await readDeclaredSize(file, kind);
    return await imageQueue.run(async () => {
      const { data, info } = await decodeImage(file, kind, ({ width, height }) => {
        const scale = Math.min(1, AD_IMAGE_MAX.width / width, AD_IMAGE_MAX.height / height);
        return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill' };
      });
      return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).webp({ quality: 82 }).toBuffer();
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', PROFILE_PHOTO_MESSAGES.processFailed);
  }
}

/**
 * A support user uploads an ad's image (POST /v1/ads/{ad_uid}/image, multipart `image`; decision 034): checked and
 * re-encoded by processAdImage, stored as `ads/{ad_uid}/{id}.webp` journaled as pending until the ad points at it;
 * the previous image is deleted after. Served at /media/{key} while it is the ad's image (media-access.ts).
 * @returns the ad now (TStaffAd)
 * @throws AppError UNAUTHORIZED / FORBIDDEN; NOT_FOUND 'Ese anuncio del mapa no existe'; UNSUPPORTED_MEDIA /
 *   BAD_REQUEST as processAdImage; INTERNAL when storing fails; RATE_LIMITED
 */
export async function uploadAdImage(
  deps: { database: Database; limiter: RateLimiter; storage: MediaStorage },
  input: { actor: Actor; ip: string; adUid: string; file: Buffer },
): Promise<TStaffAd> {
  authorize(input.actor, adPolicy, 'manage');
  if (!AD_UID.test(input.adUid)) throw new AppError('NOT_FOUND', M.adNotFound);
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'manage');
  const { db } = deps.database;
  if (!(await adsRepository.find(db, input.adUid))) throw new AppError('NOT_FOUND', M.adNotFound);
  const image = await processAdImage(input.file);
  const key = `ads/${input.adUid}/${randomBytes(9).toString('hex')}.webp`;
  let retired: string[] = [];
  try {
    await recordPendingKeys(db, [key]);
    await deps.storage.put(key, image, { contentType: 'image/webp' });
    await db.transaction().execute(async (trx) => {
      const previous = await adsRepository.setImage(trx, input.adUid, key);
      if (previous === undefined) throw new AppError('NOT_FOUND', M.adNotFound);
      if (await settlePendingKeys(trx, [key]) !== 1) throw new Error('pending keys were swept');
      if (previous) {
        retired = [previous];
        await recordPendingKeys(trx, retired);
      }
    });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    if (error instanceof AppError) throw error;
    console.error('uploadAdImage: store failed', error instanceof Error ? error.message : error);
    throw new AppError('INTERNAL', PROFILE_PHOTO_MESSAGES.updateFailed);
  }
  await discardMediaKeys(deps, retired);
  return presentStaffAd((await adsRepository.find(db, input.adUid))!);
}
