import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { IndexRow } from '../search/index/property-index.ts';
import type { ExchangeRates } from './exchange-rates.ts';
import { filterOrderSql, filterWhereSql, type Bounds, type ListingFilter } from './listing-filter.ts';
import { operationColumn, type Operation } from './operation.ts';
import { CIRCLE_SIDES, M_PER_DEG, outlineWithoutBoundary, pointPlaceRadiusM } from '@nj/geo/place-outline';
import { zoomForPlace } from '@nj/geo/to-place-suggestion';
import { placeViewport, roundDegrees } from '@nj/contracts/search/place-viewport';

/**
 * The one repository of the `properties` table (issue 8 §3): every query of it in the core is here, grouped by
 * purpose (search index, page rows, owner lists, writes, counters, sitemap, likes, leads, media). The hot ones are
 * built by `propertiesSql` and also kept as SQL text in `sql/*.sql` for review (properties-sql.test.ts fails when
 * the two differ). Writes take a Kysely or a transaction so callers keep their transactions.
 */

type Q = Kysely<DB> | Transaction<DB>;

/** Listings read per colonia area by coloniaPagesWithListings before it asks again for a missing operation. */
const COLONIA_SAMPLE = 20;
/** Tiles per degree in which placePagesWithListings groups the listings' points by type and operation (0.05°). */
const PLACE_TILES_PER_DEG = 20;

/** Columns the in-memory index keeps (see search/index/property-index.ts IndexRow). */
const INDEX_COLUMNS = sql`puid, slug, lat, lng, is_renta, is_venta, is_active, property_type, rooms, bathrooms,
  parking_spots, rent_price, rent_currency, sale_price, sale_currency, amenities,
  coalesce((extract(epoch from published_at) * 1000)::float8, 0) AS published_ms, location_precision, change_seq,
  owner_cuid, agent_cuid, dup_group, dup_hidden`;

/** Columns a card (summary) and the detail page need. */
const PROPERTY_COLUMNS = sql`puid, nj_uid, slug, source, title, description, property_type, is_renta, is_venta, is_active,
  rent_price, rent_currency, rent_based_on, rent_commission_type, rent_commission_value, rent_commission_currency,
  sale_price, sale_currency, sale_based_on, sale_commission_type, sale_commission_value, sale_commission_currency,
  monthly_maintenance_fee, street, number_ext, number_int, neighborhood, municipality, city, state, zip, lat, lng,
  land_area, land_unit, construction_area, rooms, bathrooms, half_bathrooms, parking_spots, floors, apt_floor,
  apt_total_floors, construction_year, amenities, images, likes, views, published_at, updated_at, owner_cuid,
  location_precision, last_verified, integration`;

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
  images: StoredImage[] | null; likes: number; views: number;
  /** Null when the source did not say (issue 10: imported listings with an unknown date). */
  published_at: Date | string | null;
  updated_at: Date | string;
  /** Issue 10 (migration 016): 'exact', or the kind of place whose centre lat/lng is ('colonia', 'postal_code', …). */
  location_precision: string;
  /** The account that manages the listing; null for imported listings without one. Never presented. */
  owner_cuid: string | null;
  /** Issue 14: when support verified the legitimate owner (LP ticket completed); null when never. */
  last_verified?: Date | string | null;
  /** Issue 16 (migration 048): the provider whose sync keeps it ('easybroker', 'kw'), null for every other listing. */
  integration?: string | null;
};

/** A listing photo as stored in properties.images; `processing` while a large upload waits for photos.process (issue 8 §4). */
export type StoredImage = {
  name: string; order: number; processing?: boolean;
  /** The provider's URL the photo was downloaded from (listings synced from EasyBroker/KW; decision 033 'Photos'). */
  source_url?: string;
};

/** The columns a listing write sets (spec 01 §3). Prices in their currency, areas m² (land in land_unit), MXN fees. */
export type ListingColumns = {
  title: string; description: string | null; property_type: string; is_renta: boolean; is_venta: boolean;
  rent_price: number | null; rent_currency: string; rent_based_on: string; rent_commission_type: string;
  rent_commission_value: number | null; rent_commission_currency: string;
  sale_price: number | null; sale_currency: string; sale_based_on: string; sale_commission_type: string;
  sale_commission_value: number | null; sale_commission_currency: string;
  monthly_maintenance_fee: number | null;
  street: string; number_ext: string; number_int: string | null; neighborhood: string; municipality: string;
  city: string | null; state: string; zip: string; lat: number; lng: number;
  land_area: number | null; land_unit: string; construction_area: number | null; rooms: number | null;
  bathrooms: number | null; half_bathrooms: number | null; parking_spots: number | null; floors: number | null;
  apt_floor: number | null; apt_total_floors: number | null; construction_year: string | null; amenities: string[];
};

