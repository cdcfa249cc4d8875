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

/** One member of a listing's duplicate group as the owner and the search card see it. */
export type DupMemberRow = { of_puid: string; puid: string; slug: string; source: string; source_url: string | null; owner_cuid: string | null; hidden: boolean };

/** The SQL of duplicate grouping (migration 049: properties.dup_group / dup_hidden, dedup_state). */
export const dedupRepository = {
  /** Every active listing as a candidate, in puid order after `afterPuid` (batches). */
  async activeCandidatesAfter(db: Db, afterPuid: string, limit: number): Promise<DupCandidate[]> {
    const r = await sql<Record<string, unknown>>`SELECT ${CANDIDATE_COLUMNS} FROM properties
      WHERE is_active AND puid > ${afterPuid} ORDER BY puid LIMIT ${limit}`.execute(db);
    return r.rows.map(toCandidate);
  },

  /** Active candidates inside a bbox (degrees; edges included). */
  async activeCandidatesIn(db: Db, b: { north: number; south: number; east: number; west: number }): Promise<DupCandidate[]> {
    const r = await sql<Record<string, unknown>>`SELECT ${CANDIDATE_COLUMNS} FROM properties
      WHERE is_active AND lat BETWEEN ${b.south} AND ${b.north} AND lng BETWEEN ${b.west} AND ${b.east}`.execute(db);
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
   * Writes group and hidden flag of listings whose values differ (null group = not grouped), in batches of 2,000.
   * Returns the number of rows changed.
   */
  async write(db: Db, rows: { puid: string; group: string | null; hidden: boolean }[]): Promise<number> {
    let changed = 0;
    for (let i = 0; i < rows.length; i += 2_000) {
      const part = rows.slice(i, i + 2_000);
      const r = await sql`UPDATE properties p SET dup_group = v.g, dup_hidden = v.h
        FROM unnest(${part.map((x) => x.puid)}::text[], ${part.map((x) => x.group)}::text[], ${part.map((x) => x.hidden)}::bool[]) AS v(puid, g, h)
        WHERE p.puid = v.puid AND (p.dup_group IS DISTINCT FROM v.g OR p.dup_hidden <> v.h)`.execute(db);
      changed += Number(r.numAffectedRows ?? 0);
    }
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

  /** Highest change_seq of properties (0 when empty). */
  async maxSeq(db: Db): Promise<number> {
    const r = await sql<{ seq: string | number | null }>`SELECT max(change_seq) AS seq FROM properties`.execute(db);
    return Number(r.rows[0]?.seq ?? 0);
  },

  /** puids of listings written after change_seq `seq` (any status), at most `limit`, in change order. */
  async changedSince(db: Db, seq: number, limit: number): Promise<{ puid: string; change_seq: number }[]> {
    const r = await sql<{ puid: string; change_seq: string | number }>`SELECT puid, change_seq FROM properties WHERE change_seq > ${seq}
      ORDER BY change_seq LIMIT ${limit}`.execute(db);
    return r.rows.map((x) => ({ puid: x.puid, change_seq: Number(x.change_seq) }));
  },

  /** The incremental job's watermark and the time of the last full grouping. */
  async state(db: Db): Promise<{ seen_seq: number; full_at: Date | null }> {
    const r = await sql<{ seen_seq: string | number; full_at: Date | null }>`SELECT seen_seq, full_at FROM dedup_state WHERE id = 1`.execute(db);
    return { seen_seq: Number(r.rows[0]?.seen_seq ?? 0), full_at: r.rows[0]?.full_at ?? null };
  },

  /** Moves the watermark (and, with `full`, stamps the full grouping's time). */
  async saveState(db: Db, seenSeq: number, full: boolean): Promise<void> {
    await sql`INSERT INTO dedup_state (id, seen_seq, full_at) VALUES (1, ${seenSeq}, ${full ? sql`now()` : null})
      ON CONFLICT (id) DO UPDATE SET seen_seq = greatest(dedup_state.seen_seq, excluded.seen_seq),
        full_at = coalesce(excluded.full_at, dedup_state.full_at)`.execute(db);
  },
};

/** Database handle of a Database or a transaction. */
export function dedupDb(database: Database | Db): Db {
  return 'db' in database ? (database as Database).db : (database as Db);
}
