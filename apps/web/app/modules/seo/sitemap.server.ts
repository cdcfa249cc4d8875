import { sql } from 'kysely';
import type { AppServices } from '@nj/server';

/** URLs per sitemap file (the protocol's limit is 50,000; we stay under it). */
export const SITEMAP_PART_SIZE = 45_000;
const BATCH = 5_000;
/** Localities smaller than this (inhabitants) get no page of their own in the sitemap. */
const MIN_LOCALITY_POPULATION = 20_000;

const enc = new TextEncoder();
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlEntry(loc: string, lastmod?: Date | string | null): string {
  const mod = lastmod ? new Date(lastmod) : null;
  return `<url><loc>${escapeXml(loc)}</loc>${mod && !Number.isNaN(mod.getTime()) ? `<lastmod>${mod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>\n`;
}

export async function countActiveListings(services: AppServices): Promise<number> {
  const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM properties WHERE is_active`.execute(services.database.db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Slugs of the place pages worth indexing: states, localities of 20,000+ inhabitants, and colonias that have active
 * listings (matched by normalised name and municipality).
 */
export async function placeSlugs(services: AppServices): Promise<string[]> {
  const r = await sql<{ slug: string }>`
    SELECT slug FROM places WHERE kind = 'region' OR (kind = 'locality' AND population >= ${MIN_LOCALITY_POPULATION})
    UNION
    SELECT pl.slug FROM places pl
    JOIN (SELECT DISTINCT nj_normalize(neighborhood) AS n, nj_normalize(municipality) AS m FROM properties
          WHERE is_active AND neighborhood IS NOT NULL) x
      ON x.n = pl.name_norm AND x.m = nj_normalize(pl.municipality_name)
    WHERE pl.kind = 'neighbourhood'
    ORDER BY 1`.execute(services.database.db);
  return r.rows.map((x) => x.slug);
}

/**
 * Streams `<url>` entries of active listings ordered by puid, from `offset` for at most `limit` rows, reading the
 * database in batches of 5,000 with a keyset so memory stays flat however many listings there are.
 */
async function* listingEntries(services: AppServices, origin: string, offset: number, limit: number): AsyncGenerator<string> {
  const db = services.database.db;
  let last: string | null = null;
  let remaining = limit;
  if (offset > 0) {
    const r = await sql<{ puid: string }>`SELECT puid FROM properties WHERE is_active ORDER BY puid OFFSET ${offset - 1} LIMIT 1`.execute(db);
    last = r.rows[0]?.puid ?? null;
    if (!last) return;
  }
  while (remaining > 0) {
    const take = Math.min(BATCH, remaining);
    const r: { rows: { puid: string; slug: string; updated_at: Date | string }[] } = last === null
      ? await sql<{ puid: string; slug: string; updated_at: Date | string }>`
          SELECT puid, slug, updated_at FROM properties WHERE is_active ORDER BY puid LIMIT ${take}`.execute(db)
      : await sql<{ puid: string; slug: string; updated_at: Date | string }>`
          SELECT puid, slug, updated_at FROM properties WHERE is_active AND puid > ${last} ORDER BY puid LIMIT ${take}`.execute(db);
    if (r.rows.length === 0) return;
    yield r.rows.map((row) => urlEntry(`${origin}/propiedades/${row.slug}`, row.updated_at)).join('');
    last = r.rows[r.rows.length - 1]!.puid;
    remaining -= r.rows.length;
    if (r.rows.length < take) return;
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

const URLSET_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_TAIL = '</urlset>\n';

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/**
 * /sitemap.xml: one urlset with the home, /propiedades, every place page and every active listing when they fit in
 * 50,000 URLs; otherwise a sitemap index pointing at /sitemaps/places.xml and /sitemaps/propiedades-N.xml.
 */
export async function sitemapResponse(services: AppServices, origin: string): Promise<Response> {
  const [listings, places] = await Promise.all([countActiveListings(services), placeSlugs(services)]);
  const fixed = [`${origin}/`, `${origin}/propiedades`];
  if (listings + places.length + fixed.length <= SITEMAP_PART_SIZE) {
    const body = async function* () {
      yield fixed.map((u) => urlEntry(u)).join('');
      yield places.map((s) => urlEntry(`${origin}/propiedades-en-${s}`)).join('');
      yield* listingEntries(services, origin, 0, listings);
    };
    return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
  }
  const parts = Math.ceil(listings / SITEMAP_PART_SIZE);
  const names = ['places.xml', ...Array.from({ length: parts }, (_, i) => `propiedades-${i + 1}.xml`)];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
    .map((n) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${n}`)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
  return new Response(xml, { headers: XML_HEADERS });
}

/** One part of a sitemap index: 'places.xml' or 'propiedades-N.xml' (N from 1); null when there is no such part. */
export async function sitemapPartResponse(services: AppServices, origin: string, name: string): Promise<Response | null> {
  if (name === 'places.xml') {
    const places = await placeSlugs(services);
    const body = async function* () {
      yield [`${origin}/`, `${origin}/propiedades`].map((u) => urlEntry(u)).join('');
      yield places.map((s) => urlEntry(`${origin}/propiedades-en-${s}`)).join('');
    };
    return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
  }
  const m = /^propiedades-([1-9][0-9]{0,4})\.xml$/.exec(name);
  if (!m) return null;
  const part = Number(m[1]);
  const listings = await countActiveListings(services);
  if ((part - 1) * SITEMAP_PART_SIZE >= listings) return null;
  const body = () => listingEntries(services, origin, (part - 1) * SITEMAP_PART_SIZE, SITEMAP_PART_SIZE);
  return new Response(xmlStream(URLSET_HEAD, body, URLSET_TAIL), { headers: XML_HEADERS });
}
