import { Anchor, Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AMENITY_LABELS, ATTRIBUTE_LABELS, constructionYearLabel } from '@nj/contracts/catalogue/messages';
import {
  COMMISSION_TYPE_LABELS, MX_STATES, PRICE_BASIS_LABELS, PROPERTY_TYPE_LABELS,
} from '@nj/contracts/catalogue/vocabularies';
import { formatAddress } from '@nj/contracts/search/filter-state';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { PropertyCard } from '../properties/PropertyCard.tsx';
import { formatNumber, formatPrice } from '../properties/format.ts';
import { constructionYearOptions, isRent, isSale, shownAttributes, STEPS, stepOfField, type ListingFormValues, type StepKey } from './model.ts';
import type { PhotoItem } from './PhotosStep.tsx';

const STEP_TITLES: Record<StepKey, string> = {
  operation: M.stepOperation, type: M.stepType, address: M.stepAddress, details: M.stepDetails, price: M.stepPrice,
  photos: M.stepPhotos, preview: M.stepPreview,
};

/** A card-shaped summary of the values, for PropertyCard (prices in their currency; areas m²). */
export function previewSummary(v: ListingFormValues, photos: PhotoItem[]): TPropertySummary {
  const op = isRent(v.operation) ? 'rent' : 'sale';
  const part = op === 'rent' ? v.rents : v.sales;
  const type = v.property_type ?? 'house';
  const stateName = MX_STATES.find((s) => s.slug === v.location.state)?.name ?? null;
  const place = [v.location.neighborhood, v.location.municipality].filter(Boolean).join(', ');
  const title = `${PROPERTY_TYPE_LABELS[type]} ${op === 'rent' ? 'en renta' : 'en venta'}${place ? ` en ${place}` : ''}`;
  const shown = shownAttributes(v.property_type);
  const pick = (k: 'rooms' | 'bathrooms' | 'half_bathrooms' | 'parking_spots') => (shown.has(k) ? v[k] : null);
  return {
    uid: 'preview',
    nj_uid: '0',
    slug: 'preview',
    title: v.property_type ? title : M.untitled,
    property_type: type,
    is_renta: isRent(v.operation),
    is_venta: isSale(v.operation),
    is_active: true,
    is_liked: false,
    pricing: { rents: null, sales: null },
    price: {
      op_type: op,
      amount: part.price ?? 0,
      currency_type: part.currency_type,
      based_on: part.based_on,
      amount_mxn: part.price ?? 0,
      label: formatPrice(part.price ?? 0, part.currency_type, op),
    },
    rooms: pick('rooms'),
    bathrooms: pick('bathrooms'),
    half_bathrooms: pick('half_bathrooms'),
    parking_spots: pick('parking_spots'),
    construction_area: shown.has('construction_area') ? v.construction_area : null,
    land: { area: shown.has('land') ? v.land.area : null, unit: v.land.unit },
    location: {
      street: v.location.street || null, number_ext: v.location.number_ext || null, number_int: v.location.number_int || null,
      neighborhood: v.location.neighborhood || null, municipality: v.location.municipality || null, city: v.location.city || null,
      state: stateName, zip: v.location.zip || null, lat: v.location.lat ?? 0, lng: v.location.lng ?? 0,
    },
    lat: v.location.lat ?? 0,
    lng: v.location.lng ?? 0,
    location_precision: 'exact', // the owner places the pin (issue 10: only imports are approximate)
    approximate: false,
    // What the listing will show: ready photos, and the chosen file of one still processing or not yet sent; never a
    // photo without a picture (a processing one seen only after a reload) or one whose upload failed.
    images: photos.flatMap((p) => {
      if (p.kind === 'remote') {
        if (!p.image.processing) return [p.image];
        return p.preview ? [{ name: p.image.name, order: 0, url: { thumb: p.preview, card: p.preview, full: p.preview } }] : [];
      }
      return p.status === 'failed' ? [] : [{ name: p.key, order: 0, url: { thumb: p.preview, card: p.preview, full: p.preview } }];
    }).map((image, order) => ({ ...image, order })),
    cat: new Date().toISOString(),
  };
}

/**
 * Preview step: the property card as searchers will see it, a summary of every answer, and what is still missing
 * (each missing field links to its step).
 */
