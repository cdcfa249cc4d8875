import { MEDIA_URL_PREFIX } from '@nj/contracts/media/constants';
import type { TRentSummary } from '@nj/contracts/rents/schemas';
import { RENT_PAGES_MESSAGES as M } from '@nj/contracts/rents/page-messages';
import { formatPrice } from '../properties/format.ts';

/**
 * A rent's listing photo URL: `/media/properties/{puid}/{name}_{variant}.webp` (the key listingPhotoKey and the
 * server's presentImageList build; written out here so the page does not load the listing schemas). Null without photo.
 */
export function rentPhotoUrl(rent: Pick<TRentSummary, 'puid' | 'photo'>, variant: 'thumb' | 'card' = 'card'): string | null {
  if (!rent.photo) return null;
  return `${MEDIA_URL_PREFIX}properties/${encodeURIComponent(rent.puid)}/${encodeURIComponent(rent.photo)}_${variant}.webp`;
}

/** The rent's monthly price in MXN ('MXN $15,000/mes'), or 'Precio no disponible'. `price` is the rent's snapshot. */
export function rentPriceLabel(price: number | null): string {
  return price === null ? M.noPrice : formatPrice(price, 'mxn', 'rent');
}

const dateTime = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * An ISO instant as the reader's clock shows it, in es-MX: 'date' → '26 de noviembre de 2026'; 'datetime' →
 * '26 nov 2026, 9:05 a.m.'. `timeZone` for tests (the pages run in the browser and use its zone); '' for a bad date.
 */
export function formatWhen(iso: string, kind: 'date' | 'datetime', timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (timeZone) {
    return new Intl.DateTimeFormat('es-MX', kind === 'date'
      ? { day: 'numeric', month: 'long', year: 'numeric', timeZone }
      : { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(d);
  }
  return (kind === 'date' ? dateOnly : dateTime).format(d);
}

/** The listing's public page. */
export const listingHref = (rent: Pick<TRentSummary, 'slug'>) => `/propiedades/${encodeURIComponent(rent.slug)}`;
/** One rent process (the lead's page). */
export const processHref = (ruid: string) => `/propiedades-contactadas/${encodeURIComponent(ruid)}`;
/** The conversation in /chat. */
export const chatHref = (ruid: string) => `/chat?chat=${encodeURIComponent(ruid)}`;
/** A client's public profile. */
export const profileHref = (uid: string) => `/perfil?u=${encodeURIComponent(uid)}`;
