import { AMENITY_LABELS, PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import type { TPropertySheetSharer } from '@nj/contracts/property-sheets/sheet';
import type { PropertySheetPdfContent } from '@nj/core/property-sheets/render-property-sheet-pdf';
import { attributeRows } from '../properties/attributes.ts';
import { formatPrice, operationLabel, placeName, priceBasisLabel, pricingParts } from '../properties/format.ts';

/**
 * What a property sheet shows, formatted once for its page and its PDF (issue 16): the PDF's content (core
 * PropertySheetPdfContent: title, place, code, prices, facts, amenities, description, listingUrl, photos, point,
 * sharer) plus the listing's puid and its photos at card size (the page's small pictures).
 */
export type SheetContent = PropertySheetPdfContent & {
  puid: string;
  photoCards: string[];
};

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The sheet of `p` shared by `sharer`, with the listing's canonical URL on `origin` (spec 01 §2 /propiedades/{slug}):
 * prices as the listing page writes them (formatPrice, the basis when not the total), the attribute rows that apply
 * to the type, amenity labels, the place and the code.
 */
export function sheetContent(p: TPropertyDetail, sharer: TPropertySheetSharer, origin: string): SheetContent {
  const prices = pricingParts(p).map(({ op, part }) => {
    const label = capitalized(operationLabel({ is_renta: op === 'rent', is_venta: op === 'sale' }));
    const basis = part.based_on === 'valor_total' ? '' : ` (${priceBasisLabel(part.based_on)})`;
    return `${label}: ${formatPrice(part.price, part.currency_type, op)}${basis}`;
  });
  return {
    puid: p.uid,
    title: p.title,
    place: placeName(p.location),
    code: P.propertyNumber(p.nj_uid),
    prices: prices.length ? prices : [p.price.label],
    facts: attributeRows(p).map(({ label, value }) => ({ label, value })),
    amenities: p.amenities.map((a) => AMENITY_LABELS[a]),
    description: p.description?.trim() || null,
    listingUrl: `${origin}/propiedades/${encodeURIComponent(p.slug)}`,
    photos: p.images.map((i) => i.url.full),
    photoCards: p.images.map((i) => i.url.card),
    point: { lat: p.lat, lng: p.lng },
    sharer,
  };
}
