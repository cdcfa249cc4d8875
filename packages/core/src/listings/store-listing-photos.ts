import { randomBytes } from 'node:crypto';
import { LISTING_MESSAGES as M, listingPhotoKey } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { checkListingPhoto, processListingPhoto } from './process-listing-photo.ts';

/** Where photos live: a published listing (`properties/{puid}/…`) or a draft of the form (`drafts/{draftId}/…`). */
export type PhotoPlace = 'properties' | 'drafts';

/** What storing photos needs: the database (journal of pending keys) and the media storage. */
export type PhotoDeps = { database: Database; storage: MediaStorage };

/** Storage key of a photo variant; for 'properties' the same as listingPhotoKey (`/media/{key}` serves it). */
export function photoVariantKey(place: PhotoPlace, id: string, name: string, variant: 'thumb' | 'card' | 'full'): string {
  return place === 'properties' ? listingPhotoKey(id, name, variant) : `drafts/${id}/${name}${variant === 'full' ? '' : `_${variant}`}.webp`;
}

/** Storage key of a photo's original upload. Kept under `originals/` and never served by /media (it may carry GPS). */
export function listingOriginalKey(puid: string, name: string, place: PhotoPlace = 'properties'): string {
  return `originals/${place}/${puid}/${name}`;
}

/** Every storage key of one photo: the three WebP variants and the original. */
export function listingPhotoKeys(puid: string, name: string, place: PhotoPlace = 'properties'): string[] {
  return [photoVariantKey(place, puid, name, 'thumb'), photoVariantKey(place, puid, name, 'card'), photoVariantKey(place, puid, name, 'full'), listingOriginalKey(puid, name, place)];
}

/** Every storage key of the named photos of listing (or draft) `id`. */
export function photoKeysOf(id: string, names: string[], place: PhotoPlace = 'properties'): string[] {
  return names.flatMap((n) => listingPhotoKeys(id, n, place));
}

/** What storeListingPhotos wrote: names in upload order, every key written, and the names left to the job queue. */
export type StoredPhotos = { names: string[]; keys: string[]; processing: string[] };

/**
 * Checks every file cheaply first (kind by content, size, pixels declared in the header: checkListingPhoto), then
 * stores each under a new random name, in the listing `puid` or (place 'drafts') the draft of that id: a small photo
 * is processed here, ONE AT A TIME (processListingPhoto, through the process-wide image queue), and its variants and
 * original stored; a large one (checkListingPhoto's `large`; issue 8 §4) has only its original stored and is named in
 * `processing`: the caller marks it `processing` in the row and enqueues PROCESS_PHOTO_JOB in the same transaction
 * (enqueuePhotoProcessing), and the job writes its variants after the answer.
 * Before a photo's files are written its keys are recorded in the media_pending journal (committed), so a crash
 * leaves nothing that is served or kept: the caller removes them from the journal (settleStoredPhotos) in the
 * transaction that commits the row referencing the names, or discards them (discardMediaKeys) when it fails.
 * Returns StoredPhotos. On any failure what was written is removed; processing errors propagate (AppError
 * 400/413/415), a storage failure throws AppError INTERNAL 'No se pudieron guardar las fotos, inténtalo de nuevo'.
 */
export async function storeListingPhotos(deps: PhotoDeps, puid: string, files: Buffer[], place: PhotoPlace = 'properties'): Promise<StoredPhotos> {
  const checked: { large: boolean }[] = [];
  for (const file of files) checked.push(await checkListingPhoto(file));
  const names: string[] = [];
  const keys: string[] = [];
  const processing: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const large = checked[i]!.large;
      const p = large ? null : await processListingPhoto(file);
      const name = randomBytes(8).toString('hex');
      const photoKeys = p ? listingPhotoKeys(puid, name, place) : [listingOriginalKey(puid, name, place)];
      try {
        await recordPendingKeys(deps.database.db, photoKeys);
        names.push(name);
        keys.push(...photoKeys);
        if (!p) processing.push(name);
        await Promise.all(p
          ? [
            deps.storage.put(photoKeys[0]!, p.thumb, { contentType: 'image/webp' }),
            deps.storage.put(photoKeys[1]!, p.card, { contentType: 'image/webp' }),
            deps.storage.put(photoKeys[2]!, p.full, { contentType: 'image/webp' }),
            deps.storage.put(photoKeys[3]!, file, { contentType: 'application/octet-stream' }),
          ]
          : [deps.storage.put(photoKeys[0]!, file, { contentType: 'application/octet-stream' })]);
      } catch (error) {
        console.error('storeListingPhotos: store failed', error instanceof Error ? error.message : error);
        throw new AppError('INTERNAL', M.photoStoreFailed);
      }
    }
  } catch (error) {
    await discardMediaKeys(deps, keys);
    throw error;
  }
  return { names, keys, processing };
}

/**
 * Inside the transaction that commits the row referencing freshly stored photos: takes their keys out of the
 * media_pending journal. Throws AppError INTERNAL 'No se pudieron guardar las fotos…' when some were already swept
 * (their files are gone), so the transaction rolls back instead of referencing missing files.
 */
export async function settleStoredPhotos(db: Parameters<typeof settlePendingKeys>[0], keys: string[]): Promise<void> {
  if (await settlePendingKeys(db, keys) !== keys.length) throw new AppError('INTERNAL', M.photoStoreFailed);
}

/**
 * Copies every stored file of the draft photos to the listing `puid` (same names), recording the new keys as
 * pending first (see storeListingPhotos). A draft photo still `processing` has only its original, which is copied;
 * the caller keeps it `processing` in the listing and enqueues its job there. Returns the keys written. Throws
 * AppError INTERNAL 'No se pudieron guardar las fotos…' when one is missing or cannot be written (what was copied
 * is removed).
 */
export async function copyDraftPhotos(deps: PhotoDeps, draftId: string, puid: string, photos: { name: string; processing?: boolean }[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const { name, processing } of photos) {
      const from = processing ? [listingOriginalKey(draftId, name, 'drafts')] : listingPhotoKeys(draftId, name, 'drafts');
      const to = processing ? [listingOriginalKey(puid, name, 'properties')] : listingPhotoKeys(puid, name, 'properties');
      await recordPendingKeys(deps.database.db, to);
      written.push(...to);
      await Promise.all(from.map(async (key, i) => {
        const object = await deps.storage.get(key);
        if (!object) throw new Error(`missing ${key}`);
        await deps.storage.put(to[i]!, object.body, { contentType: object.contentType });
      }));
    }
  } catch (error) {
    console.error('copyDraftPhotos: copy failed', error instanceof Error ? error.message : error);
    await discardMediaKeys(deps, written);
    throw new AppError('INTERNAL', M.photoStoreFailed);
  }
  return written;
}
