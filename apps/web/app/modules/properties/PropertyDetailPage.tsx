import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { AMENITY_LABELS, describeFromFacts, PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { formatAddress } from '@nj/contracts/search/filter-state';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { NavBar } from '../layout/NavBar.tsx';
import { Footer } from '../layout/Footer.tsx';
import { AreaIcon, BathIcon, BedIcon, CarIcon, CheckIcon, HeartIcon } from '../layout/icons.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { SearchBar } from '../search/SearchBar.tsx';
import { useLikeToggle } from '../likes/LikeButton.tsx';
import { attributeRows } from './attributes.ts';

import { formatArea, formatDate, formatPrice, operationLabel, placeName, priceBasisLabel, pricingParts, typeLabel } from './format.ts';
import { PLACEHOLDER_IMAGE } from './PropertyCard.tsx';
import { ContactForm } from '../contact/ContactForm.tsx';
import { ShareButtons } from '../contact/ShareButtons.tsx';
import { useViewCount } from '../stats/useViewCounting.ts';

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

function Gallery({ p }: { p: TPropertyDetail }) {
  const [failed, setFailed] = useState<Set<number>>(() => new Set());
  const images = [...p.images].sort((a, b) => a.order - b.order);
  if (images.length === 0) {
    return <img src={PLACEHOLDER_IMAGE} alt={P.noImage} className="nj-detail-img" width={610} height={458} />;
  }
  return (
    <Carousel withIndicators={images.length > 1} withControls={images.length > 1} emblaOptions={{ loop: true }} className="nj-detail-carousel">
      {images.map((img, i) => (
        <Carousel.Slide key={img.name}>
          <img
            src={failed.has(i) ? PLACEHOLDER_IMAGE : img.url.full}
            alt={P.photoOf(p.title, i + 1)}
            className="nj-detail-img"
            loading={i === 0 ? 'eager' : 'lazy'}
            onError={() => setFailed((s) => new Set(s).add(i))}
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

/** Server-rendered detail of one listing (spec 01 §2, §3). */
export function PropertyDetailPage({ property: p, mapStyleUrl }: { property: TPropertyDetail; mapStyleUrl: string }) {
  const parts = pricingParts(p);
  const rows = attributeRows(p);
  const place = placeName(p.location);
  const description = detailDescription(p);
  const area = p.construction_area ?? (p.land.unit === 'm2' ? p.land.area : null);
  const viewRef = useViewCount<HTMLDivElement>('prop', p.uid);
  const searchHref = `/propiedades?north=${p.lat + 0.02}&south=${p.lat - 0.02}&east=${p.lng + 0.03}&west=${p.lng - 0.03}&zoom=14`;
  return (
    <>
      <NavBar variant="properties" search={<SearchBar mode="standard" />} />
      <main>
        <Container size="lg" py="lg">
          <div className="nj-detail-grid">
            <div className="nj-detail-head" ref={viewRef}>
              <Gallery p={p} />
              <Stack gap="xs" mt="md">
                <Group gap="xs">
                  <Badge variant="light">{typeLabel(p.property_type)}</Badge>
                  {p.is_renta ? <Badge variant="light" color="indigo">{P.forRent}</Badge> : null}
                  {p.is_venta ? <Badge variant="light" color="grape">{P.forSale}</Badge> : null}
                </Group>
                <Title order={1} fz={{ base: 24, sm: 30 }}>{p.title}</Title>
                <Text c="dimmed" size="sm">{formatAddress(p.location)}{p.location.state ? `, ${p.location.state}` : ''}</Text>
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
              <section aria-labelledby="location-title" className="nj-detail-section">
                <Title order={2} fz="xl" id="location-title">{P.location}</Title>
                <Text c="dimmed" size="sm" mt={4} mb="sm">{[place, p.location.state].filter(Boolean).join(', ')}</Text>
                <LocationMap lat={p.lat} lng={p.lng} styleUrl={mapStyleUrl} label={P.mapOf(place || p.title)} />
                <Anchor component={Link} to={searchHref} size="sm" mt="sm" display="inline-block">{P.backToSearch}</Anchor>
              </section>
            </div>
            <aside className="nj-detail-aside">
              <div className="nj-price-box">
                {parts.map(({ op, part }) => (
                  <div key={op} className="nj-price-row">
                    <Text size="sm" c="dimmed">{op === 'rent' ? P.forRent : P.forSale} · {priceBasisLabel(part.based_on)}</Text>
                    <Text fz={28} fw={800} lh={1.2}>{formatPrice(part.price, part.currency_type, op)}</Text>
                  </div>
                ))}
                {p.monthly_maintenance_fee ? (
                  <Text size="sm" c="dimmed">{P.maintenance(formatPrice(p.monthly_maintenance_fee, 'mxn', 'sale'))}</Text>
                ) : null}
                <DetailLikeButton uid={p.uid} isLiked={p.is_liked} />
                <ShareButtons puid={p.uid} slug={p.slug} title={p.title} />
                <Text size="xs" c="dimmed" mt="sm">{P.publishedOn(formatDate(p.cat))}</Text>
              </div>
              {p.is_active ? <div className="nj-price-box nj-contact-box"><ContactForm puid={p.uid} code={P.propertyNumber(p.nj_uid)} /></div> : null}
            </aside>
          </div>
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
