import { foldText, type CommissionType, type PriceBasis, type PropertyType } from '@nj/contracts';
import { malformed, requestProviderJson, type ProviderHttpOptions } from './provider-http.ts';
import {
  countOrNull, numberOrNull, photoUrlsOf, pointOrNull, textOrNull,
  type EasyBrokerCredentials, type ListingSource, type SourceItem, type SyncedListing, type SyncedOperation,
} from './synced-listing.ts';

/** EasyBroker's production API root (https://dev.easybroker.com/docs; staging: https://api.stagingeb.com/v1). */
export const EASYBROKER_API_URL = 'https://api.easybroker.com/v1';
/** Listings per page asked of GET /v1/properties (the API's documented maximum `limit` is 50). */
export const EASYBROKER_PAGE_LIMIT = 50;

/**
 * EasyBroker property types (Spanish names as the API returns them in `property_type`) → ours (spec 01 §3). Folded
 * (lower case, no accents); anything else is 'otro'.
 */
const TYPES: Record<string, PropertyType> = {
  casa: 'house', 'casa en condominio': 'house', villa: 'house', 'casa de campo': 'ranch', quinta: 'ranch', rancho: 'ranch',
  departamento: 'apartment', 'penthouse': 'apartment', loft: 'apartment', duplex: 'apartment', 'departamento amueblado': 'apartment',
  terreno: 'land', 'terreno residencial': 'land', lote: 'land', 'terreno comercial': 'terreno_comercial',
  'terreno industrial': 'terreno_industrial', 'bodega comercial': 'bodega_comercial', bodega: 'bodega_comercial',
  'bodega industrial': 'bodega_industrial', 'nave industrial': 'nave_industrial', 'casa con uso de suelo': 'casa_con_uso_de_suelo',
  'casa uso de suelo': 'casa_con_uso_de_suelo', edificio: 'edificio', huerta: 'huerta', 'local comercial': 'local_comercial',
  local: 'local_comercial', 'local en centro comercial': 'local_en_centro_comercial', oficina: 'oficina', consultorio: 'oficina',
};

/** An EasyBroker `property_type` → our type ('otro' when unknown). */
export function mapEasyBrokerType(value: unknown): PropertyType {
  return TYPES[foldText(typeof value === 'string' ? value : '')] ?? 'otro';
}

/** EasyBroker operation `unit` → our price basis: 'total' (or none) valor_total, 'square_meter' m2, 'hectare' ha. */
function basis(unit: unknown): PriceBasis {
  return unit === 'square_meter' ? 'm2' : unit === 'hectare' ? 'ha' : 'valor_total';
}

/**
 * EasyBroker `commission` `{ type, value, currency }` → ours: 'percentage' → percentaje, 'amount'/'fixed' →
 * fixed_amount (in the commission's currency), 'months' → months; none or unreadable → none.
 */
function commission(raw: unknown, fallbackCurrency: 'mxn' | 'usd'): SyncedOperation['commission'] {
  const c = (raw ?? {}) as { type?: unknown; value?: unknown; currency?: unknown };
  const value = numberOrNull(c.value);
  const type: CommissionType = value === null ? 'none'
    : c.type === 'percentage' ? 'percentaje' : c.type === 'amount' || c.type === 'fixed' ? 'fixed_amount' : c.type === 'months' ? 'months' : 'none';
  const currency = typeof c.currency === 'string' && c.currency.toLowerCase() === 'usd' ? 'usd' : fallbackCurrency;
  return { type, value: type === 'none' ? null : value, currency };
}

/** One EasyBroker operation → ours, or null when it has no usable amount or a currency we do not price in. */
function operation(raw: unknown): SyncedOperation | null {
  const o = (raw ?? {}) as { amount?: unknown; currency?: unknown; unit?: unknown; commission?: unknown };
  const price = numberOrNull(o.amount);
  const code = typeof o.currency === 'string' ? o.currency.toLowerCase() : 'mxn';
  if (price === null || price <= 0 || (code !== 'mxn' && code !== 'usd')) return null;
  return { price, currency: code, basedOn: basis(o.unit), commission: commission(o.commission, code) };
}

/** 'Colonia, Municipio, Estado' (EasyBroker `location.name`, or `location` in lists) → its parts. */
function placeParts(name: unknown): { colonia: string | null; municipality: string | null; state: string | null } {
  const parts = (typeof name === 'string' ? name : '').split(',').map((p) => p.trim()).filter(Boolean);
  return {
    state: parts.length >= 1 ? parts[parts.length - 1]! : null,
    municipality: parts.length >= 2 ? parts[parts.length - 2]! : null,
    colonia: parts.length >= 3 ? parts.slice(0, parts.length - 2).join(', ') : null,
  };
}

/**
 * An EasyBroker property (GET /v1/properties/{public_id}, https://dev.easybroker.com/reference) → SyncedListing.
 * Operations: 'sale' → venta, 'rental' (and 'temporary_rental') → renta, with amount, currency (MXN/USD), unit
 * (total, square_meter, hectare) and commission. `status` 'published' is active; any other (not_published, sold,
 * rented, reserved…) inactive. Areas `lot_size`/`construction_size` in m²; `expenses` the monthly maintenance in MXN;
 * `age` → construction year when it is a number of years; `property_images` (`[{ url, title }]`, in the listing's
 * order, first = cover) → photoUrls.
 * @returns null when the body is not a property (no public_id)
 */
