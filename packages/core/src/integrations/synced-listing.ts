import { LISTING_PHOTO, type CommissionType, type Currency, type IntegrationProvider, type PriceBasis, type PropertyType } from '@nj/contracts';

/** One operation of a synced listing: price in its currency, the basis it is quoted on, and the agent's commission. */
export type SyncedOperation = {
  price: number;
  currency: 'mxn' | 'usd';
  basedOn: PriceBasis;
  commission: { type: CommissionType; value: number | null; currency: Currency };
};

/**
 * A provider's listing in our model (spec 01 §3), as the EasyBroker and KW clients map it: both operations when the
 * source sells and rents it, areas in m², degrees WGS84 (null when the source hides the point), `active` false when
 * the source no longer publishes it (sold, rented, withdrawn).
 */
export type SyncedListing = {
  provider: IntegrationProvider;
  sourceId: string;
  active: boolean;
  title: string;
  description: string | null;
  sourceUrl: string | null;
  propertyType: PropertyType;
  rent: SyncedOperation | null;
  sale: SyncedOperation | null;
  maintenanceFee: number | null;
  landArea: number | null;
  constructionArea: number | null;
  rooms: number | null;
  bathrooms: number | null;
  halfBathrooms: number | null;
  parkingSpots: number | null;
  constructionYear: number | null;
  street: string | null;
  exteriorNumber: string | null;
  colonia: string | null;
  municipality: string | null;
  state: string | null;
  postalCode: string | null;
  lat: number | null;
  lng: number | null;
  /** ISO date (YYYY-MM-DD) the source published it, or null. */
  publishedAt: string | null;
  /** ISO 8601 of the source's last change, or null. */
  updatedAt: string | null;
  /**
   * The source's photo URLs in its order (first = cover), http(s) only, without repeats, at most
   * LISTING_PHOTO.maxPhotos (decision 033 'Photos'): downloaded by the `integrations.photos` job after the sync.
   */
  photoUrls: string[];
};

/** One entry of a provider's listing index: its id, last change and, when the list already carries it, the listing. */
export type SourceItem = { sourceId: string; updatedAt: string | null; listing?: SyncedListing };

/**
 * A listing provider's client (decision 033; docs/ARCHITECTURE.md 'External services'): the real HTTP client or the
 * sandbox (the same client over an in-process fake of the provider's API), chosen by configuration.
 */
export interface ListingSource<C> {
  provider: IntegrationProvider;
  /** Checks the credentials with the cheapest call. Throws ProviderAuthError (409) when refused, UNAVAILABLE otherwise. */
  verify(credentials: C): Promise<void>;
  /**
   * Every published listing of the account, page by page (`updatedAfter`: only those changed since, when given).
   * Throws like verify.
   */
  list(credentials: C, options?: { updatedAfter?: Date }): AsyncIterable<SourceItem>;
  /** One listing by its id at the source, or null when the source has none. Throws like verify. */
  get(credentials: C, sourceId: string): Promise<SyncedListing | null>;
}

export type EasyBrokerCredentials = { apiKey: string };
export type KwCredentials = { clientId: string; clientSecret: string };

/** A number ≥ 0 from a provider's number or numeric text, else null. */
export function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/,/g, '')) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A whole count 0–999 from a provider's value, else null. */
export function countOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n === null || n > 999 ? null : Math.round(n);
}

/** Trimmed non-empty text, else null. */
export function textOrNull(value: unknown, max = 5000): string | null {
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t.slice(0, max);
}

/** A latitude/longitude pair inside Mexico's box, else nulls (a source may hide the point or send 0,0). */
export function pointOrNull(lat: unknown, lng: unknown): { lat: number | null; lng: number | null } {
  const a = typeof lat === 'number' ? lat : Number(lat);
  const b = typeof lng === 'number' ? lng : Number(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a < 14.3 || a > 32.9 || b < -118.7 || b > -86.4) return { lat: null, lng: null };
  return { lat: a, lng: b };
}

/**
 * A provider's photo URLs → the ones a sync keeps (decision 033 'Photos'): absolute http(s) URLs of at most 2,000
 * characters, in the given order, each once, at most LISTING_PHOTO.maxPhotos (the limit of any listing).
 */
export function photoUrlsOf(urls: unknown[]): string[] {
  const out: string[] = [];
  for (const raw of urls) {
    if (typeof raw !== 'string' || raw.length > 2000) continue;
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) continue;
    const text = url.toString();
    if (!out.includes(text)) out.push(text);
    if (out.length >= LISTING_PHOTO.maxPhotos) break;
  }
  return out;
}
