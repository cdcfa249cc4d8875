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

/**
 * Checks every file cheaply first (kind by content, size, pixels declared in the header: checkListingPhoto), then
 * processes them ONE AT A TIME (processListingPhoto, through the process-wide image queue) and stores each one's
 * variants and original under a new random name, in the listing `puid` or (place 'drafts') the draft of that id.
 * Before a photo's files are written its keys are recorded in the media_pending journal (committed), so a crash
 * leaves nothing that is served or kept: the caller removes them from the journal (settleStoredPhotos) in the
 * transaction that commits the row referencing the names, or discards them (discardMediaKeys) when it fails.
 * Returns the names in upload order and every key written. On any failure what was written is removed; processing
 * errors propagate (AppError 400/413/415), a storage failure throws AppError INTERNAL 'No se pudieron guardar las
 * fotos, inténtalo de nuevo'.
 */
export async function storeListingPhotos(deps: PhotoDeps, puid: string, files: Buffer[], place: PhotoPlace = 'properties'): Promise<{ names: string[]; keys: string[] }> {
  for (const file of files) await checkListingPhoto(file);
  const names: string[] = [];
  const keys: string[] = [];
  try {
    for (const file of files) {
      const p = await processListingPhoto(file);
      const name = randomBytes(8).toString('hex');
      const photoKeys = listingPhotoKeys(puid, name, place);
      try {
        await recordPendingKeys(deps.database.db, photoKeys);
        names.push(name);
        keys.push(...photoKeys);
        await Promise.all([
          deps.storage.put(photoKeys[0]!, p.thumb, { contentType: 'image/webp' }),
          deps.storage.put(photoKeys[1]!, p.card, { contentType: 'image/webp' }),
          deps.storage.put(photoKeys[2]!, p.full, { contentType: 'image/webp' }),
          deps.storage.put(photoKeys[3]!, file, { contentType: 'application/octet-stream' }),
        ]);
      } catch (error) {
        console.error('storeListingPhotos: store failed', error instanceof Error ? error.message : error);
        throw new AppError('INTERNAL', M.photoStoreFailed);
      }
    }
  } catch (error) {
    await discardMediaKeys(deps, keys);
    throw error;
  }
  return { names, keys };
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
 * Copies every stored file of the draft photos `names` to the listing `puid` (same names), recording the new keys
 * as pending first (see storeListingPhotos). Returns the keys written. Throws AppError INTERNAL 'No se pudieron
 * guardar las fotos…' when one is missing or cannot be written (what was copied is removed).
 */
export async function copyDraftPhotos(deps: PhotoDeps, draftId: string, puid: string, names: string[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const name of names) {
      const from = listingPhotoKeys(draftId, name, 'drafts');
      const to = listingPhotoKeys(puid, name, 'properties');
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
