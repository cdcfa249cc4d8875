import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useInViewport } from '@mantine/hooks';
import { Group, Text } from '@mantine/core';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { AreaIcon, BathIcon, BedIcon, CarIcon } from '../layout/icons.tsx';
import { LikeButton } from '../likes/LikeButton.tsx';
import { formatArea } from './format.ts';
import { formatAddress } from '@nj/contracts/search/filter-state';
import { OwnerBadge, OwnerControls, type OwnerCardInfo } from '../my-properties/OwnerCardParts.tsx';
import { AlsoOn } from '../ads/AlsoOn.tsx';
import { PriceDropBadge } from '../market/PriceDropBadge.tsx';
import { LocationPicture } from './LocationPicture.tsx';
import { useViewCount } from '../stats/useViewCounting.ts';
import { CARD_IMAGE_HEIGHT, CARD_WIDTH, PLACEHOLDER_IMAGE } from './card-image.ts';
import { STAFF_PANEL_MESSAGES } from '@nj/contracts/staff-panel/messages';
import { SourceBadge } from '../integrations/SourceBadge.tsx';

export { CARD_WIDTH, PLACEHOLDER_IMAGE };

// The carousel (Embla) is its own chunk, fetched when a card first shows on screen after hydration (issue 9 §8).
const CardCarousel = lazy(() => import('./CardCarousel.tsx'));

/**
 * Image carousel of a card: 4:3 slides; a failed image shows our placeholder (spec 01 §2); a listing without photos
 * shows the picture of its location with the type's icon (issue 9 §4).
 */
function CardImages({ property, eager }: { property: TPropertySummary; eager: boolean }) {
  const { images, title } = property;
  const [failed, setFailed] = useState<Set<number>>(() => new Set());
  // The carousel (one Embla instance per card) starts once the card is on screen; until then its first photo alone,
  // the same size (issue 9 §8: a list of 20 cards no longer starts 20 carousels while the page hydrates).
  const { ref, inViewport } = useInViewport();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (inViewport) setShown(true);
  }, [inViewport]);
  const sorted = [...images].sort((a, b) => a.order - b.order);
  if (sorted.length === 0) return <LocationPicture property={property} className="nj-card-img" eager={eager} />;
  const first = sorted[0]!;
  const onFailed = (i: number) => setFailed((s) => (s.has(i) ? s : new Set(s).add(i)));
  // Until the carousel is needed and loaded: its first photo alone, the same size, in the same frame.
  const firstPhoto = (
    <div ref={shown ? undefined : ref} className="nj-card-carousel">
      <img
        src={failed.has(0) ? PLACEHOLDER_IMAGE : first.url.card}
        alt={P.photoOf(title, 1)}
        className="nj-card-img"
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        width={CARD_WIDTH}
        height={CARD_IMAGE_HEIGHT}
        onError={() => onFailed(0)}
      />
    </div>
  );
  if (!shown) return firstPhoto;
  return (
    <Suspense fallback={firstPhoto}>
      <CardCarousel images={sorted} title={title} eager={eager} failed={failed} onFailed={onFailed} />
    </Suspense>
  );
}

/**
 * A property card (spec 01 §2 "Property card"): carousel, price ('MXN $25,000/mes' for rent), heart, facts and the
 * address line. The title is the link; it opens the detail in a new tab. `highlighted` marks the card whose pin was
 * clicked on the map. With `owner` the card also shows the owner parts (badge, switch, edit button, metrics). A card
 * counts as viewed when 10% of it is on screen (spec 01 §4), unless `countViews` is off (the owner's own list).
 */
export const PropertyCard = memo(function PropertyCard({
  property: p,
  highlighted = false,
  onHover,
  withAnchor = true,
  owner,
  countViews = true,
  eager = false,
}: {
  property: TPropertySummary;
  highlighted?: boolean;
  onHover?: (uid: string | null) => void;
  /** Give the card the id `card-{uid}` the map scrolls to (off for the copy shown in a map popup). */
  withAnchor?: boolean;
  /** The owner parts of spec 01 §2, on the owner's own cards only. */
  owner?: OwnerCardInfo;
  countViews?: boolean;
  /** The first card of a list: its picture is fetched at once with high priority (the page's largest paint). */
  eager?: boolean;
}) {
  const viewRef = useViewCount<HTMLElement>('prop', p.uid, countViews);
  const href = `/propiedades/${p.slug}`;
  const area = p.construction_area ?? (p.land.unit === 'm2' ? p.land.area : null);
  return (
    <article
      ref={viewRef}
      className="nj-card"
      data-highlighted={highlighted || undefined}
      data-uid={p.uid}
      id={withAnchor ? `card-${p.uid}` : undefined}
      onMouseEnter={onHover ? () => onHover(p.uid) : undefined}
      onMouseLeave={onHover ? () => onHover(null) : undefined}
    >
      <div className="nj-card-media">
        <CardImages property={p} eager={eager} />
        <LikeButton uid={p.uid} isLiked={p.is_liked} />
        {owner ? <OwnerBadge isActive={owner.isActive} /> : null}
      </div>
      <div className="nj-card-body">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} fz="lg" className="nj-card-price">{p.price.label}</Text>
          <PriceDropBadge percent={p.price_drop} size="sm" />
        </Group>
        <h3 className="nj-card-title">
          <a href={href} target="_blank" rel="noopener" className="nj-card-link">
            {p.title}
          </a>
        </h3>
        <Group gap="sm" className="nj-card-facts" wrap="nowrap">
          {p.rooms != null && p.rooms > 0 ? (
            <span title={P.rooms(p.rooms)}><BedIcon /> {p.rooms}</span>
          ) : null}
          {p.bathrooms != null && p.bathrooms > 0 ? (
            <span title={P.bathrooms(p.bathrooms)}><BathIcon /> {p.bathrooms}</span>
          ) : null}
          {p.parking_spots != null && p.parking_spots > 0 ? (
            <span title={P.parking(p.parking_spots)}><CarIcon /> {p.parking_spots}</span>
          ) : null}
          {area != null && area > 0 ? (
            <span title={P.area(formatArea(area))}><AreaIcon /> {formatArea(area)} m²</span>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1} className="nj-card-address">{formatAddress(p.location)}</Text>
        {p.approximate ? <Text size="xs" c="dimmed" className="nj-card-approximate">{P.approximateLocation}</Text> : null}
        {p.last_verified ? <Text size="xs" fw={600} c="teal.8" data-testid="card-verified-owner">{STAFF_PANEL_MESSAGES.verifiedOwner}</Text> : null}
        <SourceBadge integrations={p.integrations} size="xs" />
        <AlsoOn others={p.also_on} />
        {owner ? <OwnerControls puid={p.uid} title={p.title} owner={owner} /> : null}
      </div>
    </article>
  );
});
