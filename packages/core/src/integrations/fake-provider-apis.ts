import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sandboxListings, type SandboxListing } from './sandbox-listings.ts';

/**
 * In-process fakes of the two providers' APIs as web handlers (Request → Response): the sandbox providers route the
 * real clients' requests to them (so `npm start` works offline), and the tests serve them on a local port
 * (testing/serve-handler.ts) to run the real clients over HTTP. They speak the documented shapes (decision 033):
 * EasyBroker API v1 (X-Authorization, page/limit ≤ 50, search[statuses][], search[updated_after], pagination.next_page,
 * detail by public_id, 401 for a bad key, 429 with Retry-After past the per-second limit) and the RESO Web API of KW
 * (OAuth 2.0 client credentials, $filter/$top/$skip, @odata.nextLink, Property('key'), $expand=Media). Both serve the
 * photos they advertise at `GET /fotos/{name}.jpg` (small real JPEGs made with sharp, no credentials, like a CDN);
 * listings name them by path (`/fotos/…`) and the answer makes them absolute on the request's origin.
 */
export type FakeProviderOptions = {
  /** Which keys (EasyBroker) or client ids (KW) the fake accepts; default any that does not start with 'rechazada'. */
  accepts?: (account: string) => boolean;
  /** The account's raw listings in the provider's shape; default sandboxListings rendered. */
  listings?: (account: string) => Record<string, unknown>[];
  /** Requests per second per account before 429 (default 20, EasyBroker's documented rate). */
  ratePerSecond?: number;
  /** Retry-After of a 429, seconds (default 1). */
  retryAfterSeconds?: number;
  /** Answers to give instead of the normal one, first match each time (tests: 5xx, malformed bodies, 429 bursts). */
  faults?: { match: (url: URL) => boolean; status: number; body?: string; headers?: Record<string, string>; times: number }[];
  now?: () => number;
  /** Answer for the photo `name` of `GET /fotos/{name}` instead of the generated JPEG (tests: redirects, junk, huge). */
  photo?: (name: string) => Response | Promise<Response> | null;
};

