import { listingPhotoKey, MEDIA_URL_PREFIX, type TListingImages } from '@nj/contracts';
import type { StoredImage } from './properties-repository.ts';

/**
 * A listing's stored photos → their answer shape, by order (first = cover), with
 * `/media/properties/{puid}/{name}{_thumb|_card|}.webp` (both URI-encoded). The owner's photo calls pass `processing: 'mark'` (a photo
 * still being made is listed with `processing: true`); public pages pass 'hide' (only ready photos, renumbered).
 */
export function presentImageList(puid: string, images: StoredImage[], processing: 'mark' | 'hide'): TListingImages['images'] {
  const sorted = [...images].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const shown = processing === 'hide' ? sorted.filter((img) => !img.processing) : sorted;
  const id = encodeURIComponent(puid);
  return shown.map((img, i) => ({
    name: img.name, order: processing === 'hide' ? i : (Number.isInteger(img.order) ? img.order : i),
    url: {
      thumb: MEDIA_URL_PREFIX + listingPhotoKey(id, encodeURIComponent(img.name), 'thumb'),
      card: MEDIA_URL_PREFIX + listingPhotoKey(id, encodeURIComponent(img.name), 'card'),
      full: MEDIA_URL_PREFIX + listingPhotoKey(id, encodeURIComponent(img.name), 'full'),
    },
    ...(processing === 'mark' && img.processing ? { processing: true } : {}),
  }));
}
