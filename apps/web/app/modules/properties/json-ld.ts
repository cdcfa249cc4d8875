import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { pricingParts } from './format.ts';

/**
 * schema.org RealEstateListing with one Offer per operation (rent per month, sale) for search engines.
 * https://schema.org/RealEstateListing
 */
export function propertyJsonLd(p: TPropertyDetail, input: { origin: string; description: string; place: string }) {
  const url = `${input.origin}/propiedades/${p.slug}`;
  const offers = pricingParts(p).map(({ op, part }) => ({
    '@type': 'Offer',
    price: part.price,
    priceCurrency: part.currency_type.toUpperCase(),
    businessFunction: op === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    availability: p.is_active ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    ...(op === 'rent'
      ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: part.price, priceCurrency: part.currency_type.toUpperCase(), unitCode: 'MON' } }
      : {}),
    url,
  }));
  const images = p.images.map((i) => new URL(i.url.full, input.origin).href);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: p.title,
    description: input.description,
    url,
    identifier: `NJ-${p.nj_uid.toUpperCase()}`,
    ...(p.cat ? { datePosted: p.cat } : {}),
    ...(images.length ? { image: images } : {}),
    offers,
    about: {
      '@type': p.property_type === 'apartment' ? 'Apartment' : p.property_type === 'house' ? 'SingleFamilyResidence' : 'Place',
      ...(p.rooms ? { numberOfRooms: p.rooms } : {}),
      ...(p.bathrooms ? { numberOfBathroomsTotal: p.bathrooms } : {}),
      ...(p.construction_area ? { floorSize: { '@type': 'QuantitativeValue', value: p.construction_area, unitCode: 'MTK' } } : {}),
      address: {
        '@type': 'PostalAddress',
        streetAddress: [p.location.street, p.location.number_ext].filter(Boolean).join(' ') || undefined,
        addressLocality: p.location.municipality ?? p.location.city ?? undefined,
        addressRegion: p.location.state ?? undefined,
        postalCode: p.location.zip ?? undefined,
        addressCountry: 'MX',
      },
      geo: { '@type': 'GeoCoordinates', latitude: p.lat, longitude: p.lng },
    },
  };
}
