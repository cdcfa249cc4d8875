import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { IndexRow } from './index/property-index.ts';

/** Columns the in-memory index keeps (see index/property-index.ts IndexRow). */
const INDEX_COLUMNS = sql`puid, slug, lat, lng, is_renta, is_venta, is_active, property_type, rooms, bathrooms,
  parking_spots, rent_price, rent_currency, sale_price, sale_currency, amenities,
  (extract(epoch from published_at) * 1000)::float8 AS published_ms, change_seq`;

/** Columns a card (summary) and the detail page need. */
const PROPERTY_COLUMNS = sql`puid, nj_uid, slug, source, title, description, property_type, is_renta, is_venta, is_active,
  rent_price, rent_currency, rent_based_on, rent_commission_type, rent_commission_value, rent_commission_currency,
  sale_price, sale_currency, sale_based_on, sale_commission_type, sale_commission_value, sale_commission_currency,
  monthly_maintenance_fee, street, number_ext, number_int, neighborhood, municipality, city, state, zip, lat, lng,
  land_area, land_unit, construction_area, rooms, bathrooms, half_bathrooms, parking_spots, floors, apt_floor,
  apt_total_floors, construction_year, amenities, images, likes, views, published_at, updated_at, owner_cuid`;

export type IndexRowWithSeq = IndexRow & { change_seq: number };

/** A properties row as presenters read it. Prices in their own currency; areas m² (land may be ha); dates Date. */
export type PropertyRow = {
  puid: string; nj_uid: string; slug: string; source: string; title: string; description: string | null;
  property_type: string; is_renta: boolean; is_venta: boolean; is_active: boolean;
  rent_price: number | null; rent_currency: string; rent_based_on: string; rent_commission_type: string;
  rent_commission_value: number | null; rent_commission_currency: string;
  sale_price: number | null; sale_currency: string; sale_based_on: string; sale_commission_type: string;
  sale_commission_value: number | null; sale_commission_currency: string;
  monthly_maintenance_fee: number | null;
  street: string | null; number_ext: string | null; number_int: string | null; neighborhood: string | null;
  municipality: string | null; city: string | null; state: string | null; zip: string | null; lat: number; lng: number;
  land_area: number | null; land_unit: string; construction_area: number | null; rooms: number | null;
  bathrooms: number | null; half_bathrooms: number | null; parking_spots: number | null; floors: number | null;
  apt_floor: number | null; apt_total_floors: number | null; construction_year: string | null; amenities: string[];
  images: { name: string; order: number }[] | null; likes: number; views: number; published_at: Date | string;
  updated_at: Date | string;
  /** The account that manages the listing; null for imported listings without one. Never presented. */
  owner_cuid: string | null;
};

/** SQL of the search feature. Kept as visible SQL text (hot paths). */
export const propertiesRepository = {
  /** One batch of index rows in puid order after `afterPuid` (keyset pagination for the startup build). */
  async indexRowsAfter(database: Database, afterPuid: string, limit: number): Promise<IndexRowWithSeq[]> {
    const r = await sql<IndexRowWithSeq>`SELECT ${INDEX_COLUMNS} FROM properties WHERE puid > ${afterPuid}
      ORDER BY puid LIMIT ${limit}`.execute(database.db);
    return r.rows;
  },

  /** Highest change_seq of properties and tombstones (0 when empty): the cheap "did anything change" check. */
  async maxChangeSeq(database: Database): Promise<number> {
    const r = await sql<{ seq: number | string | null }>`SELECT greatest(
        (SELECT max(change_seq) FROM properties), (SELECT max(change_seq) FROM property_tombstones)) AS seq`
      .execute(database.db);
    return Number(r.rows[0]?.seq ?? 0);
  },

  /** Rows and tombstones written after `seq`, for patching an index. */
  async changesSince(database: Database, seq: number): Promise<{ rows: IndexRowWithSeq[]; tombstones: { puid: string; change_seq: number }[] }> {
    const rows = await sql<IndexRowWithSeq>`SELECT ${INDEX_COLUMNS} FROM properties WHERE change_seq > ${seq}
      ORDER BY change_seq`.execute(database.db);
    const tombstones = await sql<{ puid: string; change_seq: number }>`SELECT puid, change_seq FROM property_tombstones
      WHERE change_seq > ${seq} ORDER BY change_seq`.execute(database.db);
    return { rows: rows.rows, tombstones: tombstones.rows.map((t) => ({ puid: t.puid, change_seq: Number(t.change_seq) })) };
  },

  /** One batch of full rows with their change_seq, in puid order after `afterPuid` (row cache prefill). */
  async rowsAfter(database: Database, afterPuid: string, limit: number): Promise<(PropertyRow & { change_seq: number })[]> {
    const r = await sql<PropertyRow & { change_seq: number }>`SELECT ${PROPERTY_COLUMNS}, change_seq FROM properties
      WHERE puid > ${afterPuid} ORDER BY puid LIMIT ${limit}`.execute(database.db);
    return r.rows;
  },

  /** Full rows of these puids (any order; the caller orders them). */
  async findByPuids(database: Database, puids: string[]): Promise<PropertyRow[]> {
    if (puids.length === 0) return [];
    const r = await sql<PropertyRow>`SELECT ${PROPERTY_COLUMNS} FROM properties WHERE puid = ANY(${puids}::text[])`
      .execute(database.db);
    return r.rows;
  },

  /**
   * One listing by uid, slug or nj_uid (lower-case hex, without 'NJ-'). Returns undefined when none matches.
   */
  async findOne(database: Database, key: { puid?: string; slug?: string; njUid?: string }): Promise<PropertyRow | undefined> {
    const r = await sql<PropertyRow>`SELECT ${PROPERTY_COLUMNS} FROM properties
      WHERE puid = ${key.puid ?? null} OR slug = ${key.slug ?? null} OR nj_uid = ${key.njUid ?? null} LIMIT 1`
      .execute(database.db);
    return r.rows[0];
  },

  /**
   * The deactivated listings of one owner inside bounds (degrees), newest first: one page of puids and the total.
   * `op` keeps only listings for rent or for sale.
   */
  async ownInactiveInBounds(database: Database, q: {
    cuid: string; north: number; south: number; east: number; west: number; op: 'rent' | 'sale' | null; offset: number; limit: number;
  }): Promise<{ puids: string[]; total: number }> {
    const r = await sql<{ puid: string; total: number | string }>`SELECT puid, count(*) OVER () AS total FROM properties
      WHERE owner_cuid = ${q.cuid} AND NOT is_active
        AND lat BETWEEN ${q.south} AND ${q.north} AND lng BETWEEN ${q.west} AND ${q.east}
        AND (${q.op}::text IS NULL OR (${q.op} = 'rent' AND is_renta) OR (${q.op} = 'sale' AND is_venta))
      ORDER BY published_at DESC, puid LIMIT ${q.limit} OFFSET ${q.offset}`.execute(database.db);
    return { puids: r.rows.map((x) => x.puid), total: Number(r.rows[0]?.total ?? 0) };
  },
};
