import { sql, type RawBuilder } from 'kysely';
import type { Database } from '@nj/db';
import type { ExchangeRates } from '../search/index/property-index.ts';

/** Filters of the owner's list; prices MXN; bounds degrees; minimums apply when ≥ 0. */
export type OwnerListFilter = {
  status?: 'active' | 'inactive' | undefined;
  search?: string | undefined;
  bounds?: { north: number; south: number; east: number; west: number } | undefined;
  opType?: 'rent' | 'sale' | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  minRooms?: number | undefined;
  minBathrooms?: number | undefined;
  minParking?: number | undefined;
  types?: string[] | undefined;
  orderBy?: 'newest' | 'oldest' | 'priciest' | 'cheapest' | undefined;
};

/** SQL of the owner's list (properties.owner_cuid, indexed by properties_owner_idx). */
export const ownerListingsRepository = {
  /** One page of `cuid`'s listing puids matching `filter`, in order, and the total. */
  async page(database: Database, cuid: string, filter: OwnerListFilter, rates: ExchangeRates, limit: number, offset: number): Promise<{ puids: string[]; total: number }> {
    const mxn = (side: 'rent' | 'sale') => sql`(${sql.ref(`${side}_price`)} * CASE ${sql.ref(`${side}_currency`)}
      WHEN 'usd' THEN ${rates.usd}::float8 WHEN 'eur' THEN ${rates.eur}::float8 ELSE 1 END)`;
    const price = filter.opType === 'sale' ? mxn('sale') : filter.opType === 'rent' ? mxn('rent')
      : sql`CASE WHEN is_renta THEN ${mxn('rent')} ELSE ${mxn('sale')} END`;
    const where: RawBuilder<unknown>[] = [sql`owner_cuid = ${cuid}`];
    if (filter.status) where.push(sql`is_active = ${filter.status === 'active'}`);
    const text = filter.search?.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const hex = text.replace(/^nj-/i, '').toLowerCase();
      where.push(sql`(nj_normalize(coalesce(title, '') || ' ' || coalesce(street, '') || ' ' || coalesce(neighborhood, '') || ' ' ||
        coalesce(municipality, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')) LIKE '%' || nj_normalize(${text}) || '%'
        OR nj_uid = ${hex} OR puid ILIKE ${like})`);
    }
    if (filter.bounds) {
      const b = filter.bounds;
      where.push(sql`lat BETWEEN ${b.south} AND ${b.north} AND lng BETWEEN ${b.west} AND ${b.east}`);
    }
    if (filter.opType === 'rent') where.push(sql`is_renta`);
    if (filter.opType === 'sale') where.push(sql`is_venta`);
    if (filter.priceMin !== undefined && filter.priceMin > 0) where.push(sql`${price} >= ${filter.priceMin}`);
    if (filter.priceMax !== undefined) where.push(sql`${price} <= ${filter.priceMax}`);
    if (filter.minRooms !== undefined && filter.minRooms >= 0) where.push(sql`rooms >= ${filter.minRooms}`);
    if (filter.minBathrooms !== undefined && filter.minBathrooms >= 0) where.push(sql`bathrooms >= ${filter.minBathrooms}`);
    if (filter.minParking !== undefined && filter.minParking >= 0) where.push(sql`parking_spots >= ${filter.minParking}`);
    if (filter.types && filter.types.length > 0) where.push(sql`property_type = ANY(${filter.types}::text[])`);
    const cond = sql.join(where, sql` AND `);
    const order = {
      newest: sql`published_at DESC, puid`,
      oldest: sql`published_at ASC, puid`,
      priciest: sql`${price} DESC NULLS LAST, puid`,
      cheapest: sql`${price} ASC NULLS LAST, puid`,
    }[filter.orderBy ?? 'newest'];
    const [rows, count] = await Promise.all([
      sql<{ puid: string }>`SELECT puid FROM properties WHERE ${cond} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(database.db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM properties WHERE ${cond}`.execute(database.db),
    ]);
    return { puids: rows.rows.map((r) => r.puid), total: Number(count.rows[0]?.n ?? 0) };
  },
};
