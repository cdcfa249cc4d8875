import type { TListingMarket as ListingMarket } from '@nj/contracts/market/schemas';
import { PriceHistorySection } from '../market/PriceHistory.tsx';
import { PriceDropBadge } from '../market/PriceDropBadge.tsx';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AMENITY_LABELS, describeFromFacts, PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { budgetCeiling, DEFAULT_FILTER_STATE, filterStateToQuery, formatAddress } from '@nj/contracts/search/filter-state';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPropertyDetail, TPropertySummary } from '@nj/contracts/search/schemas';
import { NavBar } from '../layout/NavBar.tsx';
import { PropertyBreadcrumbs } from '../seo/Breadcrumbs.tsx';
import { Footer } from '../layout/Footer.tsx';
import { AreaIcon, BathIcon, BedIcon, CarIcon, CheckIcon, HeartIcon } from '../layout/icons.tsx';
import { LocationMapWhenVisible } from '../map/LocationMapSlot.tsx';
import { approximateRadiusM } from '../map/approximate-area.ts';
import { LocationPicture } from './LocationPicture.tsx';
import { SearchBar } from '../search/SearchBar.tsx';
import { useLikeToggle } from '../likes/LikeButton.tsx';
import { attributeRows } from './attributes.ts';

import { formatArea, formatDate, formatPrice, operationLabel, placeName, priceBasisLabel, pricingParts, typeLabel } from './format.ts';
import { pricePerM2, publishedAgo } from './detail-facts.ts';
import { GallerySlot } from './GallerySlot.tsx';
import { VerifiedOwnerBadge } from '../staff-panel/VerifiedOwnerBadge.tsx';
import { AlsoOn } from '../ads/AlsoOn.tsx';
import { PropertyCard } from './PropertyCard.tsx';
import { ReportListing } from './ReportListing.tsx';
import { ContactForm } from '../contact/ContactForm.tsx';
import { ContactButton } from '../chat/ContactButton.tsx';
import { AdvertiserBox } from '../contact/AdvertiserBox.tsx';
import { ReferenceListingNotice } from '../contact/ReferenceListingNotice.tsx';
import { ShareButtons } from '../contact/ShareButtons.tsx';
import { useViewCount } from '../stats/useViewCounting.ts';
import { SourceBadge } from '../integrations/SourceBadge.tsx';

/** The listing's description, or a Spanish sentence built from its facts when it has none. */
export function detailDescription(p: TPropertyDetail): string {
  if (p.description && p.description.trim()) return p.description.trim();
  return describeFromFacts({
    typeLabel: typeLabel(p.property_type),
    operation: operationLabel(p),
    place: [placeName(p.location), p.location.state].filter(Boolean).join(', '),
    rooms: p.rooms,
    bathrooms: p.bathrooms,
    parking: p.parking_spots,
    builtArea: p.construction_area ? formatArea(p.construction_area) : null,
    landArea: p.land.area ? `${formatArea(p.land.area)} ${p.land.unit === 'ha' ? 'ha' : 'm²'}` : null,
    amenities: p.amenities.map((a) => AMENITY_LABELS[a]),
  });
}

/**
 * 'Ver más propiedades en la zona' (issue 9 §3, §4): the map around the listing with its operation and type kept,
 * as /propiedades reads them (filterStateToQuery).
 */
export function moreInAreaHref(p: Pick<TPropertyDetail, 'lat' | 'lng' | 'is_renta' | 'property_type'>): string {
  const opType = p.is_renta ? 'renta' : 'venta';
  const query = filterStateToQuery({
    ...DEFAULT_FILTER_STATE,
    bounds: { north: p.lat + 0.02, south: p.lat - 0.02, east: p.lng + 0.03, west: p.lng - 0.03 },
    zoom: 14,
    opType,
    maxBudget: budgetCeiling(opType),
    propertyType: p.property_type,
  });
  return `/propiedades?${query}`;
}

/**
 * Server-rendered detail of one listing (spec 01 §2, §3; issue 9 §4): gallery with a full-screen viewer, facts,
 * prices with the price per m², the advertiser box and contact form (or, for a listing without an advertiser
 * account, a notice saying so), 'Reportar anuncio' and `similar` listings. `now` (ms) is the loader's clock, so the
 * relative publication date reads the same on the server and in the browser.
 */
