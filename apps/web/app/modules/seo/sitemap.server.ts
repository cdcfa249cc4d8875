import { sitemapRepository } from '@nj/core/sitemap/sitemap-repository';
import type { AppServices } from '@nj/core/app-services';
import type { PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { listingPath } from '../listing/segment.ts';

/** URLs per sitemap file (the protocol's limit is 50,000; we stay under it). */
export const SITEMAP_PART_SIZE = 45_000;
const BATCH = 5_000;

const enc = new TextEncoder();
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlEntry(loc: string, lastmod?: Date | string | null): string {
  const mod = lastmod ? new Date(lastmod) : null;
  return `<url><loc>${escapeXml(loc)}</loc>${mod && !Number.isNaN(mod.getTime()) ? `<lastmod>${mod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>\n`;
}

/** A state's, municipality's or town's page by type and operation (sitemapRepository.placePages). */
type PlacePage = Awaited<ReturnType<typeof sitemapRepository.placePages>>[number];

const countActiveListings = (services: AppServices) => sitemapRepository.countActiveListings(services.database);

/**
 * Paths of the place pages (issue 2 §5, issue 9), each only where it shows listings: a state's, municipality's or
 * town's (20,000+ people) and a colonia's '/propiedades-en-{slug}' (which opens on venta, the default operation) when
 * a listing for sale lies in the area its page searches, '/propiedades-en-renta-en-{slug}' when one for rent does
 * (sitemapRepository.placePages, or `rows` when the caller has them, and coloniaPages). Sorted, each once.
 */
export async function placePaths(services: AppServices, rows?: PlacePage[]): Promise<string[]> {
  const [places, colonias] = await Promise.all([
    rows ?? sitemapRepository.placePages(services.database), sitemapRepository.coloniaPages(services.database),
  ]);
  const paths = new Set<string>();
  for (const c of [...places, ...colonias]) {
    if (c.sale) paths.add(listingPath({ placeSlug: c.slug }));
    if (c.rent) paths.add(listingPath({ opType: 'renta', placeSlug: c.slug }));
  }
  return [...paths].sort();
}

/** Public pages every sitemap lists besides listings and places: home, the map, marketing and legal pages. */
export const FIXED_PATHS = [
  '/', '/propiedades', '/publica-una-propiedad', '/asesores-inmobiliarios', '/paginas-web', '/terminos-y-condiciones',
  '/aviso-de-privacidad', '/plans', '/propietarios-particulares', '/crm-para-inmobiliarios', '/ia-para-inmobiliarios',
];

/**
 * Paths of the category pages with listings (issue 9 §3): for each state, municipality and town of 20,000+ people,
 * the operation pages ('/propiedades-en-renta-en-guadalajara', '/propiedades-en-venta-en-guadalajara') and each
 * type's page per operation ('/departamentos-en-renta-en-guadalajara'), each only when the area that page searches
 * holds an active listing of that operation (and type) (sitemapRepository.placePages; `rows` when the caller has
 * them); types without a category path ('otro') only count for the operation pages. Sorted, each once.
 */
export async function categoryPaths(services: AppServices, rows?: PlacePage[]): Promise<string[]> {
  const pages = rows ?? await sitemapRepository.placePages(services.database);
  const paths = new Set<string>();
  for (const r of pages) {
    for (const [flag, opType] of [[r.rent, 'renta'], [r.sale, 'venta']] as const) {
      if (!flag) continue;
      paths.add(listingPath({ opType, placeSlug: r.slug }));
      const path = listingPath({ type: r.property_type as PropertyType, opType, placeSlug: r.slug });
      if (!path.startsWith('/propiedades')) paths.add(path);
    }
  }
  return [...paths].sort();
}

/**
 * Streams `<url>` entries of active listings ordered by puid, from `offset` for at most `limit` rows, reading the
 * database in batches of 5,000 with a keyset so memory stays flat however many listings there are.
 */
async function* listingEntries(services: AppServices, origin: string, offset: number, limit: number): AsyncGenerator<string> {
  let last: string | null = null;
  let remaining = limit;
  if (offset > 0) {
    last = await sitemapRepository.puidAtOffset(services.database, offset - 1);
    if (!last) return;
  }
  while (remaining > 0) {
    const take = Math.min(BATCH, remaining);
    const rows = await sitemapRepository.activeListingsAfter(services.database, last, take);
    if (rows.length === 0) return;
    yield rows.map((row) => urlEntry(`${origin}/propiedades/${row.slug}`, row.updated_at)).join('');
    last = rows[rows.length - 1]!.puid;
    remaining -= rows.length;
    if (rows.length < take) return;
  }
}

function xmlStream(head: string, body: () => AsyncGenerator<string>, tail: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      try {
        controller.enqueue(enc.encode(head));
        for await (const chunk of body()) controller.enqueue(enc.encode(chunk));
        controller.enqueue(enc.encode(tail));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/** How long the routes reuse the page paths (ms): computing them reads every active listing against every place's area. */
export const PAGE_PATHS_TTL_MS = 10 * 60_000;
const remembered = new WeakMap<object, { until: number; paths: Promise<string[]> }>();

/**
 * pagePaths, computed at most once per PAGE_PATHS_TTL_MS (`ttlMs`) per database and shared by concurrent requests
 * (what the /sitemap.xml and /sitemaps/places*.xml routes use): at 1,000,000 listings the area test takes seconds
 * (docs/benchmarks.md 'Sitemap places'), and a crawler reads the index and every places part in a row — nor may
 * anyone make the server repeat it on demand. A failed computation is not kept.
 */
export function rememberedPagePaths(services: AppServices, ttlMs = PAGE_PATHS_TTL_MS): Promise<string[]> {
  const hit = remembered.get(services.database);
  if (hit && Date.now() < hit.until) return hit.paths;
  const paths = pagePaths(services);
  const entry = { until: Date.now() + ttlMs, paths };
  remembered.set(services.database, entry);
  paths.catch(() => {
    if (remembered.get(services.database) === entry) remembered.delete(services.database);
  });
  return paths;
}

const URLSET_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_TAIL = '</urlset>\n';

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** Every path but the listings', in the order the sitemap lists them: FIXED_PATHS, categoryPaths, placePaths. */
export async function pagePaths(services: AppServices): Promise<string[]> {
  const rows = await sitemapRepository.placePages(services.database);
  const [places, categories] = await Promise.all([placePaths(services, rows), categoryPaths(services, rows)]);
  // A place's '/propiedades-en-renta-en-…' is both an operation page and a place page: listed once.
  return [...new Set([...FIXED_PATHS, ...categories, ...places])];
}

/**
 * /sitemap.xml: one urlset with the fixed pages (FIXED_PATHS), every category page with listings (categoryPaths), the
 * place pages (placePaths) and every active listing when they fit in `partSize` URLs (SITEMAP_PART_SIZE; tests pass
 * less); otherwise a sitemap index pointing at /sitemaps/places.xml, places-2.xml, … (all but the listings, `partSize`
 * URLs each: the colonias alone may pass 50,000) and /sitemaps/propiedades-N.xml. `paths` gives the page paths
 * (pagePaths; the routes pass rememberedPagePaths).
 */
export async function sitemapResponse(
  services: AppServices, origin: string, partSize = SITEMAP_PART_SIZE, paths: (services: AppServices) => Promise<string[]> = pagePaths,
): Promise<Response> {
  const [listings, pages] = await Promise.all([countActiveListings(services), paths(services)]);
  if (listings + pages.length <= partSize) {
    const body = async function* () {
      yield pages.map((p) => urlEntry(`${origin}${p}`)).join('');
      yield* listingEntries(services, origin, 0, listings);
    };
    return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
  }
  const placeParts = Math.max(1, Math.ceil(pages.length / partSize));
  const parts = Math.ceil(listings / partSize);
  const names = [
    ...Array.from({ length: placeParts }, (_, i) => (i === 0 ? 'places.xml' : `places-${i + 1}.xml`)),
    ...Array.from({ length: parts }, (_, i) => `propiedades-${i + 1}.xml`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
    .map((n) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${n}`)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
  return new Response(xml, { headers: XML_HEADERS });
}

/**
 * One part of a sitemap index (`partSize` URLs each, as sitemapResponse cut them): 'places.xml' then 'places-N.xml'
 * (N from 2: the fixed, category and place pages) or 'propiedades-N.xml' (N from 1: the listings); null when there
 * is no such part.
 */
export async function sitemapPartResponse(
  services: AppServices, origin: string, name: string, partSize = SITEMAP_PART_SIZE, paths: (services: AppServices) => Promise<string[]> = pagePaths,
): Promise<Response | null> {
  const places = /^places(?:-([2-9]|[1-9][0-9]{1,4}))?\.xml$/.exec(name);
  if (places) {
    const part = places[1] ? Number(places[1]) : 1;
    const chunk = (await paths(services)).slice((part - 1) * partSize, part * partSize);
    if (chunk.length === 0) return null;
    const body = async function* () {
      yield chunk.map((p) => urlEntry(`${origin}${p}`)).join('');
    };
    return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
  }
  const m = /^propiedades-([1-9][0-9]{0,4})\.xml$/.exec(name);
  if (!m) return null;
  const part = Number(m[1]);
  const listings = await countActiveListings(services);
  if ((part - 1) * partSize >= listings) return null;
  const body = () => listingEntries(services, origin, (part - 1) * partSize, partSize);
  return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
}
