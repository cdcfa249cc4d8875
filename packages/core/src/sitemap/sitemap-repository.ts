import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** Localities smaller than this (inhabitants) get no place page in the sitemap. */
const MIN_LOCALITY_POPULATION = 20_000;

/** SQL behind sitemap.xml (issue 2 §5): active listings and the place pages worth indexing. */
export const sitemapRepository = {
  /** Number of active listings. */
  async countActiveListings(database: Database): Promise<number> {
    const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM properties WHERE is_active`.execute(database.db);
    return Number(r.rows[0]?.n ?? 0);
  },

  /** The puid of the `offset`-th active listing in puid order (0-based), to start a sitemap part from; null past the end. */
  async puidAtOffset(database: Database, offset: number): Promise<string | null> {
    const r = await sql<{ puid: string }>`
      SELECT puid FROM properties WHERE is_active ORDER BY puid OFFSET ${offset} LIMIT 1`.execute(database.db);
    return r.rows[0]?.puid ?? null;
  },

  /** Up to `take` active listings after puid `after` (exclusive; null = from the start), in puid order (keyset). */
  async activeListingsAfter(database: Database, after: string | null, take: number) {
    const r = await sql<{ puid: string; slug: string; updated_at: Date | string }>`
      SELECT puid, slug, updated_at FROM properties
      WHERE is_active AND (${after}::text IS NULL OR puid > ${after}::text)
      ORDER BY puid LIMIT ${take}`.execute(database.db);
    return r.rows;
  },

  /**
   * Slugs of the place pages worth indexing: states, localities of 20,000+ inhabitants, and colonias that have
   * active listings (matched by normalised name and municipality).
   */
  async placeSlugs(database: Database): Promise<string[]> {
    const r = await sql<{ slug: string }>`
      SELECT slug FROM places WHERE kind = 'region' OR (kind = 'locality' AND population >= ${MIN_LOCALITY_POPULATION})
      UNION
      SELECT pl.slug FROM places pl
      JOIN (SELECT DISTINCT nj_normalize(neighborhood) AS n, nj_normalize(municipality) AS m FROM properties
            WHERE is_active AND neighborhood IS NOT NULL) x
        ON x.n = pl.name_norm AND x.m = nj_normalize(pl.municipality_name)
      WHERE pl.kind = 'neighbourhood'
      ORDER BY 1`.execute(database.db);
    return r.rows.map((x) => x.slug);
  },
};
