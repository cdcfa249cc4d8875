import { useState } from 'react';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { placeName, typeLabel } from './format.ts';
import { TypeIcon } from './TypeIcon.tsx';
import './detail.css';

/** Where the picture of a listing's location comes from (GET /api/v1/properties/{id}/location.svg, our boundaries). */
export const locationPictureUrl = (uid: string) => `/api/v1/properties/${encodeURIComponent(uid)}/location.svg`;

/**
 * What a listing without photos shows instead of a generic house (issue 9 §4): the outline of its colonia (or
 * municipality) with a dot at the listing, drawn by our server from the shipped boundaries, and the type's icon and
 * name. `className` sizes the picture like the photo it stands for (card or detail). A picture that fails to load
 * leaves the grid background, the icon and the name. `eager`: the picture is the page's first and largest, fetched
 * at once with high priority (issue 9 §8: it is what a phone paints last).
 */
export function LocationPicture({ property: p, className, eager = false }: {
  property: Pick<TPropertySummary, 'uid' | 'property_type' | 'location'>; className: string; eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const type = typeLabel(p.property_type);
  return (
    <div className={`nj-locpic ${className}`}>
      {failed ? null : (
        <img src={locationPictureUrl(p.uid)} alt={D.locationThumb(type, placeName(p.location))} className="nj-locpic-img"
          width={400} height={300} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined}
          onError={() => setFailed(true)} />
      )}
      <span className="nj-locpic-type"><TypeIcon type={p.property_type} size={18} />{type}</span>
    </div>
  );
}
