import { randomBytes } from 'node:crypto';
import { LISTING_MESSAGES as M, listingPhotoKey } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { processListingPhoto } from './process-listing-photo.ts';

/** Where photos live: a published listing (`properties/{puid}/…`) or a draft of the form (`drafts/{draftId}/…`). */
export type PhotoPlace = 'properties' | 'drafts';

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

/**
 * Processes every file (processListingPhoto: all are checked before anything is stored) and stores the variants
 * and originals under new random names, in the listing `puid` or (place 'drafts') the draft of that id. Returns the names in upload order. On a storage failure what was written is
 * removed and AppError INTERNAL 'No se pudieron guardar las fotos…' is thrown; processing errors propagate.
 */
export async function storeListingPhotos(storage: MediaStorage, puid: string, files: Buffer[], place: PhotoPlace = 'properties'): Promise<string[]> {
  const processed = [];
  for (const file of files) processed.push(await processListingPhoto(file));
  const names: string[] = [];
  try {
    for (const [i, p] of processed.entries()) {
      const name = randomBytes(8).toString('hex');
      names.push(name);
      await Promise.all([
        storage.put(photoVariantKey(place, puid, name, 'thumb'), p.thumb, { contentType: 'image/webp' }),
        storage.put(photoVariantKey(place, puid, name, 'card'), p.card, { contentType: 'image/webp' }),
        storage.put(photoVariantKey(place, puid, name, 'full'), p.full, { contentType: 'image/webp' }),
        storage.put(listingOriginalKey(puid, name, place), files[i]!, { contentType: 'application/octet-stream' }),
      ]);
    }
  } catch (error) {
    console.error('storeListingPhotos: store failed', error instanceof Error ? error.message : error);
    await removeListingPhotos(storage, puid, names, place);
    throw new AppError('INTERNAL', M.photoStoreFailed);
  }
  return names;
}

/** Deletes every stored file of the named photos; failures are ignored (best effort clean-up). */
export async function removeListingPhotos(storage: MediaStorage, puid: string, names: string[], place: PhotoPlace = 'properties'): Promise<void> {
  await Promise.allSettled(names.flatMap((n) => listingPhotoKeys(puid, n, place).map((k) => storage.delete(k))));
}

/**
 * Copies every stored file of the draft photos `names` to the listing `puid` (same names). Throws AppError INTERNAL
 * 'No se pudieron guardar las fotos…' when one is missing or cannot be written (what was copied is removed).
 */
export async function copyDraftPhotos(storage: MediaStorage, draftId: string, puid: string, names: string[]): Promise<void> {
  try {
    for (const name of names) {
      const from = listingPhotoKeys(draftId, name, 'drafts');
      const to = listingPhotoKeys(puid, name, 'properties');
      await Promise.all(from.map(async (key, i) => {
        const object = await storage.get(key);
        if (!object) throw new Error(`missing ${key}`);
        await storage.put(to[i]!, object.body, { contentType: object.contentType });
      }));
    }
  } catch (error) {
    console.error('copyDraftPhotos: copy failed', error instanceof Error ? error.message : error);
    await removeListingPhotos(storage, puid, names);
    throw new AppError('INTERNAL', M.photoStoreFailed);
  }
}