/** The owner's list query (GET /api/v{1,2}/properties/my): whose listings, the shared filter and the text search. */
export type OwnerListQuery = {
  cuid: string;
  filter: ListingFilter;
  /** Words of the title or address (accents and case ignored), an 'NJ-…' code or a puid fragment. */
  search?: string | undefined;
  rates: ExchangeRates;
  limit: number;
  offset: number;
};

/** Owner totals of one listing: appears and leads from the daily rows, the rest from the properties counters. */
export type ListingTotals = { appears: number; views: number; likes: number; inquiries: number; leads: number; shares: number };

/** The hot queries as builders (not executed): the repository runs them and properties-sql.test.ts compares their
 * text with `sql/*.sql`. */
export const propertiesSql = {
  /** sql/index-rows-after.sql: one batch of index rows in puid order after `afterPuid` (keyset). */
  indexRowsAfter: (afterPuid: string, limit: number) =>
    sql<IndexRowWithSeq>`SELECT ${INDEX_COLUMNS} FROM properties WHERE puid > ${afterPuid} ORDER BY puid LIMIT ${limit}`,

  /** sql/index-rows-changed.sql: index rows written after change_seq `seq`, in change order. */
  indexRowsChangedSince: (seq: number) =>
    sql<IndexRowWithSeq>`SELECT ${INDEX_COLUMNS} FROM properties WHERE change_seq > ${seq} ORDER BY change_seq`,

  /** sql/page-rows.sql: the full rows of a page of puids (any order). */
  pageRows: (puids: string[]) =>
    sql<PropertyRow>`SELECT ${PROPERTY_COLUMNS} FROM properties WHERE puid = ANY(${puids}::text[])`,

  /** The conditions of the owner's list: the owner, the shared filter's SQL, then the text search. */
  ownerListWhere(q: Pick<OwnerListQuery, 'cuid' | 'filter' | 'search' | 'rates'>) {
    const where = [sql`owner_cuid = ${q.cuid}`, ...filterWhereSql(q.filter, q.rates)];
    const text = q.search?.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const hex = text.replace(/^nj-/i, '').toLowerCase();
      where.push(sql`(nj_normalize(coalesce(title, '') || ' ' || coalesce(street, '') || ' ' || coalesce(neighborhood, '') || ' ' ||
        coalesce(municipality, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')) LIKE '%' || nj_normalize(${text}) || '%'
        OR nj_uid = ${hex} OR puid ILIKE ${like})`);
    }
    return sql.join(where, sql` AND `);
  },

  /** sql/owner-list-page.sql: one page of the owner's puids in the filter's order. */
  ownerListPage: (q: OwnerListQuery) =>
    sql<{ puid: string }>`SELECT puid FROM properties WHERE ${propertiesSql.ownerListWhere(q)}
      ORDER BY ${filterOrderSql(q.filter, q.rates)} LIMIT ${q.limit} OFFSET ${q.offset}`,

  /** sql/owner-list-count.sql: how many of the owner's listings match. */
  ownerListCount: (q: Pick<OwnerListQuery, 'cuid' | 'filter' | 'search' | 'rates'>) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM properties WHERE ${propertiesSql.ownerListWhere(q)}`,
};

export const propertiesRepository = {
  // ── Search index (search/index/sync-index.ts) ──────────────────────────────────────────────────────────────

  /** One batch of index rows in puid order after `afterPuid` (keyset pagination for the startup build). */
  async indexRowsAfter(database: Database, afterPuid: string, limit: number): Promise<IndexRowWithSeq[]> {
    return (await propertiesSql.indexRowsAfter(afterPuid, limit).execute(database.db)).rows;
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
    const rows = await propertiesSql.indexRowsChangedSince(seq).execute(database.db);
    const tombstones = await sql<{ puid: string; change_seq: number }>`SELECT puid, change_seq FROM property_tombstones
      WHERE change_seq > ${seq} ORDER BY change_seq`.execute(database.db);
    return { rows: rows.rows, tombstones: tombstones.rows.map((t) => ({ puid: t.puid, change_seq: Number(t.change_seq) })) };
  },

  // ── Page rows: what cards and the detail page present (present-property.ts) ────────────────────────────────

  /** One batch of full rows with their change_seq, in puid order after `afterPuid` (row cache prefill). */
  async rowsAfter(database: Database, afterPuid: string, limit: number): Promise<(PropertyRow & { change_seq: number })[]> {
    const r = await sql<PropertyRow & { change_seq: number }>`SELECT ${PROPERTY_COLUMNS}, change_seq FROM properties
      WHERE puid > ${afterPuid} ORDER BY puid LIMIT ${limit}`.execute(database.db);
    return r.rows;
  },

  /** Full rows of these puids (any order; the caller orders them). No query for an empty list. */
  async findByPuids(database: Database, puids: string[]): Promise<PropertyRow[]> {
    if (puids.length === 0) return [];
    return (await propertiesSql.pageRows(puids).execute(database.db)).rows;
  },

  /** One listing by uid, slug or nj_uid (lower-case hex, without 'NJ-'). Returns undefined when none matches. */
  async findOne(database: Database, key: { puid?: string; slug?: string; njUid?: string }): Promise<PropertyRow | undefined> {
    const r = await sql<PropertyRow>`SELECT ${PROPERTY_COLUMNS} FROM properties
      WHERE puid = ${key.puid ?? null} OR slug = ${key.slug ?? null} OR nj_uid = ${key.njUid ?? null} LIMIT 1`
      .execute(database.db);
    return r.rows[0];
  },

  // ── Owner lists ────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * One page of the owner's listing puids matching the shared ListingFilter (status null = both) and the text
   * search, in the filter's order (puid breaks ties), and the total. Uses properties_owner_idx.
   */
  async ownerListPage(database: Database, q: OwnerListQuery): Promise<{ puids: string[]; total: number }> {
    const [rows, count] = await Promise.all([
      propertiesSql.ownerListPage(q).execute(database.db),
      propertiesSql.ownerListCount(q).execute(database.db),
    ]);
    return { puids: rows.rows.map((r) => r.puid), total: Number(count.rows[0]?.n ?? 0) };
  },

  /**
   * The deactivated listings of one owner inside bounds (degrees), newest first: one page of puids and the total.
   * `op` keeps only listings offering that operation.
   */
  async ownInactiveInBounds(database: Database, q: Bounds & {
    cuid: string; op: Operation | null; offset: number; limit: number;
  }): Promise<{ puids: string[]; total: number }> {
    const op = q.op ? sql`AND ${sql.ref(operationColumn(q.op))}` : sql``;
    const r = await sql<{ puid: string; total: number | string }>`SELECT puid, count(*) OVER () AS total FROM properties
      WHERE owner_cuid = ${q.cuid} AND NOT is_active
        AND lat BETWEEN ${q.south} AND ${q.north} AND lng BETWEEN ${q.west} AND ${q.east} ${op}
      ORDER BY published_at DESC NULLS LAST, puid LIMIT ${q.limit} OFFSET ${q.offset}`.execute(database.db);
    return { puids: r.rows.map((x) => x.puid), total: Number(r.rows[0]?.total ?? 0) };
  },

  /**
   * Every deactivated listing of one owner inside bounds (degrees) with its point (lat, lng degrees), newest first
   * (puid breaks ties): for a search narrowed to a place, whose area is tested on these points before paging
   * (search-own-inactive.ts). `op` keeps only listings offering that operation. Uses properties_owner_idx.
   */
  async ownInactivePointsInBounds(
    database: Database, q: Bounds & { cuid: string; op: Operation | null },
  ): Promise<{ puid: string; lat: number; lng: number }[]> {
    const op = q.op ? sql`AND ${sql.ref(operationColumn(q.op))}` : sql``;
    const r = await sql<{ puid: string; lat: number; lng: number }>`SELECT puid, lat, lng FROM properties
      WHERE owner_cuid = ${q.cuid} AND NOT is_active
        AND lat BETWEEN ${q.south} AND ${q.north} AND lng BETWEEN ${q.west} AND ${q.east} ${op}
      ORDER BY published_at DESC NULLS LAST, puid`.execute(database.db);
    return r.rows.map((x) => ({ puid: x.puid, lat: Number(x.lat), lng: Number(x.lng) }));
  },

  // ── Writes: publishing and editing (listings/) ─────────────────────────────────────────────────────────────

  /** Owner, source and photos of a listing; `lock` takes a row lock (inside a transaction). Undefined when none. */
  async findForWrite(db: Q, puid: string, lock = false) {
    let q = db.selectFrom('properties').select(['puid', 'owner_cuid', 'source', 'images', 'is_active', 'nj_uid', 'title']).where('puid', '=', puid);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** True when an nj_uid is already used (8 random hex digits can meet an existing one). */
  async njUidTaken(db: Q, njUid: string): Promise<boolean> {
    return !!(await db.selectFrom('properties').select('puid').where('nj_uid', '=', njUid).executeTakeFirst());
  },

  /** Inserts an owned listing (source 'owner'), published now. */
  async insert(db: Q, row: ListingColumns & { puid: string; nj_uid: string; slug: string; source_id: string; owner_cuid: string; images: StoredImage[] }): Promise<void> {
    await db.insertInto('properties').values({ ...row, source: 'owner', images: JSON.stringify(row.images), published_at: new Date() }).execute();
  },

  /**
   * Overwrites the editable columns; the slug keeps its nj_uid suffix and follows the new title. A point the owner
   * moved is their listing's own: location_precision becomes 'exact' (issue 10: an imported approximate listing
   * stays approximate until then).
   */
  async update(db: Q, puid: string, nj_uid: string, slug: string, row: ListingColumns): Promise<void> {
    const precision = sql<string>`CASE WHEN lat = ${row.lat}::float8 AND lng = ${row.lng}::float8 THEN location_precision ELSE 'exact' END`;
    await db.updateTable('properties').set({ ...row, slug, location_precision: precision }).where('puid', '=', puid).where('nj_uid', '=', nj_uid).execute();
  },

  /** Replaces the listing's photo list (names and order). */
  async setImages(db: Q, puid: string, images: StoredImage[]): Promise<void> {
    await db.updateTable('properties').set({ images: JSON.stringify(images) }).where('puid', '=', puid).execute();
  },

  /** Activates or deactivates a listing. */
  async setActive(db: Q, puid: string, isActive: boolean): Promise<void> {
    await db.updateTable('properties').set({ is_active: isActive }).where('puid', '=', puid).execute();
  },

  /** Assigns the listing to agent `agentCuid` (null: no agent; issue 11). */
  async setAgent(db: Q, puid: string, agentCuid: string | null): Promise<void> {
    await db.updateTable('properties').set({ agent_cuid: agentCuid }).where('puid', '=', puid).execute();
  },

  /** The listing's agent (cuid, nickname, e-mail), or undefined when it has none. */
  async agentOf(db: Q, puid: string): Promise<{ cuid: string; nickname: string | null; email: string } | undefined> {
    const row = await db.selectFrom('properties as p').innerJoin('clients as c', 'c.cuid', 'p.agent_cuid')
      .select(['c.cuid', 'c.nickname', 'c.email']).where('p.puid', '=', puid).executeTakeFirst();
    return row ? { cuid: row.cuid, nickname: row.nickname, email: row.email ?? '' } : undefined;
  },

  // ── Counters and owner totals (stats/, leads/) ─────────────────────────────────────────────────────────────

  /** The owner, the shares counter and the status of a listing, or undefined when it does not exist. */
  async findForStats(database: Database, puid: string): Promise<{ puid: string; owner_cuid: string | null; shares: number; is_active: boolean } | undefined> {
    return database.db.selectFrom('properties').select(['puid', 'owner_cuid', 'shares', 'is_active']).where('puid', '=', puid).executeTakeFirst();
  },

  /**
   * Adds `amounts` (puid → count) to the `counter` column (views or shares) of those listings. Run inside the
   * caller's transaction with nj.counter_update on, so updated_at and change_seq stay (migration 009).
   */
  async raiseCounter(db: Q, counter: 'views' | 'shares', amounts: Map<string, number>): Promise<void> {
    if (amounts.size === 0) return;
    const ps = [...amounts.keys()];
    const cs = ps.map((p) => amounts.get(p)!);
    await sql`UPDATE properties p SET ${sql.ref(counter)} = p.${sql.ref(counter)} + t.c
      FROM unnest(${ps}::text[], ${cs}::int[]) AS t(puid, c) WHERE p.puid = t.puid`.execute(db);
  },

  /** Adds one to properties.inquiries of `puid` (inside the caller's transaction, with nj.counter_update on). */
  async addInquiry(db: Q, puid: string): Promise<void> {
    await sql`UPDATE properties SET inquiries = inquiries + 1 WHERE puid = ${puid}`.execute(db);
  },

  /**
   * Owner totals of these listings (ListingTotals per puid; unknown puids are absent): appears and leads summed
   * from listing_daily_stats; views, likes, inquiries and shares from the properties counters.
   */
  async totals(database: Database, puids: string[]): Promise<Map<string, ListingTotals>> {
    if (puids.length === 0) return new Map();
    const r = await sql<{ puid: string } & ListingTotals>`
      SELECT p.puid, coalesce(d.appears, 0)::int AS appears, p.views, p.likes, p.inquiries,
        coalesce(d.leads, 0)::int AS leads, p.shares
      FROM properties p
      LEFT JOIN (SELECT puid, sum(appears) AS appears, sum(leads) AS leads FROM listing_daily_stats
        WHERE puid = ANY(${puids}::text[]) GROUP BY puid) d ON d.puid = p.puid
      WHERE p.puid = ANY(${puids}::text[])`.execute(database.db);
    return new Map(r.rows.map((row) => [row.puid, {
      appears: Number(row.appears), views: Number(row.views), likes: Number(row.likes),
      inquiries: Number(row.inquiries), leads: Number(row.leads), shares: Number(row.shares),
    }]));
  },

  // ── Sitemap (issue 2 §5) ───────────────────────────────────────────────────────────────────────────────────

  /** Number of active listings. */
  async countActive(database: Database): Promise<number> {
    const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM properties WHERE is_active`.execute(database.db);
    return Number(r.rows[0]?.n ?? 0);
  },

  /** The puid of the `offset`-th active listing in puid order (0-based); null past the end. */
  async activePuidAtOffset(database: Database, offset: number): Promise<string | null> {
    const r = await sql<{ puid: string }>`
      SELECT puid FROM properties WHERE is_active ORDER BY puid OFFSET ${offset} LIMIT 1`.execute(database.db);
    return r.rows[0]?.puid ?? null;
  },

  /** Up to `take` active listings (puid, slug, updated_at) after puid `after` (exclusive; null = from the start). */
  async activeAfter(database: Database, after: string | null, take: number): Promise<{ puid: string; slug: string; updated_at: Date | string }[]> {
    const r = await sql<{ puid: string; slug: string; updated_at: Date | string }>`
      SELECT puid, slug, updated_at FROM properties
      WHERE is_active AND (${after}::text IS NULL OR puid > ${after}::text)
      ORDER BY puid LIMIT ${take}`.execute(database.db);
    return r.rows;
  },

  /**
   * The colonias (places of kind neighbourhood) with an active listing in their area, by operation (issue 9: the
   * sitemap lists a colonia's page exactly when that page shows listings), in slug order: `rent` when one offered for
   * rent lies in it, `sale` when one for sale does. The area is the one a `place=` search uses (packages/geo
   * placeOutline, resolveSearchPlace), cut to the viewport the colonia's page opens on (its bbox rounded to 6
   * decimals, edges included, as the page rounds it), tested exactly on the listing's point (lat, lng):
   * - a colonia with a shipped polygon (`place_outlines`, migration 024): inside the polygon and that viewport;
   * - else one with a bbox: inside that viewport (its area, the bbox widened by BOUNDS_EDGE_DEG, holds it all);
   * - else one known by its point: inside the CIRCLE_SIDES-gon inscribed in the circle of pointPlaceRadiusM
   *   ('neighbourhood') metres around it (circlePolygon), tested exactly: in the frame where that circle is the unit
   *   circle (x scaled by dLng, y by dLat), a point at distance ρ and angle θ is inside the regular polygon when
   *   ρ·cos(θ − the middle of its sector) ≤ cos(π / CIRCLE_SIDES).
   * Colonias sharing one area (SEPOMEX places many at their town's point: ~10,000 distinct areas for ~150,000
   * colonias) are probed once. Each distinct area is one GiST probe of properties_geom_idx that reads up to
   * COLONIA_SAMPLE of its listings; only an area whose sample lacks an operation and may hold more gets one more
   * probe for it. Points on an area's very border (centimetres) may fall on either side, as between the index's
   * Web-Mercator lines and these degree lines. Figures: docs/benchmarks.md "Sitemap".
   */
  async coloniaPagesWithListings(database: Database): Promise<{ slug: string; rent: boolean; sale: boolean }[]> {
    const rLat = pointPlaceRadiusM('neighbourhood', null) / M_PER_DEG;
    // Degrees to 6 decimals as the listing pages round their bounds (JavaScript Math.round(v * 1e6) / 1e6: halves up).
    const round6 = (column: string) => sql`floor(${sql.ref(column)} * 1000000::float8 + 0.5) / 1000000::float8`;
    const sides = CIRCLE_SIDES;
    // Listing p lies in area a (a circle's centre is (a.west, a.south)). Each use also asks p.geom && a.env, which
    // properties_geom_idx answers on float4 boxes rounded outwards: a superset; the exact tests are these.
    const inside = sql`CASE WHEN a.circle THEN
          sqrt(((p.lng - a.west) / a.r_lng) ^ 2 + ((p.lat - a.south) / ${rLat}::float8) ^ 2)
          * cos(atan2((p.lat - a.south) / ${rLat}::float8, (p.lng - a.west) / a.r_lng)
                - (2 * pi() / ${sides}) * floor(atan2((p.lat - a.south) / ${rLat}::float8, (p.lng - a.west) / a.r_lng) / (2 * pi() / ${sides}))
                - pi() / ${sides})
          <= cos(pi() / ${sides})
        ELSE (NOT a.bounded OR p.lng BETWEEN a.view_w AND a.view_e AND p.lat BETWEEN a.view_s AND a.view_n)
          AND (a.outline IS NULL OR ST_Intersects(a.outline, p.geom)) END`;
    // One statement in its own read transaction with JIT off: the planner's cost for ~10,000 index probes passes
    // jit_above_cost, and compiling the plan took ~1.5 s of the run (PostgreSQL 15, docs/benchmarks.md "Sitemap").
    return database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      // The ~150,000 colonias grouped by area in memory (about 20 MB) rather than sorted on disk.
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      const r = await sql<{ slug: string; rent: boolean; sale: boolean }>`
        WITH colonia AS (
          -- Each colonia's area as a key: its outline's place id ('' for none) and its bbox, or its point twice.
          SELECT pl.slug, coalesce(o.place_id, '') AS outline_id,
                 CASE WHEN b.bounded THEN pl.min_lng ELSE pl.lng END AS west,
                 CASE WHEN b.bounded THEN pl.min_lat ELSE pl.lat END AS south,
                 CASE WHEN b.bounded THEN pl.max_lng ELSE pl.lng END AS east,
                 CASE WHEN b.bounded THEN pl.max_lat ELSE pl.lat END AS north
          FROM places pl
          LEFT JOIN place_outlines o ON o.place_id = pl.id
          CROSS JOIN LATERAL (SELECT (pl.max_lat > pl.min_lat AND pl.max_lng > pl.min_lng) IS TRUE AS bounded) b
          WHERE pl.kind = 'neighbourhood'
        ), area AS (
          -- A circle's half-width in longitude (circlePolygon's dLng), a bbox as the colonia's page rounds it (its
          -- viewport), and the box the probes' index condition uses.
          SELECT k.slugs, k.west, k.south, o.geom AS outline, k.west < k.east AS bounded,
                 o.geom IS NULL AND k.west = k.east AS circle, c.r_lng, c.view_w, c.view_s, c.view_e, c.view_n,
                 CASE WHEN k.west < k.east THEN ST_MakeEnvelope(c.view_w, c.view_s, c.view_e, c.view_n, 4326)
                      WHEN o.geom IS NOT NULL THEN ST_Envelope(o.geom)
                      ELSE ST_MakeEnvelope(k.west - c.r_lng, k.south - ${rLat}::float8, k.west + c.r_lng, k.south + ${rLat}::float8, 4326)
                 END AS env
          FROM (SELECT outline_id, west, south, east, north, array_agg(slug) AS slugs FROM colonia GROUP BY 1, 2, 3, 4, 5) k
          LEFT JOIN place_outlines o ON o.place_id = k.outline_id
          CROSS JOIN LATERAL (SELECT ${rLat}::float8 / greatest(0.01, cos(radians(k.south))) AS r_lng,
                                     ${round6('k.west')} AS view_w, ${round6('k.south')} AS view_s,
                                     ${round6('k.east')} AS view_e, ${round6('k.north')} AS view_n) c
        ), sampled AS MATERIALIZED (
          SELECT a.*, s.n, s.rent, s.sale
          FROM area a CROSS JOIN LATERAL (
            SELECT count(*) AS n, coalesce(bool_or(t.is_renta), false) AS rent, coalesce(bool_or(t.is_venta), false) AS sale
            FROM (SELECT p.is_renta, p.is_venta FROM properties p
                  WHERE p.geom && a.env AND p.is_active AND ${inside} LIMIT ${COLONIA_SAMPLE}) t) s
        ), flagged AS (
          SELECT a.slugs,
                 a.rent OR (a.n = ${COLONIA_SAMPLE} AND EXISTS (
                   SELECT 1 FROM properties p WHERE p.geom && a.env AND p.is_active AND p.is_renta AND ${inside})) AS rent,
                 a.sale OR (a.n = ${COLONIA_SAMPLE} AND EXISTS (
                   SELECT 1 FROM properties p WHERE p.geom && a.env AND p.is_active AND p.is_venta AND ${inside})) AS sale
          FROM sampled a WHERE a.n > 0
        )
        SELECT slug, f.rent, f.sale
        FROM flagged f CROSS JOIN LATERAL unnest(f.slugs) AS slug
        WHERE f.rent OR f.sale
        ORDER BY slug`.execute(trx);
      return r.rows;
    });
  },

  /**
   * The state, municipality and large-locality pages that show listings (issue 9 §3, decision 015), by property type
   * and operation: one row per place slug and type found in its page's search, `rent` when an active listing of that
   * type for rent lies there and `sale` when one for sale does (rows with neither are left out), in slug and type
   * order. The places: every state (kind region), every municipality (ids 'M…') and every other locality of
   * `minLocalityPopulation`+ inhabitants. What the page searches (listing-loader: a `place=` search over the viewport
   * it opens on) is repeated exactly, on each listing's point (lat, lng degrees):
   * - the viewport: contracts placeViewport (the place's bbox, else a box around its point at its map zoom,
   *   zoomForPlace), rounded to 6 decimals as the page writes its bounds, edges included;
   * - the area (packages/geo placeOutline): the INEGI polygon in `place_outlines` (written by the shipped-places
   *   load), else the bbox widened by BOUNDS_EDGE_DEG, else the CIRCLE_SIDES-gon of pointPlaceRadiusM around the
   *   point (outlineWithoutBoundary, passed as GeoJSON); cut to the viewport (ST_ClipByBox2D) and tested with
   *   ST_Intersects (edges included).
   * How (decision 015): one pass over the active listings groups their points by tile of 1/PLACE_TILES_PER_DEG
   * degrees, type and operation (one MultiPoint each, in a temporary table dropped with the transaction); then, area
   * by area, each group of a tile its box meets is one point-in-polygon test that stops at its first point inside.
   * No listing row is read twice and no heap page at random (reading each area's listings through
   * properties_geom_idx took ~60 s at 1,000,000 listings). Points within centimetres of a border may fall on either
   * side, as between the index's Web-Mercator lines and these degree lines. Figures: docs/benchmarks.md "Sitemap
   * places". Throws the database's errors.
   */
  async placePagesWithListings(database: Database, minLocalityPopulation: number): Promise<{ slug: string; property_type: string; rent: boolean; sale: boolean }[]> {
    const places = await sql<{
      id: string; slug: string; kind: string; lat: number; lng: number; population: number | null; outlined: boolean;
      min_lat: number | null; min_lng: number | null; max_lat: number | null; max_lng: number | null;
    }>`SELECT pl.id, pl.slug, pl.kind, pl.lat, pl.lng, pl.population, pl.min_lat, pl.min_lng, pl.max_lat, pl.max_lng,
              o.place_id IS NOT NULL AS outlined
       FROM places pl LEFT JOIN place_outlines o ON o.place_id = pl.id
       WHERE pl.kind = 'region' OR pl.id LIKE 'M%' OR (pl.kind = 'locality' AND pl.population >= ${minLocalityPopulation})`
      .execute(database.db);
    const num = (v: number | string | null) => (v === null ? null : Number(v));
    const cols = {
      slug: [] as string[], outline: [] as (string | null)[], shape: [] as (string | null)[],
      w: [] as number[], s: [] as number[], e: [] as number[], n: [] as number[],
      bw: [] as number[], bs: [] as number[], be: [] as number[], bn: [] as number[],
    };
    for (const row of places.rows) {
      const place = {
        id: row.id, kind: row.kind, lat: Number(row.lat), lng: Number(row.lng), population: num(row.population),
        min_lat: num(row.min_lat), min_lng: num(row.min_lng), max_lat: num(row.max_lat), max_lng: num(row.max_lng),
      };
      // The page's viewport as toPlaceSuggestion, listingPlace and searchApiQuery make it.
      const bounds = place.min_lat !== null && place.max_lat !== null && place.min_lng !== null && place.max_lng !== null
        ? { north: place.max_lat, south: place.min_lat, east: place.max_lng, west: place.min_lng } : null;
      const v = placeViewport({ lat: place.lat, lng: place.lng, bounds, zoom: zoomForPlace(place.kind, bounds) });
      const view = { w: roundDegrees(v.west), s: roundDegrees(v.south), e: roundDegrees(v.east), n: roundDegrees(v.north) };
      if (!(view.n >= view.s && view.e >= view.w)) continue; // the page's search refuses such bounds: it shows nothing
      const own = row.outlined ? null : outlineWithoutBoundary(place);
      // The box the index probe reads: the viewport, cut to the circle's or rectangle's own box.
      let box = view;
      if (own) {
        const ring = own.polygons[0]![0]!;
        const lngs = ring.map((p) => p[0]!);
        const lats = ring.map((p) => p[1]!);
        box = {
          w: Math.max(view.w, Math.min(...lngs)), e: Math.min(view.e, Math.max(...lngs)),
          s: Math.max(view.s, Math.min(...lats)), n: Math.min(view.n, Math.max(...lats)),
        };
        if (!(box.n >= box.s && box.e >= box.w)) continue;
      }
      cols.slug.push(row.slug);
      cols.outline.push(row.outlined ? row.id : null);
      cols.shape.push(own ? JSON.stringify({ type: 'MultiPolygon', coordinates: own.polygons }) : null);
      cols.w.push(view.w); cols.s.push(view.s); cols.e.push(view.e); cols.n.push(view.n);
      cols.bw.push(box.w); cols.bs.push(box.s); cols.be.push(box.e); cols.bn.push(box.n);
    }
    // One transaction: the listings' points are grouped once into a temporary table dropped at its end, then each
    // area reads the groups of the tiles its box meets through that table's index.
    return database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      // Grouping ~40 bytes per listing (~40 MB at 1,000,000) in memory rather than on disk.
      await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
      const t = sql.lit(PLACE_TILES_PER_DEG);
      // The active listings' points by tile (tx, ty: floor of lng and lat times PLACE_TILES_PER_DEG), type and
      // operation, each group one MultiPoint.
      await sql`CREATE TEMPORARY TABLE nj_place_page_groups ON COMMIT DROP AS
        SELECT floor(lng * ${t})::int AS tx, floor(lat * ${t})::int AS ty, property_type, op, ST_Collect(geom) AS pts
        FROM properties CROSS JOIN LATERAL (VALUES ('rent', is_renta), ('sale', is_venta)) AS o(op, has)
        WHERE is_active AND has
        GROUP BY 1, 2, 3, 4`.execute(trx);
      await sql`CREATE INDEX ON nj_place_page_groups (tx, ty)`.execute(trx);
      await sql`ANALYZE nj_place_page_groups`.execute(trx);
      const r = await sql<{ slug: string; property_type: string; rent: boolean; sale: boolean }>`
        WITH area AS MATERIALIZED (
          -- Each place's area cut to its viewport (edges included), and the box of that cut.
          SELECT t.slug, ST_ClipByBox2D(coalesce(o.geom, ST_SetSRID(ST_GeomFromGeoJSON(t.shape), 4326)),
                                        ST_MakeEnvelope(t.w, t.s, t.e, t.n, 4326)) AS geom, t.bw, t.bs, t.be, t.bn
          FROM unnest(${cols.slug}::text[], ${cols.outline}::text[], ${cols.shape}::text[],
                      ${cols.w}::float8[], ${cols.s}::float8[], ${cols.e}::float8[], ${cols.n}::float8[],
                      ${cols.bw}::float8[], ${cols.bs}::float8[], ${cols.be}::float8[], ${cols.bn}::float8[])
               AS t(slug, outline_id, shape, w, s, e, n, bw, bs, be, bn)
          LEFT JOIN place_outlines o ON o.place_id = t.outline_id
        )
        -- Area by area (so its polygon stays prepared), the groups of the tiles its box meets that have a point in
        -- the cut area (the point-in-polygon test of a MultiPoint stops at the first point inside).
        SELECT a.slug, h.property_type, bool_or(h.op = 'rent') AS rent, bool_or(h.op = 'sale') AS sale
        FROM area a CROSS JOIN LATERAL (
          SELECT c.property_type, c.op
          FROM (SELECT g.property_type, g.op, g.pts FROM nj_place_page_groups g
                WHERE g.tx BETWEEN floor(a.bw * ${t})::int AND floor(a.be * ${t})::int
                  AND g.ty BETWEEN floor(a.bs * ${t})::int AND floor(a.bn * ${t})::int
                OFFSET 0) c -- the tiles first, then the geometry test
          WHERE ST_Intersects(a.geom, c.pts)) h
        GROUP BY 1, 2
        ORDER BY 1, 2`.execute(trx);
      return r.rows;
    });
  },

  // ── Likes and leads ────────────────────────────────────────────────────────────────────────────────────────

  /** True when the listing exists (active or not). */
  async exists(database: Database, puid: string): Promise<boolean> {
    return (await database.db.selectFrom('properties').select('puid').where('puid', '=', puid).executeTakeFirst()) !== undefined;
  },

  /** properties.likes of `puid` (kept by triggers on property_likes); 0 when the listing does not exist. */
  async likeCount(database: Database, puid: string): Promise<number> {
    const row = await database.db.selectFrom('properties').select('likes').where('puid', '=', puid).executeTakeFirst();
    return row?.likes ?? 0;
  },

  /** The listing a lead is about with its owner's e-mail (null for listings without owner), or undefined. */
  async findLeadTarget(database: Database, puid: string): Promise<{
    puid: string; slug: string; title: string; is_active: boolean; owner_cuid: string | null; owner_email: string | null;
  } | undefined> {
    return database.db
      .selectFrom('properties as p')
      .leftJoin('clients as c', 'c.cuid', 'p.owner_cuid')
      .select(['p.puid', 'p.slug', 'p.title', 'p.is_active', 'p.owner_cuid', 'c.email as owner_email'])
      .where('p.puid', '=', puid)
      .executeTakeFirst();
  },

  // ── Media (media/) ─────────────────────────────────────────────────────────────────────────────────────────

  /** True when listing `puid` has a photo named `name` in its images (the photo is public). */
  async hasPhoto(db: Q, puid: string, name: string): Promise<boolean> {
    const row = await db.selectFrom('properties').select('puid').where('puid', '=', puid)
      .where(sql<boolean>`images @> ${JSON.stringify([{ name }])}::jsonb`).executeTakeFirst();
    return row !== undefined;
  },

  /** The photo names in listing `puid`'s images (empty when none or no such listing). */
  async photoNames(db: Q, puid: string): Promise<Set<string>> {
    const row = await db.selectFrom('properties').select('images').where('puid', '=', puid).executeTakeFirst();
    const images = (Array.isArray(row?.images) ? row.images : []) as { name?: unknown }[];
    return new Set(images.map((i) => i?.name).filter((n): n is string => typeof n === 'string'));
  },
};