export function PreviewStep({ values: v, photos, missing, onGoTo }: {
  values: ListingFormValues;
  photos: PhotoItem[];
  missing: Record<string, string>;
  onGoTo: (step: StepKey) => void;
}) {
  const summary = previewSummary(v, photos);
  const shown = shownAttributes(v.property_type);
  const facts: [string, string][] = [];
  const attr = (k: 'rooms' | 'bathrooms' | 'half_bathrooms' | 'parking_spots' | 'floors') => {
    if (shown.has(k) && v[k] != null) facts.push([ATTRIBUTE_LABELS[k], String(v[k])]);
  };
  attr('rooms'); attr('bathrooms'); attr('half_bathrooms'); attr('parking_spots'); attr('floors');
  if (shown.has('construction_area') && v.construction_area) facts.push([ATTRIBUTE_LABELS.construction_area, `${formatNumber(v.construction_area)} m²`]);
  if (shown.has('land') && v.land.area) facts.push([ATTRIBUTE_LABELS.land, `${formatNumber(v.land.area)} ${v.land.unit === 'ha' ? 'ha' : 'm²'}`]);
  if (shown.has('apt_floors') && v.apt_floor != null) facts.push([M.aptFloorLabel, v.apt_total_floors ? `${v.apt_floor} / ${v.apt_total_floors}` : String(v.apt_floor)]);
  if (shown.has('construction_year') && v.construction_year) {
    facts.push([constructionYearLabel(v.construction_year), constructionYearOptions().find((o) => o.value === v.construction_year)?.label ?? v.construction_year]);
  }
  if (shown.has('monthly_maintenance_fee') && v.monthly_maintenance_fee) facts.push([ATTRIBUTE_LABELS.monthly_maintenance_fee, `$${formatNumber(v.monthly_maintenance_fee)}`]);
  const prices = ([['rents', isRent(v.operation)], ['sales', isSale(v.operation)]] as const)
    .filter(([, on]) => on)
    .map(([side]) => {
      const p = v[side];
      const c = p.commission;
      const commission = c.commission_type === 'none' ? M.commissionNone
        : `${COMMISSION_TYPE_LABELS[c.commission_type]}: ${c.value ?? '-'}`;
      return { side, label: formatPrice(p.price ?? 0, p.currency_type, side === 'rents' ? 'rent' : 'sale'), basis: PRICE_BASIS_LABELS[p.based_on], commission };
    });
  const missingEntries = Object.entries(missing);
  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">{M.previewTitle}</Title>
      <div className="nj-lf-preview">
        <div className="nj-lf-preview-card" inert>
          <PropertyCard property={summary} withAnchor={false} />
        </div>
        <Stack gap="sm" className="nj-lf-preview-summary" data-testid="preview-summary">
          <Title order={3} fz="lg">{M.previewSummary}</Title>
          <Group gap="xs">
            {v.property_type ? <Badge variant="light">{PROPERTY_TYPE_LABELS[v.property_type]}</Badge> : null}
            {isRent(v.operation) ? <Badge variant="light" color="teal">{M.rentSection}</Badge> : null}
            {isSale(v.operation) ? <Badge variant="light" color="grape">{M.saleSection}</Badge> : null}
          </Group>
          <Text size="sm"><b>{M.previewAddress}:</b> {formatAddress(summary.location) || '—'}{v.location.zip ? `, C.P. ${v.location.zip}` : ''}</Text>
          {prices.map((p) => (
            <Text size="sm" key={p.side}>
              <b>{p.side === 'rents' ? M.rentSection : M.saleSection}:</b> {p.label} · {p.basis} · {p.commission}
            </Text>
          ))}
          {facts.length ? (
            <SimpleGrid cols={2} spacing={4}>
              {facts.map(([k, val]) => <Text size="sm" key={k}><b>{k}:</b> {val}</Text>)}
            </SimpleGrid>
          ) : null}
          {v.amenities.length ? <Text size="sm"><b>{M.amenitiesTitle}:</b> {v.amenities.map((a) => AMENITY_LABELS[a]).join(', ')}</Text> : null}
          <Text size="sm"><b>{M.previewPhotos}:</b> {M.photosCount(photos.length)}</Text>
          {v.description ? <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={6}>{v.description}</Text> : null}
        </Stack>
      </div>
      {missingEntries.length ? (
        <Stack gap={4} role="alert" className="nj-lf-missing">
          <Text fw={700} c="red">{M.previewMissing}</Text>
          <List size="sm">
            {missingEntries.map(([path, message]) => {
              const step = stepOfField(path);
              return (
                <List.Item key={path}>
                  <Anchor component="button" type="button" size="sm" onClick={() => onGoTo(step)}>
                    {STEP_TITLES[step]}
                  </Anchor>: {message}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

export { STEP_TITLES, STEPS };
