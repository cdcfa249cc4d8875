import type { TListingImages } from '@nj/contracts';
import { presentImageList } from '../properties/present-images.ts';
import type { StoredImage } from '../properties/properties-repository.ts';

/** The photo-call answer (owner): `{ uid, images }` with every photo, those still processing marked. */
export function presentListingImages(puid: string, images: StoredImage[]): TListingImages {
  return { uid: puid, images: presentImageList(puid, images, 'mark') };
}
