import { listingPhotoKey, MEDIA_URL_PREFIX, type TListingImages } from '@nj/contracts';
import type { StoredImage } from '../properties/properties-repository.ts';

/** The photo-call answer: photos by order (first = cover) with `/media/properties/{puid}/{name}{_thumb|_card|}.webp`. */
export function presentListingImages(puid: string, images: StoredImage[]): TListingImages {
  return {
    uid: puid,
    images: [...images].sort((a, b) => a.order - b.order).map((img) => ({
      name: img.name, order: img.order,
      url: {
        thumb: MEDIA_URL_PREFIX + listingPhotoKey(puid, img.name, 'thumb'),
        card: MEDIA_URL_PREFIX + listingPhotoKey(puid, img.name, 'card'),
        full: MEDIA_URL_PREFIX + listingPhotoKey(puid, img.name, 'full'),
      },
    })),
  };
}
