import type { CommissionType, PropertyType } from '@nj/contracts';
import { malformed, ProviderAuthError, requestProviderJson, type ProviderHttpOptions } from './provider-http.ts';
import {
  countOrNull, numberOrNull, photoUrlsOf, pointOrNull, textOrNull,
  type KwCredentials, type ListingSource, type SourceItem, type SyncedListing, type SyncedOperation,
} from './synced-listing.ts';

/** Records per page asked of the Property resource (`$top`; RESO servers commonly cap it at 200). */
export const KW_PAGE_SIZE = 200;

const SQFT_TO_M2 = 0.09290304;
const ACRE_TO_M2 = 4046.8564224;

/** An area in `units` (RESO AreaUnits / LotSizeUnits: 'Square Meters', 'Square Feet', 'Acres', 'Hectares') → m². */
function areaM2(value: unknown, units: unknown): number | null {
  const n = numberOrNull(value);
  if (n === null || n === 0) return null;
  const u = typeof units === 'string' ? units.toLowerCase() : 'square meters';
  const m2 = u.includes('feet') ? n * SQFT_TO_M2 : u.includes('acre') ? n * ACRE_TO_M2 : u.includes('hectare') ? n * 10_000 : n;
  return Math.round(m2 * 100) / 100;
}

/** RESO PropertyType + PropertySubType → ours ('otro' when unknown). */
export function mapKwType(type: unknown, subType: unknown): PropertyType {
  const t = typeof type === 'string' ? type.toLowerCase() : '';
  const s = typeof subType === 'string' ? subType.toLowerCase() : '';
  if (t === 'land') return 'land';
  if (t === 'farm' || s.includes('ranch') || s.includes('farm')) return 'ranch';
  if (t.startsWith('commercial')) {
    if (s.includes('office')) return 'oficina';
    if (s.includes('retail')) return 'local_comercial';
    if (s.includes('warehouse')) return 'bodega_comercial';
    if (s.includes('industrial')) return 'nave_industrial';
    if (s.includes('land')) return 'terreno_comercial';
    if (s.includes('mixed')) return 'casa_con_uso_de_suelo';
    return 'edificio';
  }
  if (t.startsWith('residential')) {
    if (s.includes('condo') || s.includes('apartment') || s.includes('loft') || s.includes('stock cooperative')) return 'apartment';
    return 'house';
  }
  return 'otro';
}

/** RESO commission fields (BuyerAgencyCompensation, BuyerAgencyCompensationType '%' | '$') → ours. */
function commission(value: unknown, type: unknown, currency: 'mxn' | 'usd'): SyncedOperation['commission'] {
  const n = numberOrNull(typeof value === 'string' ? value.replace(/[%$\s]/g, '') : value);
  const kind: CommissionType = n === null ? 'none' : type === '%' || (typeof value === 'string' && value.includes('%')) ? 'percentaje' : 'fixed_amount';
  return { type: kind, value: kind === 'none' ? null : n, currency };
}

/**
 * The photo URLs of a RESO Property's expanded `Media` (Data Dictionary Media: MediaURL, Order, MediaCategory,
 * MediaType/MimeType): by Order (records without one last, in their order), only photos (MediaCategory absent or
 * 'Photo'/'Photos'; MediaType/MimeType absent or an image type).
 */
