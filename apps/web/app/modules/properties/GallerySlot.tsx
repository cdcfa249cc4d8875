import { lazy, Suspense } from 'react';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { LocationPicture } from './LocationPicture.tsx';

// The gallery (Mantine's Carousel on Embla, and the full-screen viewer) is its own chunk (issue 9 §8).
const PhotoGallery = lazy(() => import('./PhotoGallery.tsx').then((m) => ({ default: m.PhotoGallery })));

/**
 * The top of a detail page (issue 9 §4 and §8): the photo gallery of `property`, or for a listing without photos the
 * picture of its location. The gallery's code loads on its own: the server renders the gallery whole, and the browser
 * hydrates it once its chunk arrived, so Embla is not among the scripts a phone fetches before the first paint;
 * during a client-side navigation the first photo, at high priority and in the same frame, stands in until then.
 */
export function GallerySlot({ property: p }: { property: TPropertyDetail }) {
  const first = [...p.images].sort((a, b) => a.order - b.order)[0];
  if (!first) return <LocationPicture property={p} className="nj-detail-img" eager />;
  const fallback = (
    <div className="nj-gallery">
      <img src={first.url.full} alt={P.photoOf(p.title, 1)} className="nj-detail-img nj-gallery-img" fetchPriority="high" />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <PhotoGallery property={p} />
    </Suspense>
  );
}
