import { sql, type Kysely } from 'kysely';
import type { TFilterState, TSavedSearch, TSavedSearchFrequency } from '@nj/contracts';

type Db = Kysely<any>;

/** A saved_searches row (migrations 052, 058) as the verbs read it; `place_slug`: the place it was saved on, or null. */
export type SavedSearchRow = {
  id: string; cuid: string; name: string; query: string; filters: TFilterState; place_slug: string | null; frequency: TSavedSearchFrequency;
  whatsapp: boolean; last_visit_at: Date; last_digest_at: Date; created_at: Date; seq: number;
};

/** A changed listing for the matcher: the columns search-matcher.ts reads, prices in their own currency. */
export type ChangedListingRow = {
  puid: string; change_seq: number; lat: number; lng: number; is_active: boolean; is_renta: boolean; is_venta: boolean;
  rent_price: number | null; rent_currency: string; sale_price: number | null; sale_currency: string;
  property_type: string; rooms: number | null; bathrooms: number | null; parking_spots: number | null; amenities: string[];
};

/** A listing as an alert shows it. */
export type AlertListingRow = {
  puid: string; slug: string; title: string; is_renta: boolean; rent_price: number | null; rent_currency: string;
  sale_price: number | null; sale_currency: string; neighborhood: string | null; municipality: string | null;
  images: { name: string; order: number }[];
};

const ROW = sql`id::text AS id, cuid, name, query, filters, place_slug, frequency, whatsapp, last_visit_at, last_digest_at, created_at, seq::float8 AS seq`;

function toRow(r: Record<string, unknown>): SavedSearchRow {
  const filters = typeof r.filters === 'string' ? JSON.parse(r.filters) : r.filters;
  return { ...(r as unknown as SavedSearchRow), filters, seq: Number(r.seq) };
}

