import { sql, type Kysely } from 'kysely';
import type { Database } from '@nj/db';
import type { DupAssignment } from './group-duplicates.ts';
import type { DupCandidate } from './duplicate-rule.ts';

type Db = Kysely<any>;

/** Columns of a candidate (duplicate-rule.ts DupCandidate); `filled` counts the optional facts a listing gives. */
const CANDIDATE_COLUMNS = sql`puid, source, owner_cuid, lat, lng,
  (location_precision IS NOT NULL AND location_precision <> 'exact') AS approximate,
  is_renta, is_venta, property_type, rent_price::float8 AS rent_price, rent_currency, sale_price::float8 AS sale_price,
  sale_currency, rooms, construction_area::float8 AS construction_area,
  (CASE WHEN land_unit = 'ha' THEN land_area * 10000 ELSE land_area END)::float8 AS land_area,
  jsonb_array_length(images) AS images, (last_verified IS NOT NULL) AS verified,
  coalesce((extract(epoch from published_at) * 1000)::float8, 0) AS published_ms,
  ((description IS NOT NULL)::int + (rooms IS NOT NULL)::int + (bathrooms IS NOT NULL)::int
    + (construction_area IS NOT NULL)::int + (land_area IS NOT NULL)::int + (parking_spots IS NOT NULL)::int
    + (street IS NOT NULL)::int + (monthly_maintenance_fee IS NOT NULL)::int + cardinality(amenities)) AS filled`;

function toCandidate(r: Record<string, unknown>): DupCandidate {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    puid: String(r.puid), source: String(r.source), owner_cuid: (r.owner_cuid as string | null) ?? null,
    lat: Number(r.lat), lng: Number(r.lng), approximate: Boolean(r.approximate),
    is_renta: Boolean(r.is_renta), is_venta: Boolean(r.is_venta), property_type: String(r.property_type),
    rent_price: num(r.rent_price), rent_currency: String(r.rent_currency), sale_price: num(r.sale_price), sale_currency: String(r.sale_currency),
    rooms: num(r.rooms), construction_area: num(r.construction_area), land_area: num(r.land_area),
    images: Number(r.images ?? 0), verified: Boolean(r.verified), published_ms: Number(r.published_ms ?? 0), filled: Number(r.filled ?? 0),
  };
}

/** One entry of the regrouping queue (dedup_dirty): a listing and the seq it was queued under. */
export type DirtyEntry = { puid: string; seq: number };

/** One member of a listing's duplicate group as the owner and the search card see it. */
export type DupMemberRow = { of_puid: string; puid: string; slug: string; source: string; source_url: string | null; owner_cuid: string | null; hidden: boolean };