export function PropertyDetailPage({ property: p, mapStyleUrl, similar, now, market = null }: {
  property: TPropertyDetail; mapStyleUrl: string; similar: TPropertySummary[]; now: number;
  /** Issue 17: the price history and the comparison with the colonia (null: not shown). */
  market?: ListingMarket | null;
}) {
  const parts = pricingParts(p);
  const rows = attributeRows(p);
  const place = placeName(p.location);
  const areaRadiusM = approximateRadiusM(p.location_precision);
  const description = detailDescription(p);
  const area = p.construction_area ?? (p.land.unit === 'm2' ? p.land.area : null);
  const viewRef = useViewCount<HTMLDivElement>('prop', p.uid);
  const searchHref = moreInAreaHref(p);
  return (
    <>
      <NavBar variant="properties" search={<SearchBar mode="standard" />} />
      <main>
        <Container size="lg" py="lg">
          <PropertyBreadcrumbs location={p.location} type={p.property_type} opType={p.is_renta ? 'renta' : 'venta'} path={`/propiedades/${p.slug}`} />
          <div className="nj-detail-grid">
            <div className="nj-detail-head" ref={viewRef}>
              <GallerySlot property={p} />
              <Stack gap="xs" mt="md">
                <Group gap="xs">
                  <Badge variant="light">{typeLabel(p.property_type)}</Badge>
                  {p.is_renta ? <Badge variant="light" color="indigo">{P.forRent}</Badge> : null}
                  {p.is_venta ? <Badge variant="light" color="grape">{P.forSale}</Badge> : null}
                  <VerifiedOwnerBadge lastVerified={p.last_verified} />
                  <SourceBadge integrations={p.integrations} />
                </Group>
                <Title order={1} fz={{ base: 24, sm: 30 }}>{p.title}</Title>
                <Text c="dimmed" size="sm">{formatAddress(p.location)}{p.location.state ? `, ${p.location.state}` : ''}</Text>
                <AlsoOn others={p.also_on} size="page" />
                <Text size="sm">
                  <span className="nj-muted">{P.propertyNumberLabel}: </span>
                  <strong data-testid="property-code">{P.propertyNumber(p.nj_uid)}</strong>
                </Text>
                {!p.is_active ? <Text c="red.8" fw={600}>{P.inactive}</Text> : null}
              </Stack>
              <Group gap="lg" mt="md" className="nj-detail-facts">
                {p.rooms ? <span><BedIcon size={20} /> {P.rooms(p.rooms)}</span> : null}
                {p.bathrooms ? <span><BathIcon size={20} /> {P.bathrooms(p.bathrooms)}</span> : null}
                {p.parking_spots ? <span><CarIcon size={20} /> {P.parking(p.parking_spots)}</span> : null}
                {area ? <span><AreaIcon size={20} /> {P.area(formatArea(area))}</span> : null}
              </Group>
            </div>
            <div className="nj-detail-info">
              <section aria-labelledby="desc-title" className="nj-detail-section">
                <Title order={2} fz="xl" id="desc-title">{P.description}</Title>
                <Text mt="xs" style={{ whiteSpace: 'pre-line' }}>{description}</Text>
              </section>
              {rows.length ? (
                <section aria-labelledby="features-title" className="nj-detail-section">
                  <Title order={2} fz="xl" id="features-title">{P.features}</Title>
                  <dl className="nj-attr-list">
                    {rows.map((r) => (
                      <div key={r.field} className="nj-attr">
                        <dt>{r.label}</dt>
                        <dd>{r.value}</dd>
                      </div>
                    ))}
                  </dl>
                </section>
              ) : null}
              {p.amenities.length ? (
                <section aria-labelledby="amenities-title" className="nj-detail-section">
                  <Title order={2} fz="xl" id="amenities-title">{P.amenities}</Title>
                  <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing={8} mt="xs" className="nj-amenities">
                    {p.amenities.map((a) => (
                      <li key={a}><span className="nj-check"><CheckIcon size={16} /></span>{AMENITY_LABELS[a]}</li>
                    ))}
                  </SimpleGrid>
                </section>
              ) : null}
              {market && market.history.events.length ? (
                <PriceHistorySection history={market.history} comparison={market.comparison} type={p.property_type} />
              ) : null}
              <section aria-labelledby="location-title" className="nj-detail-section">
                <Title order={2} fz="xl" id="location-title">{P.location}</Title>
                <Text c="dimmed" size="sm" mt={4} mb="sm">{[place, p.location.state].filter(Boolean).join(', ')}</Text>
                {p.location_precision !== 'exact' ? (
                  <Text size="sm" mb="sm" data-testid="approximate-location">{P.approximateAreaOf(P.approximateArea[p.location_precision])}</Text>
                ) : null}
                <LocationMapWhenVisible
                  lat={p.lat} lng={p.lng} styleUrl={mapStyleUrl} label={P.mapOf(place || p.title)} areaRadiusM={areaRadiusM}
                  areaOutline={p.approximate_area}
                  placeholder={<LocationPicture property={p} className="nj-location-map" />}
                />
                <Anchor component={Link} to={searchHref} size="sm" mt="sm" display="inline-block">{P.backToSearch}</Anchor>
              </section>
            </div>
            <aside className="nj-detail-aside">
              <div className="nj-price-box">
                {parts.map(({ op, part }) => {
                  const perM2 = pricePerM2(p, part);
                  return (
                    <div key={op} className="nj-price-row">
                      <Text size="sm" c="dimmed">{op === 'rent' ? P.forRent : P.forSale} · {priceBasisLabel(part.based_on)}</Text>
                      <Text fz={28} fw={800} lh={1.2}>{formatPrice(part.price, part.currency_type, op)}</Text>
                      {op === p.price.op_type ? <PriceDropBadge percent={market?.history.drop_percent} /> : null}
                      {perM2 && part.based_on === 'valor_total' ? (
                        <Text size="sm" c="dimmed" data-testid={`price-per-m2-${op}`}>
                          {D.pricePerM2(formatPrice(Math.round(perM2.amount), part.currency_type, op))} {perM2.basis === 'land' ? D.pricePerM2Land : D.pricePerM2Built}
                        </Text>
                      ) : null}
                    </div>
                  );
                })}
                {p.monthly_maintenance_fee ? (
                  <Text size="sm" c="dimmed">{P.maintenance(formatPrice(p.monthly_maintenance_fee, 'mxn', 'sale'))}</Text>
                ) : null}
                <DetailLikeButton uid={p.uid} isLiked={p.is_liked} />
                <ShareButtons puid={p.uid} slug={p.slug} title={p.title} />
                <Group justify="space-between" align="center" gap="xs" mt="sm">
                  {p.cat ? (
                    <Text size="xs" c="dimmed" title={P.publishedOn(formatDate(p.cat))} data-testid="published-ago">{publishedAgo(p.cat, now)}</Text>
                  ) : <span />}
                  {p.is_active ? <ReportListing puid={p.uid} /> : null}
                </Group>
              </div>
              {p.advertiser ? (
                <div className="nj-price-box nj-contact-box">
                  <AdvertiserBox advertiser={p.advertiser} />
                  {p.is_active ? <ContactButton puid={p.uid} code={P.propertyNumber(p.nj_uid)} /> : null}
                  {p.is_active ? <ContactForm puid={p.uid} code={P.propertyNumber(p.nj_uid)} /> : null}
                </div>
              ) : (
                <div className="nj-price-box nj-contact-box"><ReferenceListingNotice hasSimilar={similar.length > 0} /></div>
              )}
            </aside>
          </div>
          {similar.length ? (
            <section aria-labelledby="similar-title" className="nj-detail-section nj-similar" data-testid="similar-listings">
              <Title order={2} fz="xl" id="similar-title">{D.similarTitle}</Title>
              <Text c="dimmed" size="sm" mt={4} mb="md">{D.similarIntro}</Text>
              <div className="nj-card-grid">
                {similar.map((s) => <PropertyCard key={s.uid} property={s} />)}
              </div>
            </section>
          ) : null}
        </Container>
      </main>
      <Footer />
    </>
  );
}

/** The detail page's like button (same toggle as the card heart; spec 01 §4). */
function DetailLikeButton({ uid, isLiked }: { uid: string; isLiked: boolean }) {
  const like = useLikeToggle(uid, isLiked);
  return (
    <Button
      variant="light"
      fullWidth
      mt="md"
      leftSection={<span className="nj-heart-inline"><HeartIcon size={18} filled={like.isLiked} /></span>}
      aria-pressed={like.isLiked}
      loading={like.busy}
      onClick={like.onClick}
    >
      {like.label}
    </Button>
  );
}
