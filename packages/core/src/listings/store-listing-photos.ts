import { randomBytes } from 'node:crypto';
import { LISTING_MESSAGES as M, listingPhotoKey } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { processListingPhoto } from './process-listing-photo.ts';

/** Storage key of a photo's original upload. Kept outside `properties/` and never served by /media (it may carry GPS). */
export function listingOriginalKey(puid: string, name: string): string {
  return `originals/properties/${puid}/${name}`;
}

/** Every storage key of one listing photo: the three WebP variants and the original. */
export function listingPhotoKeys(puid: string, name: string): string[] {
  return [listingPhotoKey(puid, name, 'thumb'), listingPhotoKey(puid, name, 'card'), listingPhotoKey(puid, name, 'full'), listingOriginalKey(puid, name)];
}

/**
 * Processes every file (processListingPhoto: all are checked before anything is stored) and stores the variants
 * and originals under new random names. Returns the names in upload order. On a storage failure what was written is
 * removed and AppError INTERNAL 'No se pudieron guardar las fotos…' is thrown; processing errors propagate.
 */
export async function storeListingPhotos(storage: MediaStorage, puid: string, files: Buffer[]): Promise<string[]> {
  const processed = [];
  for (const file of files) processed.push(await processListingPhoto(file));
  const names: string[] = [];
  try {
    for (const [i, p] of processed.entries()) {
      const name = randomBytes(8).toString('hex');
      names.push(name);
      await Promise.all([
        storage.put(listingPhotoKey(puid, name, 'thumb'), p.thumb, { contentType: 'image/webp' }),
        storage.put(listingPhotoKey(puid, name, 'card'), p.card, { contentType: 'image/webp' }),
        storage.put(listingPhotoKey(puid, name, 'full'), p.full, { contentType: 'image/webp' }),
        storage.put(listingOriginalKey(puid, name), files[i]!, { contentType: 'application/octet-stream' }),
      ]);
    }
  } catch (error) {
    console.error('storeListingPhotos: store failed', error instanceof Error ? error.message : error);
    await removeListingPhotos(storage, puid, names);
    throw new AppError('INTERNAL', M.photoStoreFailed);
  }
  return names;
}

/** Deletes every stored file of the named photos; failures are ignored (best effort clean-up). */
export async function removeListingPhotos(storage: MediaStorage, puid: string, names: string[]): Promise<void> {
  await Promise.allSettled(names.flatMap((n) => listingPhotoKeys(puid, n).map((k) => storage.delete(k))));
}