/** The SQL of duplicate grouping (migration 049: properties.dup_group / dup_hidden, dedup_state; migration 055: dedup_dirty). */
export const dedupRepository = {
  /** Every active listing as a candidate, in puid order after `afterPuid` (batches). */
  async activeCandidatesAfter(db: Db, afterPuid: string, limit: number): Promise<DupCandidate[]> {
    const r = await sql<Record<string, unknown>>`SELECT ${CANDIDATE_COLUMNS} FROM properties
      WHERE is_active AND puid > ${afterPuid} ORDER BY puid LIMIT ${limit}`.execute(db);
    return r.rows.map(toCandidate);
  },

  /**
   * Active candidates inside any of some bboxes (degrees; edges included), each listing once. One query for all the
   * boxes, through the geom GiST index (properties_geom_idx).
   */
  async activeCandidatesInAny(db: Db, boxes: { north: number; south: number; east: number; west: number }[]): Promise<DupCandidate[]> {
    if (!boxes.length) return [];
    const r = await sql<Record<string, unknown>>`SELECT ${CANDIDATE_COLUMNS} FROM properties WHERE is_active AND puid IN (
      SELECT p.puid FROM unnest(${boxes.map((b) => b.west)}::float8[], ${boxes.map((b) => b.south)}::float8[],
        ${boxes.map((b) => b.east)}::float8[], ${boxes.map((b) => b.north)}::float8[]) AS b(w, s, e, n)
      JOIN properties p ON p.geom && ST_MakeEnvelope(b.w, b.s, b.e, b.n, 4326))`.execute(db);
    return r.rows.map(toCandidate);
  },

  /** Position, group and status of some listings (any status). */
  async positions(db: Db, puids: string[]): Promise<{ puid: string; lat: number; lng: number; dup_group: string | null; is_active: boolean }[]> {
    if (!puids.length) return [];
    const r = await sql<{ puid: string; lat: number; lng: number; dup_group: string | null; is_active: boolean }>`SELECT puid, lat, lng,
      dup_group, is_active FROM properties WHERE puid = ANY(${puids}::text[])`.execute(db);
    return r.rows;
  },

  /** puids of the members of groups `groups`. */
  async membersOf(db: Db, groups: string[]): Promise<string[]> {
    if (!groups.length) return [];
    const r = await sql<{ puid: string }>`SELECT puid FROM properties WHERE dup_group = ANY(${groups}::text[])`.execute(db);
    return r.rows.map((x) => x.puid);
  },

  /** Current group and hidden flag of every grouped listing. */
  async currentGroups(db: Db): Promise<Map<string, DupAssignment>> {
    const r = await sql<{ puid: string; dup_group: string; dup_hidden: boolean }>`SELECT puid, dup_group, dup_hidden FROM properties
      WHERE dup_group IS NOT NULL`.execute(db);
    return new Map(r.rows.map((x) => [x.puid, { group: x.dup_group, hidden: x.dup_hidden }]));
  },

  /**
   * Writes group and hidden flag of listings whose values differ (null group = not grouped), in batches of 2,000,
   * inside a transaction (its own when `db` is not one). The write is not an edit of the listing: with
   * nj.counter_update (migration 005) updated_at (the API's `uat`, the sitemap's lastmod) stays, while change_seq
   * still moves so every process's search index learns the new hidden flags (decision 002).
   * Returns the number of rows changed.
   */
  async write(db: Db, rows: { puid: string; group: string | null; hidden: boolean }[]): Promise<number> {
    if (!db.isTransaction) return db.transaction().execute((trx) => dedupRepository.write(trx, rows));
    let changed = 0;
    await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(db);
    for (let i = 0; i < rows.length; i += 2_000) {
      const part = rows.slice(i, i + 2_000);
      const r = await sql`UPDATE properties p SET dup_group = v.g, dup_hidden = v.h
        FROM unnest(${part.map((x) => x.puid)}::text[], ${part.map((x) => x.group)}::text[], ${part.map((x) => x.hidden)}::bool[]) AS v(puid, g, h)
        WHERE p.puid = v.puid AND (p.dup_group IS DISTINCT FROM v.g OR p.dup_hidden <> v.h)`.execute(db);
      changed += Number(r.numAffectedRows ?? 0);
    }
    await sql`SELECT set_config('nj.counter_update', 'off', true)`.execute(db);
    return changed;
  },

  /** The other members of the groups of `puids` (active ones), with what a card names: source, link, owner. */
  async otherMembers(db: Db, puids: string[]): Promise<DupMemberRow[]> {
    if (!puids.length) return [];
    const r = await sql<DupMemberRow>`SELECT m.puid AS of_puid, o.puid, o.slug, o.source, o.source_url, o.owner_cuid, o.dup_hidden AS hidden
      FROM properties m JOIN properties o ON o.dup_group = m.dup_group AND o.puid <> m.puid AND o.is_active
      WHERE m.puid = ANY(${puids}::text[]) AND m.dup_group IS NOT NULL ORDER BY o.source, o.puid`.execute(db);
    return r.rows;
  },

  /**
   * The queue of listings whose grouping inputs changed (migration 055's triggers), oldest first, at most `limit`.
   * Counter writes (views, shares, likes, inquiries) and the grouping's own writes never queue a listing.
   */
  async dirty(db: Db, limit: number): Promise<DirtyEntry[]> {
    const r = await sql<{ puid: string; seq: string | number }>`SELECT puid, seq FROM dedup_dirty ORDER BY seq LIMIT ${limit}`.execute(db);
    return r.rows.map((x) => ({ puid: x.puid, seq: Number(x.seq) }));
  },

  /** Removes handled queue entries; one queued again meanwhile (another seq) stays for the next run. */
  async clearDirty(db: Db, entries: DirtyEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 20_000) {
      const part = entries.slice(i, i + 20_000);
      await sql`DELETE FROM dedup_dirty d USING unnest(${part.map((x) => x.puid)}::text[], ${part.map((x) => x.seq)}::int8[]) AS v(puid, seq)
        WHERE d.puid = v.puid AND d.seq = v.seq`.execute(db);
    }
  },

  /** The time of the last full grouping (null: never grouped, the first start). */
  async state(db: Db): Promise<{ full_at: Date | null }> {
    const r = await sql<{ full_at: Date | null }>`SELECT full_at FROM dedup_state WHERE id = 1`.execute(db);
    return { full_at: r.rows[0]?.full_at ?? null };
  },

  /** Stamps the time of a full grouping. */
  async markFull(db: Db): Promise<void> {
    await sql`INSERT INTO dedup_state (id, full_at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET full_at = now()`.execute(db);
  },
};

/** Database handle of a Database or a transaction. */
export function dedupDb(database: Database | Db): Db {
  return 'db' in database ? (database as Database).db : (database as Db);
}