export function mapEasyBrokerProperty(raw: unknown, now = new Date()): SyncedListing | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const sourceId = textOrNull(p.public_id, 60);
  if (!sourceId) return null;
  const ops = Array.isArray(p.operations) ? p.operations as { type?: unknown }[] : [];
  const rent = operation(ops.find((o) => o?.type === 'rental') ?? ops.find((o) => o?.type === 'temporary_rental'));
  const sale = operation(ops.find((o) => o?.type === 'sale'));
  const loc = (typeof p.location === 'object' && p.location !== null ? p.location : { name: p.location }) as Record<string, unknown>;
  const place = placeParts(loc.name);
  const age = numberOrNull(p.age);
  const created = typeof p.created_at === 'string' && /^\d{4}-\d{2}-\d{2}/.test(p.created_at) ? p.created_at.slice(0, 10) : null;
  return {
    provider: 'easybroker',
    sourceId,
    active: p.status === undefined ? true : p.status === 'published',
    title: textOrNull(p.title, 200) ?? sourceId,
    description: textOrNull(p.description),
    sourceUrl: textOrNull(p.public_url, 500),
    propertyType: mapEasyBrokerType(p.property_type),
    rent,
    sale,
    maintenanceFee: numberOrNull(p.expenses),
    landArea: numberOrNull(p.lot_size) || null,
    constructionArea: numberOrNull(p.construction_size) || null,
    rooms: countOrNull(p.bedrooms),
    bathrooms: countOrNull(p.bathrooms),
    halfBathrooms: countOrNull(p.half_bathrooms),
    parkingSpots: countOrNull(p.parking_spaces),
    constructionYear: age !== null && age < 200 ? now.getFullYear() - Math.round(age) : null,
    street: textOrNull(loc.street, 200),
    exteriorNumber: textOrNull(loc.exterior_number, 20),
    ...place,
    postalCode: textOrNull(loc.postal_code, 10),
    ...pointOrNull(loc.latitude, loc.longitude),
    publishedAt: created,
    updatedAt: typeof p.updated_at === 'string' ? p.updated_at : null,
    photoUrls: photoUrlsOf(Array.isArray(p.property_images) ? p.property_images.map((i) => (i as { url?: unknown } | null)?.url) : []),
  };
}

/**
 * The real EasyBroker client (API v1, https://dev.easybroker.com/docs and /reference): every call sends the agency's
 * key in the `X-Authorization` header and `Accept: application/json`.
 * - list: GET {base}/properties?page=N&limit=50&search[statuses][]=published (and `search[updated_after]` as ISO
 *   8601 when asked), following `pagination.next_page` until it is null; items are `content[]` summaries
 *   (public_id, updated_at…), so the sync asks the detail of the new and changed ones.
 * - get: GET {base}/properties/{public_id} → the full property (404 → null).
 * - verify: the first page with limit=1.
 * 429 answers are waited out for their Retry-After and resumed; 401 ends with the Spanish 'credentials refused'.
 */
export function createEasyBrokerClient(options: { baseUrl?: string } & ProviderHttpOptions = {}): ListingSource<EasyBrokerCredentials> {
  const base = (options.baseUrl ?? EASYBROKER_API_URL).replace(/\/$/, '');
  const headers = (c: EasyBrokerCredentials) => ({ 'X-Authorization': c.apiKey, Accept: 'application/json' });
  const page = async (c: EasyBrokerCredentials, n: number, limit: number, updatedAfter?: Date) => {
    const q = new URLSearchParams({ page: String(n), limit: String(limit) });
    q.append('search[statuses][]', 'published');
    if (updatedAfter) q.set('search[updated_after]', updatedAfter.toISOString());
    const body = await requestProviderJson(`${base}/properties?${q}`, { headers: headers(c) }, options) as { pagination?: { next_page?: unknown }; content?: unknown };
    if (!body || typeof body !== 'object' || !Array.isArray(body.content)) throw malformed();
    return { content: body.content as unknown[], hasNext: body.pagination?.next_page != null && body.pagination.next_page !== '' };
  };
  return {
    provider: 'easybroker',
    async verify(c) {
      await page(c, 1, 1);
    },
    async *list(c, listOptions = {}): AsyncIterable<SourceItem> {
      for (let n = 1; n <= 10_000; n++) {
        const { content, hasNext } = await page(c, n, EASYBROKER_PAGE_LIMIT, listOptions.updatedAfter);
        for (const item of content) {
          const p = (item ?? {}) as { public_id?: unknown; updated_at?: unknown };
          const sourceId = textOrNull(p.public_id, 60);
          if (!sourceId) throw malformed();
          yield { sourceId, updatedAt: typeof p.updated_at === 'string' ? p.updated_at : null };
        }
        if (!hasNext || content.length === 0) return;
      }
    },
    async get(c, sourceId) {
      const body = await requestProviderJson(`${base}/properties/${encodeURIComponent(sourceId)}`, { headers: headers(c) }, { ...options, allowNotFound: true });
      if (body === null) return null;
      const listing = mapEasyBrokerProperty(body);
      if (!listing) throw malformed();
      return listing;
    },
  };
}