export function kwPhotoUrls(media: unknown): string[] {
  if (!Array.isArray(media)) return [];
  const photos = media
    .map((m, i) => ({ m: (m ?? {}) as Record<string, unknown>, i }))
    .filter(({ m }) => {
      const category = typeof m.MediaCategory === 'string' ? m.MediaCategory.toLowerCase() : 'photo';
      const type = String(m.MimeType ?? m.MediaType ?? 'image').toLowerCase();
      return (category === 'photo' || category === 'photos') && /image|jpe?g|png|webp|heic|gif/.test(type);
    })
    .sort((a, b) => (numberOrNull(a.m.Order) ?? Number.MAX_SAFE_INTEGER) - (numberOrNull(b.m.Order) ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
  return photoUrlsOf(photos.map(({ m }) => m.MediaURL));
}

/**
 * A RESO Data Dictionary Property record (what KW's partner listings API serves, decision 033) → SyncedListing.
 * Lease types ('Residential Lease', 'Commercial Lease') or a LeaseAmount make it renta; otherwise venta at ListPrice.
 * StandardStatus 'Active' (and 'Active Under Contract', 'Coming Soon') is active; 'Closed', 'Withdrawn', 'Expired',
 * 'Canceled', 'Hold', 'Delete', 'Pending' are not. Currency: `CurrencyCode`/`ListPriceCurrencyCode` when present
 * (MXN/USD), else MXN (KW México). Areas converted to m² from their units. Photos: the expanded `Media` (kwPhotoUrls).
 * @returns null when the record has no ListingKey
 */
export function mapKwProperty(raw: unknown): SyncedListing | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const sourceId = textOrNull(p.ListingKey, 60);
  if (!sourceId) return null;
  const code = String(p.CurrencyCode ?? p.ListPriceCurrencyCode ?? 'MXN').toLowerCase();
  const currency = code === 'usd' ? 'usd' : 'mxn';
  const isLease = (typeof p.PropertyType === 'string' && /lease/i.test(p.PropertyType)) || numberOrNull(p.LeaseAmount) !== null;
  const price = numberOrNull(isLease ? (p.LeaseAmount ?? p.ListPrice) : p.ListPrice);
  const op: SyncedOperation | null = price && price > 0
    ? { price, currency, basedOn: 'valor_total', commission: commission(p.BuyerAgencyCompensation, p.BuyerAgencyCompensationType, currency) }
    : null;
  const status = typeof p.StandardStatus === 'string' ? p.StandardStatus : 'Active';
  const year = numberOrNull(p.YearBuilt);
  const listed = typeof p.ListingContractDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(p.ListingContractDate) ? p.ListingContractDate.slice(0, 10) : null;
  const street = [p.StreetName, p.StreetSuffix].map((v) => textOrNull(v, 100)).filter(Boolean).join(' ');
  return {
    provider: 'kw',
    sourceId,
    active: ['Active', 'Active Under Contract', 'Coming Soon'].includes(status),
    title: textOrNull(p.ListingTitle ?? p.UnparsedAddress, 200) ?? sourceId,
    description: textOrNull(p.PublicRemarks),
    sourceUrl: textOrNull(p.ListingURL, 500),
    propertyType: mapKwType(p.PropertyType, p.PropertySubType),
    rent: isLease ? op : null,
    sale: isLease ? null : op,
    maintenanceFee: numberOrNull(p.AssociationFee),
    landArea: areaM2(p.LotSizeArea ?? p.LotSizeSquareFeet, p.LotSizeArea !== undefined ? p.LotSizeUnits : 'Square Feet'),
    constructionArea: areaM2(p.LivingArea ?? p.BuildingAreaTotal, p.LivingAreaUnits ?? p.BuildingAreaUnits),
    rooms: countOrNull(p.BedroomsTotal),
    bathrooms: countOrNull(p.BathroomsFull ?? p.BathroomsTotalInteger),
    halfBathrooms: countOrNull(p.BathroomsHalf),
    parkingSpots: countOrNull(p.ParkingTotal),
    constructionYear: year !== null && year > 1800 ? Math.round(year) : null,
    street: street || null,
    exteriorNumber: textOrNull(p.StreetNumber, 20),
    colonia: textOrNull(p.SubdivisionName, 120),
    municipality: textOrNull(p.City ?? p.CountyOrParish, 120),
    state: textOrNull(p.StateOrProvince, 60),
    postalCode: textOrNull(p.PostalCode, 10),
    ...pointOrNull(p.Latitude, p.Longitude),
    publishedAt: listed,
    updatedAt: typeof p.ModificationTimestamp === 'string' ? p.ModificationTimestamp : null,
    photoUrls: kwPhotoUrls(p.Media),
  };
}

/**
 * The KW partner listings client (decision 033: KW publishes no open reference, so this speaks the RESO Web API
 * that its listing system exchanges — https://transport.reso.org, Web API Core 2.0 — with OAuth 2.0 client
 * credentials, RESO RCP-026):
 * - token: POST {base}/oauth/token, `grant_type=client_credentials`, HTTP Basic client_id:client_secret →
 *   `{ access_token, expires_in }`, kept until a minute before it expires;
 * - list: GET {base}/Property?$filter=… &$top=200&$orderby=ModificationTimestamp, following `@odata.nextLink`; the
 *   records are whole, so no detail call is needed; `$filter` asks StandardStatus eq 'Active' and, for a change
 *   pull, `ModificationTimestamp gt {ISO}`; `$expand=Media` brings each listing's photos;
 * - get: GET {base}/Property('{ListingKey}')?$expand=Media (404 → null).
 * 429 waited out for Retry-After and resumed; 401 from the token or a call ends with 'credentials refused'.
 */
export function createKwClient(options: { baseUrl: string } & ProviderHttpOptions): ListingSource<KwCredentials> {
  const base = options.baseUrl.replace(/\/$/, '');
  const tokens = new Map<string, { token: string; until: number }>();
  const token = async (c: KwCredentials): Promise<string> => {
    const key = `${c.clientId}\u0000${c.clientSecret}`;
    const kept = tokens.get(key);
    if (kept && kept.until > Date.now()) return kept.token;
    const body = await requestProviderJson(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    }, options) as { access_token?: unknown; expires_in?: unknown };
    if (!body || typeof body.access_token !== 'string' || !body.access_token) throw malformed();
    const seconds = numberOrNull(body.expires_in) ?? 3600;
    tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
    return body.access_token;
  };
  const call = async (c: KwCredentials, url: string, allowNotFound = false): Promise<unknown> => {
    const headers = { Authorization: `Bearer ${await token(c)}`, Accept: 'application/json' };
    try {
      return await requestProviderJson(url, { headers }, { ...options, allowNotFound });
    } catch (error) {
      // An expired token answers 401 once: a new token, then the same request again.
      if (!(error instanceof ProviderAuthError)) throw error;
      tokens.delete(`${c.clientId}\u0000${c.clientSecret}`);
      return requestProviderJson(url, { headers: { ...headers, Authorization: `Bearer ${await token(c)}` } }, { ...options, allowNotFound });
    }
  };
  const firstPage = (updatedAfter?: Date, top = KW_PAGE_SIZE) => {
    const filter = ["StandardStatus eq 'Active'", ...(updatedAfter ? [`ModificationTimestamp gt ${updatedAfter.toISOString()}`] : [])].join(' and ');
    const q = new URLSearchParams({ $filter: filter, $top: String(top), $orderby: 'ModificationTimestamp', $expand: 'Media' });
    return `${base}/Property?${q}`;
  };
  return {
    provider: 'kw',
    async verify(c) {
      const body = await call(c, firstPage(undefined, 1)) as { value?: unknown };
      if (!body || !Array.isArray(body.value)) throw malformed();
    },
    async *list(c, listOptions = {}): AsyncIterable<SourceItem> {
      let url: string | null = firstPage(listOptions.updatedAfter);
      for (let pages = 0; url && pages < 10_000; pages++) {
        const body = await call(c, url) as { value?: unknown; '@odata.nextLink'?: unknown };
        if (!body || !Array.isArray(body.value)) throw malformed();
        for (const record of body.value) {
          const listing = mapKwProperty(record);
          if (!listing) throw malformed();
          yield { sourceId: listing.sourceId, updatedAt: listing.updatedAt, listing };
        }
        const next = body['@odata.nextLink'];
        url = typeof next === 'string' && next ? new URL(next, `${base}/`).toString() : null;
        if (url && !url.startsWith(base)) throw malformed();
      }
    },
    async get(c, sourceId) {
      const body = await call(c, `${base}/Property('${encodeURIComponent(sourceId.replace(/'/g, "''"))}')?$expand=Media`, true);
      if (body === null) return null;
      const listing = mapKwProperty(body);
      if (!listing) throw malformed();
      return listing;
    },
  };
}
