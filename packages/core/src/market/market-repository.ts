import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { mxnPerUnit, type ExchangeRates } from '../properties/exchange-rates.ts';
import type { Operation } from '../properties/operation.ts';

type Q = Database['db'];

/** Types whose price per m² is over the land (every other type: over the built area). */
const LAND_TYPES = ['land', 'ranch', 'huerta', 'terreno_comercial', 'terreno_industrial'];

/** One price event of a listing (table property_price_events, migration 051). Prices in their own currency. */
export type PriceEventRow = {
  operation: Operation;
  old_price: number | null;
  old_currency: string | null;
  new_price: number;
  new_currency: string;
  source: 'start' | 'edit' | 'import' | 'sync';
  at: Date;
};

/** One monthly market snapshot (table market_snapshots, migration 051). */
export type MarketSnapshotRow = {
  month: string;
  operation: Operation;
  property_type: string;
  listings: number;
  sample: number;
  median_mxn_m2: number | null;
};

export type MarketPlaceKey = { kind: 'colonia' | 'municipality'; key: string };

/** SQL of one side's MXN price with the configured rates (the one conversion rule, exchange-rates.ts). */
function mxnSql(side: Operation, rates: ExchangeRates) {
  return sql<number>`(${sql.ref(`${side}_price`)} * CASE ${sql.ref(`${side}_currency`)} WHEN 'usd' THEN ${mxnPerUnit('usd', rates)}::float8
    WHEN 'eur' THEN ${mxnPerUnit('eur', rates)}::float8 ELSE 1 END)`;
}

/** SQL of a listing's area for price per m² (land area in m², ha × 10,000, for land types; else built area). */
const areaSql = sql<number>`CASE WHEN property_type IN (${sql.join(LAND_TYPES)})
  THEN land_area * CASE WHEN land_unit = 'ha' THEN 10000 ELSE 1 END ELSE construction_area END`;

/** The SQL of the price history, the price-drop lookups and the market snapshots (issue 17, decision 036). */
export const marketRepository = {
  /** A listing's price events, oldest first. */
  async priceEvents(db: Q, puid: string): Promise<PriceEventRow[]> {
    const r = await sql<PriceEventRow>`SELECT operation, old_price::float8 AS old_price, old_currency, new_price::float8 AS new_price,
      new_currency, source, at FROM property_price_events WHERE puid = ${puid} ORDER BY at, id`.execute(db);
    return r.rows;
  },

  /**
   * For each of `puids`, the largest drop of one side's price since `since` (events with an older price in the same
   * currency higher than the current one): percent below the highest price of that window, rounded down. Listings
   * without a drop are absent.
   */
  async priceDrops(db: Q, puids: string[], since: Date): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (puids.length === 0) return out;
    const r = await sql<{ puid: string; pct: number }>`
      SELECT e.puid, max(floor(100 * (e.old_price - cur.price) / e.old_price))::float8 AS pct
        FROM property_price_events e
        JOIN LATERAL (SELECT CASE e.operation WHEN 'rent' THEN p.rent_price ELSE p.sale_price END AS price,
                             CASE e.operation WHEN 'rent' THEN p.rent_currency ELSE p.sale_currency END AS currency
                        FROM properties p WHERE p.puid = e.puid) cur ON true
       WHERE e.puid IN (${sql.join(puids)}) AND e.at >= ${since} AND e.source <> 'start'
         AND e.old_price IS NOT NULL AND e.old_price > 0 AND e.old_currency = cur.currency AND cur.price < e.old_price
       GROUP BY e.puid`.execute(db);
    for (const row of r.rows) if (row.pct >= 1) out.set(row.puid, row.pct);
    return out;
  },

  /**
   * Writes this month's snapshot of every colonia and municipality (and the 'all' type line) from the active
   * listings: count, sample with a price and an area, median MXN per m². Replaces the month's rows; other months
   * stay. `month` is the first day of the month (YYYY-MM-01). Returns how many rows were written.
   */
  async writeMonth(db: Q, month: string, rates: ExchangeRates): Promise<number> {
    await sql`DELETE FROM market_snapshots WHERE month = ${month}::date`.execute(db);
    let written = 0;
    for (const side of ['rent', 'sale'] as const) {
      const flag = sql.ref(side === 'rent' ? 'is_renta' : 'is_venta');
      const ppm2 = sql<number>`CASE WHEN ${sql.ref(`${side}_price`)} > 0 AND ${areaSql} > 0 THEN ${mxnSql(side, rates)} / ${areaSql} END`;
      const r = await sql`
        WITH base AS (
          SELECT nj_normalize(neighborhood) AS col, nj_normalize(municipality) AS mun, property_type, ${ppm2} AS ppm2
            FROM properties WHERE is_active AND ${flag} AND NOT dup_hidden AND coalesce(municipality, '') <> ''
        ), groups AS (
          SELECT 'colonia' AS kind, col || '|' || mun AS key, property_type AS t, ppm2 FROM base WHERE col <> ''
          UNION ALL SELECT 'colonia', col || '|' || mun, 'all', ppm2 FROM base WHERE col <> ''
          UNION ALL SELECT 'municipality', mun, property_type, ppm2 FROM base
          UNION ALL SELECT 'municipality', mun, 'all', ppm2 FROM base
        )
        INSERT INTO market_snapshots (place_kind, place_key, month, operation, property_type, listings, sample, median_mxn_m2)
        SELECT kind, key, ${month}::date, ${side}, t, count(*), count(ppm2),
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ppm2)
          FROM groups GROUP BY kind, key, t`.execute(db);
      written += Number(r.numAffectedRows ?? 0);
    }
    return written;
  },

  /** The snapshots of one place (every month, operation and type), oldest month first. */
  async snapshots(db: Q, place: MarketPlaceKey): Promise<MarketSnapshotRow[]> {
    const r = await sql<MarketSnapshotRow>`SELECT to_char(month, 'YYYY-MM') AS month, operation, property_type, listings, sample,
      median_mxn_m2 FROM market_snapshots WHERE place_kind = ${place.kind} AND place_key = ${place.key}
      ORDER BY month`.execute(db);
    return r.rows;
  },

  /** Whether any snapshot exists (the first start computes them once when none do). */
  async any(db: Q): Promise<boolean> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM market_snapshots LIMIT 1) s`.execute(db);
    return (r.rows[0]?.n ?? 0) > 0;
  },

  /** nj_normalize of each text (the keys of market_snapshots are written with it). */
  async normalize(db: Q, texts: string[]): Promise<string[]> {
    const r = await sql<{ v: string }>`SELECT nj_normalize(t) AS v FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i`.execute(db);
    return r.rows.map((x) => x.v);
  },
};

export { LAND_TYPES };