/** The SQL of saved searches and their alert bookkeeping (migration 052). */
export const savedSearchesRepository = {
  async countFor(db: Db, cuid: string): Promise<number> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM saved_searches WHERE cuid = ${cuid}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },

  async insert(db: Db, v: { cuid: string; name: string; query: string; filters: TFilterState; placeSlug: string | null; frequency: TSavedSearchFrequency; whatsapp: boolean }): Promise<SavedSearchRow> {
    const r = await sql<Record<string, unknown>>`INSERT INTO saved_searches (cuid, name, query, filters, place_slug, frequency, whatsapp)
      VALUES (${v.cuid}, ${v.name}, ${v.query}, ${JSON.stringify(v.filters)}::jsonb, ${v.placeSlug}, ${v.frequency}, ${v.whatsapp}) RETURNING ${ROW}`.execute(db);
    return toRow(r.rows[0]!);
  },

  /** The client's searches, oldest first, each with the listings matched since its last visit. */
  async listFor(db: Db, cuid: string): Promise<TSavedSearch[]> {
    const r = await sql<Record<string, unknown>>`SELECT s.id::text AS id, s.name, s.query, s.frequency, s.whatsapp,
        s.last_visit_at, s.created_at,
        (SELECT count(*)::int FROM saved_search_matches m WHERE m.search_id = s.id AND m.matched_at > s.last_visit_at) AS new_count
      FROM saved_searches s WHERE s.cuid = ${cuid} ORDER BY s.created_at, s.id`.execute(db);
    return r.rows.map((x) => ({
      id: String(x.id), name: String(x.name), query: String(x.query), frequency: x.frequency as TSavedSearchFrequency,
      whatsapp: Boolean(x.whatsapp), new_count: Number(x.new_count),
      last_visit_at: new Date(x.last_visit_at as string).toISOString(), created_at: new Date(x.created_at as string).toISOString(),
    }));
  },

  async get(db: Db, id: string): Promise<SavedSearchRow | null> {
    const r = await sql<Record<string, unknown>>`SELECT ${ROW} FROM saved_searches WHERE id = ${id}::bigint`.execute(db);
    return r.rows[0] ? toRow(r.rows[0]) : null;
  },

  /** Changes the given fields (visited: last visit = now); takes a new seq so the matchers reload it. */
  async update(db: Db, id: string, p: { name?: string; frequency?: TSavedSearchFrequency; whatsapp?: boolean; visited?: boolean }): Promise<void> {
    await sql`UPDATE saved_searches SET name = coalesce(${p.name ?? null}, name), frequency = coalesce(${p.frequency ?? null}, frequency),
        whatsapp = coalesce(${p.whatsapp ?? null}::boolean, whatsapp),
        last_visit_at = CASE WHEN ${p.visited === true} THEN now() ELSE last_visit_at END,
        updated_at = now(), seq = nextval('saved_searches_seq')
      WHERE id = ${id}::bigint`.execute(db);
  },

  async delete(db: Db, id: string): Promise<void> {
    await sql`DELETE FROM saved_searches WHERE id = ${id}::bigint`.execute(db);
  },

  /** Searches written after `seq` (their id, filters, place and seq), and how many exist in all. */
  async changedSince(db: Db, seq: number): Promise<{ rows: { id: string; filters: TFilterState; place_slug: string | null; frequency: TSavedSearchFrequency; seq: number }[]; total: number }> {
    const r = await sql<Record<string, unknown>>`SELECT id::text AS id, filters, place_slug, frequency, seq::float8 AS seq FROM saved_searches
      WHERE seq > ${seq} ORDER BY seq`.execute(db);
    const t = await sql<{ n: number }>`SELECT count(*)::int AS n FROM saved_searches`.execute(db);
    return {
      rows: r.rows.map((x) => ({ id: String(x.id), filters: typeof x.filters === 'string' ? JSON.parse(x.filters) : x.filters as TFilterState, place_slug: (x.place_slug as string | null) ?? null, frequency: x.frequency as TSavedSearchFrequency, seq: Number(x.seq) })),
      total: Number(t.rows[0]?.n ?? 0),
    };
  },

  /** The matching job's watermark (null before its first run). */
  async seenSeq(db: Db): Promise<number | null> {
    const r = await sql<{ s: number | null }>`SELECT seen_seq::float8 AS s FROM saved_search_state WHERE id = 1`.execute(db);
    const s = r.rows[0]?.s;
    return s === null || s === undefined ? null : Number(s);
  },

  async saveSeenSeq(db: Db, seq: number): Promise<void> {
    await sql`UPDATE saved_search_state SET seen_seq = ${seq} WHERE id = 1`.execute(db);
  },

  async maxChangeSeq(db: Db): Promise<number> {
    const r = await sql<{ s: number }>`SELECT coalesce(max(change_seq), 0)::float8 AS s FROM properties`.execute(db);
    return Number(r.rows[0]?.s ?? 0);
  },

  /** Listings written after `seq`, in change_seq order, at most `limit`. */
  async changedListings(db: Db, seq: number, limit: number): Promise<ChangedListingRow[]> {
    const r = await sql<Record<string, unknown>>`SELECT puid, change_seq::float8 AS change_seq, lat, lng, is_active, is_renta, is_venta,
        rent_price::float8 AS rent_price, rent_currency, sale_price::float8 AS sale_price, sale_currency, property_type,
        rooms, bathrooms, parking_spots, amenities
      FROM properties WHERE change_seq > ${seq} ORDER BY change_seq LIMIT ${limit}`.execute(db);
    return r.rows.map((x) => ({
      ...(x as unknown as ChangedListingRow), change_seq: Number(x.change_seq), lat: Number(x.lat), lng: Number(x.lng),
      rent_price: x.rent_price === null ? null : Number(x.rent_price), sale_price: x.sale_price === null ? null : Number(x.sale_price),
      amenities: (x.amenities as string[] | null) ?? [],
    }));
  },

  /**
   * Records matches; returns the search ids whose row is new (a listing already matched is never recorded twice).
   * Only listings written after the search was saved are news: `updated_at` moves on publishing, edits, imports and
   * syncs but not on views, likes or shares (migration 005's counter writes), so a listing that was already there
   * when the search was saved, or that was only viewed since, is not recorded.
   */
  async insertMatches(db: Db, pairs: { search_id: string; puid: string }[]): Promise<string[]> {
    if (!pairs.length) return [];
    const ids = pairs.map((p) => p.search_id);
    const puids = pairs.map((p) => p.puid);
    const r = await sql<{ search_id: string }>`INSERT INTO saved_search_matches (search_id, puid)
      SELECT s::bigint, p FROM unnest(${ids}::text[], ${puids}::text[]) AS t(s, p)
      WHERE EXISTS (SELECT 1 FROM saved_searches x JOIN properties q ON q.puid = p WHERE x.id = s::bigint AND q.updated_at > x.created_at)
      ON CONFLICT (search_id, puid) DO NOTHING RETURNING search_id::text AS search_id`.execute(db);
    return [...new Set(r.rows.map((x) => x.search_id))];
  },

  /** Searches with unsent matches whose frequency is `frequency` and whose last alert is older than `before`. */
  async dueSearches(db: Db, frequency: TSavedSearchFrequency, before: Date): Promise<string[]> {
    const r = await sql<{ id: string }>`SELECT s.id::text AS id FROM saved_searches s WHERE s.frequency = ${frequency}
      AND s.last_digest_at <= ${before} AND EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.search_id = s.id AND m.sent_at IS NULL)
      ORDER BY s.id`.execute(db);
    return r.rows.map((x) => x.id);
  },

  /** Claims the unsent matches of a search (marks them sent now); returns their puids, newest match first. */
  async claimPending(db: Db, searchId: string): Promise<string[]> {
    const r = await sql<{ puid: string; matched_at: Date }>`UPDATE saved_search_matches SET sent_at = now()
      WHERE search_id = ${searchId}::bigint AND sent_at IS NULL RETURNING puid, matched_at`.execute(db);
    await sql`UPDATE saved_searches SET last_digest_at = now() WHERE id = ${searchId}::bigint`.execute(db);
    return r.rows.sort((a, b) => new Date(b.matched_at).getTime() - new Date(a.matched_at).getTime()).map((x) => x.puid);
  },

  /** The active listings among `puids` as an alert shows them, in the given order. */
  async alertListings(db: Db, puids: string[]): Promise<AlertListingRow[]> {
    if (!puids.length) return [];
    const r = await sql<Record<string, unknown>>`SELECT puid, slug, title, is_renta, rent_price::float8 AS rent_price, rent_currency,
        sale_price::float8 AS sale_price, sale_currency, neighborhood, municipality, images
      FROM properties WHERE puid = ANY(${puids}::text[]) AND is_active`.execute(db);
    const by = new Map(r.rows.map((x) => [String(x.puid), x as unknown as AlertListingRow]));
    return puids.map((p) => by.get(p)).filter((x): x is AlertListingRow => !!x)
      .map((x) => ({ ...x, images: typeof x.images === 'string' ? JSON.parse(x.images) : (x.images ?? []) }));
  },

  /** The search's owner: e-mail and phone (for WhatsApp when verified). */
  async recipient(db: Db, cuid: string): Promise<{ email: string | null; phone_number: string | null; phone_country_code: string | null; is_phone_verified: boolean } | null> {
    const r = await sql<any>`SELECT email, phone_number, phone_country_code, is_phone_verified FROM clients WHERE cuid = ${cuid}`.execute(db);
    return r.rows[0] ?? null;
  },
};
