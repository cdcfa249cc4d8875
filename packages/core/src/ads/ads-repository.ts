import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/** One row of map_ads (migration 049) with its listing's slug. */
export type AdRow = {
  ad_uid: string; advertiser: string; title: string; image_key: string | null; link_url: string | null;
  puid: string | null; slug: string | null; area_kind: 'bbox' | 'circle';
  north: number; south: number; east: number; west: number;
  center_lat: number | null; center_lng: number | null; radius_m: number | null;
  min_zoom: number; max_zoom: number; starts_at: Date; ends_at: Date;
  budget_impressions: number; impressions: number; clicks: number; is_paused: boolean;
};

const COLUMNS = sql`a.ad_uid, a.advertiser, a.title, a.image_key, a.link_url, a.puid, p.slug, a.area_kind, a.north, a.south,
  a.east, a.west, a.center_lat, a.center_lng, a.radius_m, a.min_zoom, a.max_zoom, a.starts_at, a.ends_at,
  a.budget_impressions, a.impressions, a.clicks, a.is_paused`;

/** The SQL of the map ads (migration 049 `map_ads`). */
export const adsRepository = {
  /**
   * Running ads (not paused, between their dates, budget left, zoom in range) whose bbox meets the given bbox
   * (degrees), the most budget left first, at most 20.
   */
  async running(db: Db, q: { north: number; south: number; east: number; west: number; zoom: number; now: Date }): Promise<AdRow[]> {
    const r = await sql<AdRow>`SELECT ${COLUMNS} FROM map_ads a LEFT JOIN properties p ON p.puid = a.puid
      WHERE NOT a.is_paused AND a.starts_at <= ${q.now} AND a.ends_at > ${q.now} AND a.impressions < a.budget_impressions
        AND a.min_zoom <= ${q.zoom} AND a.max_zoom >= ${q.zoom}
        AND a.south <= ${q.north} AND a.north >= ${q.south} AND a.west <= ${q.east} AND a.east >= ${q.west}
      ORDER BY (a.budget_impressions - a.impressions)::float8 / a.budget_impressions DESC, a.ad_uid LIMIT 20`.execute(db);
    return r.rows;
  },

  /** Every ad, newest first (the staff page; at most 500). */
  async all(db: Db): Promise<AdRow[]> {
    const r = await sql<AdRow>`SELECT ${COLUMNS} FROM map_ads a LEFT JOIN properties p ON p.puid = a.puid
      ORDER BY a.created_at DESC, a.ad_uid LIMIT 500`.execute(db);
    return r.rows;
  },

  async find(db: Db, adUid: string): Promise<AdRow | undefined> {
    const r = await sql<AdRow>`SELECT ${COLUMNS} FROM map_ads a LEFT JOIN properties p ON p.puid = a.puid WHERE a.ad_uid = ${adUid}`.execute(db);
    return r.rows[0];
  },

  async insert(db: Db, row: Omit<AdRow, 'slug' | 'impressions' | 'clicks' | 'is_paused' | 'image_key'> & { created_by: string }): Promise<void> {
    await sql`INSERT INTO map_ads (ad_uid, advertiser, title, link_url, puid, area_kind, north, south, east, west, center_lat, center_lng,
        radius_m, min_zoom, max_zoom, starts_at, ends_at, budget_impressions, created_by)
      VALUES (${row.ad_uid}, ${row.advertiser}, ${row.title}, ${row.link_url}, ${row.puid}, ${row.area_kind}, ${row.north}, ${row.south},
        ${row.east}, ${row.west}, ${row.center_lat}, ${row.center_lng}, ${row.radius_m}, ${row.min_zoom}, ${row.max_zoom},
        ${row.starts_at}, ${row.ends_at}, ${row.budget_impressions}, ${row.created_by})`.execute(db);
  },

  /** Changes pause, budget and end date (absent = unchanged). Returns whether the ad exists. */
  async update(db: Db, adUid: string, set: { is_paused?: boolean | undefined; budget_impressions?: number | undefined; ends_at?: Date | undefined }): Promise<boolean> {
    const r = await sql`UPDATE map_ads SET is_paused = coalesce(${set.is_paused ?? null}::boolean, is_paused),
        budget_impressions = coalesce(${set.budget_impressions ?? null}::integer, budget_impressions),
        ends_at = coalesce(${set.ends_at ?? null}::timestamptz, ends_at), updated_at = now()
      WHERE ad_uid = ${adUid}`.execute(db);
    return Number(r.numAffectedRows ?? 0) > 0;
  },

  /** Points the ad at a new image; returns the previous key (undefined when the ad does not exist). */
  async setImage(db: Db, adUid: string, key: string): Promise<string | null | undefined> {
    const old = await sql<{ image_key: string | null }>`SELECT image_key FROM map_ads WHERE ad_uid = ${adUid} FOR UPDATE`.execute(db);
    if (!old.rows.length) return undefined;
    await sql`UPDATE map_ads SET image_key = ${key}, updated_at = now() WHERE ad_uid = ${adUid}`.execute(db);
    return old.rows[0]!.image_key;
  },

  /** Counts one click of a running or finished ad; returns the new count (undefined when unknown). */
  async click(db: Db, adUid: string): Promise<number | undefined> {
    const r = await sql<{ clicks: number }>`UPDATE map_ads SET clicks = clicks + 1 WHERE ad_uid = ${adUid} RETURNING clicks`.execute(db);
    return r.rows[0]?.clicks;
  },

  /** Adds impressions to ads, never past their budgets; returns how many ads were credited. */
  async creditImpressions(db: Db, items: Map<string, number>): Promise<number> {
    if (!items.size) return 0;
    const r = await sql<{ ad_uid: string }>`UPDATE map_ads a SET impressions = least(a.budget_impressions, a.impressions + v.n)
      FROM unnest(${[...items.keys()]}::text[], ${[...items.values()]}::int[]) AS v(ad_uid, n)
      WHERE a.ad_uid = v.ad_uid AND a.impressions < a.budget_impressions RETURNING a.ad_uid`.execute(db);
    return r.rows.length;
  },

  /** Whether listing `puid` exists. */
  async listingExists(db: Db, puid: string): Promise<boolean> {
    return (await sql`SELECT 1 FROM properties WHERE puid = ${puid}`.execute(db)).rows.length > 0;
  },

  /** Whether `key` is the current image of an ad (the media route serves only those). */
  async isCurrentImage(db: Db, key: string): Promise<boolean> {
    return (await sql`SELECT 1 FROM map_ads WHERE image_key = ${key}`.execute(db)).rows.length > 0;
  },
};