export type FakeProviderApi = {
  handle(request: Request): Promise<Response>;
  /** Every request seen: method, path with query, and the account it named. */
  requests: { method: string; url: string; account: string | null }[];
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

function rateLimiter(options: FakeProviderOptions) {
  const seen = new Map<string, number[]>();
  return (account: string): Response | null => {
    const now = options.now?.() ?? Date.now();
    const times = (seen.get(account) ?? []).filter((t) => now - t < 1000);
    if (times.length >= (options.ratePerSecond ?? 20)) {
      seen.set(account, times);
      return json(429, { error: 'Too many requests' }, { 'retry-after': String(options.retryAfterSeconds ?? 1) });
    }
    times.push(now);
    seen.set(account, times);
    return null;
  };
}

function takeFault(options: FakeProviderOptions, url: URL): Response | null {
  const fault = options.faults?.find((f) => f.times > 0 && f.match(url));
  if (!fault) return null;
  fault.times--;
  return new Response(fault.body ?? '', { status: fault.status, headers: fault.headers ?? {} });
}

/** Photos per sandbox listing. */
export const SANDBOX_PHOTOS_PER_LISTING = 3;

const photoCache = new Map<string, Promise<Buffer>>();

/**
 * A small real JPEG (640×480) for the fake photo `name`: a sky, a lawn and a house whose colours follow the name, so
 * every listing's photos differ and the same name always gives the same bytes. Cached per process.
 */
export function fakeListingPhoto(name: string): Promise<Buffer> {
  let made = photoCache.get(name);
  if (!made) {
    const h = createHash('sha256').update(name).digest();
    // Hues within plausible ranges: a blue sky, a green lawn, pastel walls, a terracotta or slate roof.
    const hue = (i: number, from: number, span: number, sat: number, light: number) =>
      `hsl(${Math.round(from + (h[i]! / 255) * span)}, ${sat}%, ${light + Math.round((h[i + 1]! / 255) * 12)}%)`;
    const x = 160 + Math.round((h[6]! / 255) * 200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="${hue(0, 195, 25, 60, 68)}"/><rect y="330" width="640" height="150" fill="${hue(2, 85, 50, 40, 38)}"/>
      <rect x="${x}" y="200" width="220" height="160" fill="${hue(4, 20, 320, 35, 78)}"/><polygon points="${x - 20},205 ${x + 110},110 ${x + 240},205" fill="${hue(8, 5, 20, 45, 38)}"/>
      <rect x="${x + 90}" y="280" width="45" height="80" fill="#5b3a29"/><rect x="${x + 25}" y="230" width="45" height="40" fill="#dff1ff"/>
      <rect x="${x + 150}" y="230" width="45" height="40" fill="#dff1ff"/></svg>`;
    made = sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    photoCache.set(name, made);
  }
  return made;
}

/** Serves `GET …/fotos/{name}` (any account, like a CDN): the tests' override, else the generated JPEG. */
async function servePhoto(options: FakeProviderOptions, url: URL): Promise<Response | null> {
  const match = /\/fotos\/([A-Za-z0-9._-]+)$/.exec(url.pathname);
  if (!match) return null;
  const name = match[1]!.replace(/\.jpe?g$/, '');
  const override = await options.photo?.(name);
  if (override) return override;
  return new Response(new Uint8Array(await fakeListingPhoto(name)), { status: 200, headers: { 'content-type': 'image/jpeg' } });
}

/** A photo path of the fakes (`/fotos/…`) made absolute on `origin`; absolute URLs stay as they are. */
const onOrigin = (value: unknown, origin: string) => (typeof value === 'string' && value.startsWith('/') ? `${origin}${value}` : value);

/** The sandbox photo paths of listing `id`: `/fotos/{id}-1.jpg` … */
export const sandboxPhotoPaths = (id: string): string[] => Array.from({ length: SANDBOX_PHOTOS_PER_LISTING }, (_, i) => `/fotos/${id}-${i + 1}.jpg`);

const accepts = (options: FakeProviderOptions, account: string) => (options.accepts ?? ((a) => !a.startsWith('rechazada')))(account);

/** A sandbox listing as EasyBroker's GET /v1/properties/{public_id} returns it. */
export function easyBrokerProperty(l: SandboxListing): Record<string, unknown> {
  const kind = l.kind.eb;
  const op = l.rent ? 'Renta' : 'Venta';
  return {
    public_id: l.id,
    title: `${kind} en ${op.toLowerCase()} en ${l.place.colonia}, ${l.place.municipality}`,
    description: `${kind} de ${l.area} m² en ${l.place.colonia}${l.rooms ? `, ${l.rooms} recámaras` : ''}, a una calle de ${l.street}.`,
    property_type: kind,
    status: 'published',
    location: {
      name: `${l.place.colonia}, ${l.place.municipality}, ${l.place.state}`, latitude: l.lat, longitude: l.lng,
      street: l.street, exterior_number: l.number, interior_number: null, postal_code: l.place.cp,
      show_exact_location: true, hide_exact_location: false,
    },
    operations: [{
      type: l.rent ? 'rental' : 'sale', amount: l.price, currency: 'MXN', formatted_amount: `$${l.price.toLocaleString('en-US')}`,
      unit: 'total', commission: l.rent ? { type: 'months', value: '1' } : { type: 'percentage', value: String(l.commissionPercent) },
    }],
    bedrooms: l.rooms, bathrooms: l.bathrooms, half_bathrooms: 0, parking_spaces: l.parking,
    lot_size: l.lot || null, construction_size: l.area, expenses: l.rent ? null : 1500, age: l.age,
    public_url: `https://www.easybroker.com/mx/listings/${l.id.toLowerCase()}`,
    created_at: l.createdAt, updated_at: l.updatedAt, features: [],
    property_images: sandboxPhotoPaths(l.id).map((url, i) => ({ url, title: i === 0 ? 'Fachada' : `Foto ${i + 1}` })),
  };
}

/** An EasyBroker property with its photo paths absolute on `origin` (the fake's own host). */
function easyBrokerOnOrigin(p: Record<string, unknown>, origin: string): Record<string, unknown> {
  const images = Array.isArray(p.property_images) ? p.property_images as { url?: unknown }[] : [];
  return { ...p, property_images: images.map((i) => ({ ...i, url: onOrigin(i?.url, origin) })) };
}

/** The summary GET /v1/properties lists for a full EasyBroker property. */
function easyBrokerSummary(p: Record<string, unknown>): Record<string, unknown> {
  const loc = p.location as { name?: string } | undefined;
  return {
    public_id: p.public_id, title: p.title, location: loc?.name ?? '',
    title_image_full: (p.property_images as { url?: unknown }[] | undefined)?.[0]?.url ?? null,
    title_image_thumb: (p.property_images as { url?: unknown }[] | undefined)?.[0]?.url ?? null,
    operations: p.operations, bedrooms: p.bedrooms, bathrooms: p.bathrooms, parking_spaces: p.parking_spaces,
    property_type: p.property_type, lot_size: p.lot_size, construction_size: p.construction_size, updated_at: p.updated_at,
    agent: '', show_prices: true, share_commission: false,
  };
}

/** The EasyBroker API v1 fake (see FakeProviderOptions). Serves under any prefix ending in /properties. */
export function createFakeEasyBroker(options: FakeProviderOptions = {}): FakeProviderApi {
  const limit = rateLimiter(options);
  const requests: FakeProviderApi['requests'] = [];
  const listings = options.listings ?? ((account: string) => sandboxListings(account, 'EB-').map(easyBrokerProperty));
  return {
    requests,
    async handle(request) {
      const url = new URL(request.url);
      const key = request.headers.get('x-authorization');
      requests.push({ method: request.method, url: url.pathname + url.search, account: key });
      const photo = await servePhoto(options, url);
      if (photo) return photo;
      if (!key || !accepts(options, key)) return json(401, { error: 'Your API key is invalid' });
      const limited = limit(key);
      if (limited) return limited;
      const fault = takeFault(options, url);
      if (fault) return fault;
      const all = listings(key).map((p) => easyBrokerOnOrigin(p, url.origin));
      const detail = /\/properties\/([^/]+)$/.exec(url.pathname);
      if (request.method !== 'GET') return json(405, { error: 'Method not allowed' });
      if (detail) {
        const found = all.find((p) => p.public_id === decodeURIComponent(detail[1]!));
        return found ? json(200, found) : json(404, { error: 'Not found' });
      }
      if (!/\/properties$/.test(url.pathname)) return json(404, { error: 'Not found' });
      const statuses = url.searchParams.getAll('search[statuses][]');
      const after = url.searchParams.get('search[updated_after]');
      const afterMs = after ? Date.parse(after) : NaN;
      const chosen = all.filter((p) => (statuses.length === 0 || statuses.includes(String(p.status ?? 'published')))
        && (!after || (Number.isFinite(afterMs) && Date.parse(String(p.updated_at)) > afterMs)));
      const pageSize = Math.min(50, Math.max(1, Number(url.searchParams.get('limit')) || 20));
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
      const content = chosen.slice((page - 1) * pageSize, page * pageSize).map(easyBrokerSummary);
      const next = page * pageSize < chosen.length ? new URL(url) : null;
      next?.searchParams.set('page', String(page + 1));
      return json(200, { pagination: { limit: pageSize, page, total: chosen.length, next_page: next ? next.toString() : null }, content });
    },
  };
}

/** A sandbox listing as a RESO Data Dictionary Property record (KW). */
export function resoProperty(l: SandboxListing): Record<string, unknown> {
  const [type, subType] = l.kind.reso;
  return {
    ListingKey: l.id, ListingId: l.id.replace(/^KW-/, ''), StandardStatus: 'Active',
    PropertyType: l.rent ? type.replace('Sale', 'Lease').replace(/^Residential$/, 'Residential Lease') : type, PropertySubType: subType,
    ListPrice: l.price, ...(l.rent ? { LeaseAmount: l.price } : {}), CurrencyCode: 'MXN',
    BedroomsTotal: l.rooms, BathroomsFull: l.bathrooms, BathroomsHalf: 0, ParkingTotal: l.parking,
    LivingArea: l.area, LivingAreaUnits: 'Square Meters', ...(l.lot ? { LotSizeArea: l.lot, LotSizeUnits: 'Square Meters' } : {}),
    YearBuilt: 2026 - l.age, Latitude: l.lat, Longitude: l.lng, StreetName: l.street, StreetNumber: l.number,
    SubdivisionName: l.place.colonia, City: l.place.municipality, StateOrProvince: l.place.state, PostalCode: l.place.cp,
    PublicRemarks: `${l.kind.eb} de ${l.area} m² en ${l.place.colonia}.`,
    ListingTitle: `${l.kind.eb} en ${l.rent ? 'renta' : 'venta'} en ${l.place.colonia}`,
    BuyerAgencyCompensation: l.rent ? null : String(l.commissionPercent), BuyerAgencyCompensationType: '%',
    ListingContractDate: l.createdAt.slice(0, 10), ModificationTimestamp: l.updatedAt,
    Media: sandboxPhotoPaths(l.id).map((MediaURL, i) => ({
      MediaKey: `${l.id}-M${i + 1}`, ResourceRecordKey: l.id, MediaCategory: 'Photo', MediaType: 'image/jpeg', Order: i + 1, MediaURL,
    })),
  };
}

/** A RESO Property as the fake answers it: `Media` only when `$expand` asks it, its URLs absolute on `origin`. */
function resoOnOrigin(p: Record<string, unknown>, origin: string, expand: boolean): Record<string, unknown> {
  const { Media, ...rest } = p;
  if (!expand || !Array.isArray(Media)) return rest;
  return { ...rest, Media: (Media as Record<string, unknown>[]).map((m) => ({ ...m, MediaURL: onOrigin(m?.MediaURL, origin) })) };
}

/** The KW (RESO Web API) fake: POST /oauth/token, GET /Property (OData), GET /Property('key'). */
export function createFakeKw(options: FakeProviderOptions & { secretOf?: (clientId: string) => string } = {}): FakeProviderApi {
  const limit = rateLimiter(options);
  const requests: FakeProviderApi['requests'] = [];
  const tokens = new Map<string, string>();
  const listings = options.listings ?? ((account: string) => sandboxListings(account, 'KW-').map(resoProperty));
  return {
    requests,
    async handle(request) {
      const url = new URL(request.url);
      if (request.method === 'GET') {
        const photo = await servePhoto(options, url);
        if (photo) {
          requests.push({ method: 'GET', url: url.pathname, account: null });
          return photo;
        }
      }
      if (request.method === 'POST' && url.pathname.endsWith('/oauth/token')) {
        const basic = /^Basic (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
        const [id = '', secret = ''] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
        requests.push({ method: 'POST', url: url.pathname, account: id || null });
        const form = new URLSearchParams(await request.text());
        if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
        if (!id || !accepts(options, id) || secret !== (options.secretOf?.(id) ?? secret) || secret.length < 8) return json(401, { error: 'invalid_client' });
        const token = `tok-${crypto.randomUUID()}`;
        tokens.set(token, id);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      const account = tokens.get(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '') ?? null;
      requests.push({ method: request.method, url: url.pathname + url.search, account });
      if (!account) return json(401, { error: 'invalid_token' });
      const limited = limit(account);
      if (limited) return limited;
      const fault = takeFault(options, url);
      if (fault) return fault;
      const expand = (url.searchParams.get('$expand') ?? '').split(',').map((e) => e.trim()).includes('Media');
      const all = listings(account).map((p) => resoOnOrigin(p, url.origin, expand));
      const one = /\/Property\('([^']*)'\)$/.exec(decodeURIComponent(url.pathname));
      if (one) {
        const found = all.find((p) => p.ListingKey === one[1]);
        return found ? json(200, found) : json(404, { error: { code: '404', message: 'Not found' } });
      }
      if (!/\/Property$/.test(url.pathname)) return json(404, { error: { code: '404', message: 'Not found' } });
      const filter = url.searchParams.get('$filter') ?? '';
      const status = /StandardStatus eq '([^']+)'/.exec(filter)?.[1];
      const after = /ModificationTimestamp gt (\S+)/.exec(filter)?.[1];
      const chosen = all.filter((p) => (!status || p.StandardStatus === status) && (!after || Date.parse(String(p.ModificationTimestamp)) > Date.parse(after)));
      const top = Math.min(200, Math.max(1, Number(url.searchParams.get('$top')) || 10));
      const skip = Math.max(0, Number(url.searchParams.get('$skip')) || 0);
      const value = chosen.slice(skip, skip + top);
      const next = skip + top < chosen.length ? new URL(url) : null;
      next?.searchParams.set('$skip', String(skip + top));
      return json(200, { '@odata.context': `${url.origin}/$metadata#Property`, value, ...(next ? { '@odata.nextLink': next.toString() } : {}) });
    },
  };
}

/** A fetch that hands every request to `api` in this process (the sandbox providers' transport). */
export function inProcessFetch(api: FakeProviderApi): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => api.handle(new Request(input, init))) as typeof fetch;
}
