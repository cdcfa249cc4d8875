import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { IndexQuery } from '../index/property-index.ts';
import { CLUSTER_CELL_PX } from '../index/property-index.ts';
import { xToLng, yToLat } from '../index/mercator.ts';

/**
 * The "naive way" the benchmark compares against (issue 2 §4): on every request, one SQL query with the bbox
 * filter (geom && ST_MakeEnvelope) plus the filters and a GROUP BY over a Mercator grid for the clusters (and the
 * total), and a separate ORDER BY … LIMIT for the page. Not used by the product. Prices MXN, `rates` MXN per unit.
 */
export const NAIVE_CLUSTERS_SQL = `
SELECT floor(x * $cpa) AS cx, floor(y * $cpa) AS cy, count(*)::int AS n, avg(lat) AS lat, avg(lng) AS lng,
       min(lat) AS south, max(lat) AS north, min(lng) AS west, max(lng) AS east
FROM (
  SELECT lat, lng, (lng + 180) / 360 AS x, 0.5 - ln(tan(pi() / 4 + radians(lat) / 2)) / (2 * pi()) AS y
  FROM properties
  WHERE geom && ST_MakeEnvelope($west, $south, $east, $north, 4326) AND $filters
) p
GROUP BY 1, 2`;

export const NAIVE_PAGE_SQL = `
SELECT * FROM properties
WHERE geom && ST_MakeEnvelope($west, $south, $east, $north, 4326) AND $filters
ORDER BY published_at DESC, puid
LIMIT $limit OFFSET $offset`;

function filtersSql(q: IndexQuery, rates: { usd: number; eur: number }): string {
  const parts = [q.active ? 'is_active' : 'NOT is_active'];
  const mxn = (side: 'rent' | 'sale') =>
    `(coalesce(${side}_price, 0) * CASE ${side}_currency WHEN 'usd' THEN ${rates.usd} WHEN 'eur' THEN ${rates.eur} ELSE 1 END)`;
  const price = q.op === 'rent' ? mxn('rent') : q.op === 'sale' ? mxn('sale') : `CASE WHEN is_renta THEN ${mxn('rent')} ELSE ${mxn('sale')} END`;
  if (q.op === 'rent') parts.push('is_renta');
  if (q.op === 'sale') parts.push('is_venta');
  if (q.priceMin !== null) parts.push(`${price} >= ${Number(q.priceMin)}`);
  if (q.priceMax !== null) parts.push(`${price} <= ${Number(q.priceMax)}`);
  if (q.minRooms > 0) parts.push(`rooms >= ${Math.trunc(q.minRooms)}`);
  if (q.minBathrooms > 0) parts.push(`bathrooms >= ${Math.trunc(q.minBathrooms)}`);
  if (q.minParking > 0) parts.push(`parking_spots >= ${Math.trunc(q.minParking)}`);
  if (q.types.length) parts.push(`property_type IN (${q.types.map((t) => `'${t.replace(/'/g, "''")}'`).join(',')})`);
  if (q.amenities.length) parts.push(`amenities @> ARRAY[${q.amenities.map((a) => `'${a.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  return parts.join(' AND ');
}

/** Runs the naive search (clusters + total, then the page). Returns the total and the number of grid cells. */
export async function naiveSearch(database: Database, q: IndexQuery, rates: { usd: number; eur: number }): Promise<{ total: number; cells: number }> {
  const bounds = { west: xToLng(q.minX), east: xToLng(q.maxX), north: yToLat(q.minY), south: yToLat(q.maxY) };
  const cpa = (256 / CLUSTER_CELL_PX) * 2 ** Math.floor(q.zoom);
  const fill = (text: string) =>
    text.replace('$cpa', String(cpa)).replace('$cpa', String(cpa))
      .replace('$west', String(bounds.west)).replace('$south', String(bounds.south))
      .replace('$east', String(bounds.east)).replace('$north', String(bounds.north))
      .replace('$filters', filtersSql(q, rates)).replace('$limit', String(q.limit)).replace('$offset', String(q.offset));
  const clusters = await sql.raw<{ n: number }>(fill(NAIVE_CLUSTERS_SQL)).execute(database.db);
  await sql.raw(fill(NAIVE_PAGE_SQL)).execute(database.db);
  return { total: clusters.rows.reduce((s, r) => s + Number(r.n), 0), cells: clusters.rows.length };
}
