import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, PlacesTable } from '@nj/db';
import type { PlaceRecord } from './place-record.ts';
import { PLACE_STOP_WORDS } from './normalize-place-text.ts';

/**
 * Every SQL statement of place search (packages/geo). Hot queries (autocomplete) are written as SQL text so they
 * can be read and EXPLAINed as they run. Tables: `places` (migration 001 + 003), `place_words`, `place_prefix_top`,
 * `place_loads` (003), `place_names` (023).
 */
type Db = Kysely<DB>;

/** Columns a suggestion needs (those of ROW_COLUMNS below). */
export type PlaceRow = Pick<Selectable<PlacesTable>,
  'id' | 'name' | 'label' | 'slug' | 'name_norm' | 'aliases' | 'state_code' | 'state_name' | 'municipality_code' |
  'municipality_name' | 'locality' | 'postal_code' | 'lat' | 'lng' | 'min_lat' | 'min_lng' | 'max_lat' | 'max_lng' |
  'population' | 'rank'> & { kind: string };

const ROW_COLUMNS = sql.raw(`p.id, p.kind, p.name, p.label, p.slug, p.name_norm, p.aliases, p.state_code, p.state_name,
  p.municipality_code, p.municipality_name, p.locality, p.postal_code, p.lat, p.lng, p.min_lat, p.min_lng, p.max_lat,
  p.max_lng, p.population, p.rank`);

const RECORD_COLUMNS = [
  'id', 'kind', 'name', 'label', 'slug', 'name_norm', 'label_norm', 'state_code', 'state_name', 'municipality_code',
  'municipality_name', 'locality', 'postal_code', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng',
  'population', 'rank', 'source', 'precision', 'aliases', 'is_area',
] as const satisfies readonly (keyof PlaceRecord)[];

// ---------------------------------------------------------------------------------------------------------- writes

/** Inserts or replaces (by id) places, 500 per statement. */
export async function upsertPlaces(db: Db, records: PlaceRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += 500) {
    const batch = records.slice(i, i + 500);
    await db
      .insertInto('places')
      .values(batch.map((r) => Object.fromEntries(RECORD_COLUMNS.map((c) => [c, r[c]])) as never))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(
          Object.fromEntries(RECORD_COLUMNS.filter((c) => c !== 'id').map((c) => [c, sql.ref(`excluded.${c}`)])) as never,
        ),
      )
      .execute();
  }
}

/** Deletes every place of the given sources. Returns how many. */
export async function deletePlacesBySource(db: Db, sources: string[]): Promise<number> {
  const r = await db.deleteFrom('places').where('source', 'in', sources).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** slug → id of every place (to hand out unique slugs). */
export async function loadSlugMap(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('places').select(['slug', 'id']).execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** The fingerprint recorded for a load source, or null. */
export async function getLoadFingerprint(db: Db, source: string): Promise<string | null> {
  const r = await db.selectFrom('place_loads').select('fingerprint').where('source', '=', source).executeTakeFirst();
  return r?.fingerprint ?? null;
}

/** Records that `source` was loaded with `fingerprint`. */
export async function setLoadFingerprint(db: Db, source: string, fingerprint: string): Promise<void> {
  await db
    .insertInto('place_loads')
    .values({ source, fingerprint })
    .onConflict((oc) => oc.column('source').doUpdateSet({ fingerprint, loaded_at: sql`now()` }))
    .execute();
}

/** Number of places (all kinds). */
export async function countPlaces(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM places`.execute(db);
  return r.rows[0]?.n ?? 0;
}

// ------------------------------------------------------------------------------------------------ search index

/**
 * Rebuilds `place_words` from `places`: per place one row for the whole name (is_start), one per later word-start
 * of 3+ letters that is not a stop word or a number ('roma norte' → 'norte'), and one per alias (is_start).
 */
export async function rebuildPlaceWords(db: Db): Promise<number> {
  // TRUNCATE, not DELETE: dead index entries left by a DELETE make the planner's range probes for `word LIKE 'x%'`
  // slow (measured: 9 ms of planning per query) until a vacuum.
  await sql`TRUNCATE place_words`.execute(db);
  const stop = [...PLACE_STOP_WORDS];
  const r = await sql`
    INSERT INTO place_words (word, place_id, rank, is_start, state_code, municipality_code)
    SELECT DISTINCT ON (w.word, p.id) w.word, p.id, p.rank, w.is_start, p.state_code, p.municipality_code
    FROM places p
    CROSS JOIN LATERAL (
      SELECT array_to_string(t.toks[i:array_length(t.toks, 1)], ' ') AS word, i = 1 AS is_start
      FROM (SELECT string_to_array(p.name_norm, ' ') AS toks) t, generate_subscripts(t.toks, 1) AS i
      WHERE i = 1 OR (length(t.toks[i]) >= 3 AND t.toks[i] !~ '^[0-9]+$' AND NOT (t.toks[i] = ANY(${stop}::text[])))
      UNION ALL
      SELECT a, true FROM unnest(string_to_array(coalesce(p.aliases, ''), '|')) AS a WHERE a <> ''
    ) w
    WHERE w.word <> ''
    ORDER BY w.word, p.id, w.is_start DESC`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Rebuilds `place_names` from `places`: one row per distinct normalised name with the number of places that carry
 * it (what the typo search looks among, place-name-index.ts), and raises `place_search_version` so every process
 * reloads its copy. Returns how many names.
 */
export async function rebuildPlaceNames(db: Db): Promise<number> {
  await sql`TRUNCATE place_names`.execute(db);
  const r = await sql`
    INSERT INTO place_names (name_norm, places)
    SELECT name_norm, count(*)::int FROM places GROUP BY name_norm`.execute(db);
  await sql`UPDATE place_search_version SET version = version + 1`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Refreshes the planner statistics of the place tables and clears dead rows (outside any transaction). */
export async function vacuumPlaceTables(db: Db): Promise<void> {
  await sql`VACUUM ANALYZE places, place_words, place_prefix_top, place_names`.execute(db);
}

/** Every place_words row (word, place id, rank), for computing the crowded prefixes. */
export async function readPlaceWords(db: Db): Promise<{ word: string; place_id: string; rank: number }[]> {
  const r = await sql<{ word: string; place_id: string; rank: number }>`SELECT word, place_id, rank FROM place_words`.execute(db);
  return r.rows;
}

/** Replaces `place_prefix_top` with `entries` (prefix → best place ids), 2,000 per statement. */
export async function replacePlacePrefixTop(db: Db, entries: [string, string[]][]): Promise<void> {
  await sql`TRUNCATE place_prefix_top`.execute(db);
  for (let i = 0; i < entries.length; i += 2000) {
    const batch = Object.fromEntries(entries.slice(i, i + 2000));
    await sql`
      INSERT INTO place_prefix_top (prefix, place_ids)
      SELECT key, ARRAY(SELECT jsonb_array_elements_text(value)) FROM jsonb_each(${JSON.stringify(batch)}::jsonb)`.execute(db);
  }
}

// ------------------------------------------------------------------------------------------------------- reads

/** SQL ordering of candidates for typed text `q`: exact name or alias, tier, whole-name prefix, rank, label. */
function orderFor(q: string) {
  return sql`
    ORDER BY (p.name_norm = ${q} OR ${q} = ANY(string_to_array(coalesce(p.aliases, ''), '|'))) DESC,
             p.rank / 100000000 DESC,
             (p.name_norm LIKE ${`${q}%`} OR coalesce(p.aliases, '') LIKE ${`%${q}%`}) DESC,
             p.rank DESC, length(p.name_norm), p.label`;
}

/**
 * The best places for a query `q` (normalised, no trailing space), at most `limit`: places with a word-start
 * beginning with `q` — taken from `place_prefix_top` when the prefix is crowded (its best places by rank), else by
 * an index range scan of place_words — plus the best exact name matches; ordered by exact name or alias, tier
 * (region, locality, neighbourhood, postal code), whole-name prefix before later-word match, rank. One statement
 * that never sorts more than about 40 + `limit` rows.
 */
export async function findPlacesByWordPrefix(db: Db, q: string, limit: number): Promise<PlaceRow[]> {
  const r = await sql<PlaceRow>`
    WITH heavy AS MATERIALIZED (SELECT place_ids FROM place_prefix_top WHERE prefix = ${q}),
    ids AS (
      SELECT unnest(place_ids) AS id FROM heavy
      UNION
      SELECT place_id FROM (
        SELECT place_id FROM place_words
        WHERE word LIKE ${`${q}%`} AND NOT EXISTS (SELECT 1 FROM heavy)
        ORDER BY rank DESC LIMIT 200) light
      UNION
      SELECT place_id FROM (
        SELECT place_id FROM place_words WHERE word = ${q} AND is_start ORDER BY rank DESC LIMIT ${limit}) exact
    )
    SELECT ${ROW_COLUMNS} FROM places p WHERE p.id IN (SELECT id FROM ids)
    ${orderFor(q)}
    LIMIT ${limit}`.execute(db);
  return r.rows;
}

/**
 * Places whose word-start begins with `lead` inside the given municipalities or states (query context such as
 * 'providencia guadalajara'), ordered like findPlacesByWordPrefix, at most `limit`.
 */
export async function findPlacesByWordPrefixInAreas(
  db: Db, lead: string, municipalityCodes: string[], stateCodes: string[], limit: number,
): Promise<PlaceRow[]> {
  const r = await sql<PlaceRow>`
    SELECT ${ROW_COLUMNS} FROM places p WHERE p.id IN (
      SELECT place_id FROM place_words
      WHERE word LIKE ${`${lead}%`}
        AND (municipality_code = ANY(${municipalityCodes}::text[]) OR state_code = ANY(${stateCodes}::text[]))
      ORDER BY (word = ${lead} AND is_start) DESC, rank DESC
      LIMIT 60)
    ${orderFor(lead)}
    LIMIT ${limit}`.execute(db);
  return r.rows;
}

/** Least trigram similarity (0–1, pg_trgm) of a name to a typed text for a typo match: 'zapopn'/'zapopan' is 0.5. */
export const MIN_NAME_SIMILARITY = 0.4;

/**
 * The best places carrying one of `names` (normalised names similar to `q`, found by PlaceNameIndex), optionally
 * only inside the given municipalities or states (null: anywhere): those whose pg_trgm similarity to `q` is at least
 * MIN_NAME_SIMILARITY, ordered by similarity (to two decimals), then tier and rank (listings and inhabitants), name
 * length, label and id (the order of the typo search before migration 023); at most `limit`. Each name gives its
 * best `limit` places (in the area) by an index range read of places_name_rank_idx; within one name the order
 * above is rank, label, id, so those hold the best `limit` overall. The similarity is computed here, by pg_trgm.
 */
export async function findPlacesByNames(
  db: Db, q: string, names: string[], limit: number, areas: { municipalityCodes: string[]; stateCodes: string[] } | null = null,
): Promise<PlaceRow[]> {
  if (names.length === 0) return [];
  const within = areas
    ? sql`AND (p.municipality_code = ANY(${areas.municipalityCodes}::text[]) OR p.state_code = ANY(${areas.stateCodes}::text[]))`
    : sql``;
  const r = await sql<PlaceRow>`
    WITH names AS MATERIALIZED (
      SELECT n.name_norm, round(similarity(n.name_norm, ${q})::numeric, 2) AS sim FROM unnest(${names}::text[]) AS n(name_norm)
      WHERE similarity(n.name_norm, ${q}) >= ${MIN_NAME_SIMILARITY})
    SELECT ${ROW_COLUMNS} FROM names n
    CROSS JOIN LATERAL (
      SELECT ${ROW_COLUMNS} FROM places p WHERE p.name_norm = n.name_norm ${within}
      ORDER BY p.rank DESC, p.label, p.id
      LIMIT ${limit}) p
    ORDER BY n.sim DESC, p.rank / 100000000 DESC, p.rank DESC, length(p.name_norm), p.label, p.id
    LIMIT ${limit}`.execute(db);
  return r.rows;
}

/** Every distinct normalised place name with its number of places (`place_names`, migration 023). */
export async function readPlaceNames(db: Db): Promise<{ name_norm: string; places: number }[]> {
  const r = await sql<{ name_norm: string; places: number }>`SELECT name_norm, places FROM place_names`.execute(db);
  return r.rows;
}

/** The version of the place search tables (raised by every rebuild; migration 023). */
export async function readPlaceSearchVersion(db: Db): Promise<number> {
  const r = await sql<{ version: number }>`SELECT version FROM place_search_version`.execute(db);
  return r.rows[0]?.version ?? 0;
}

/** Every state and municipality (is_area) with its normalised name and aliases. About 2,500 rows. */
export async function readAreas(
  db: Db,
): Promise<{ id: string; kind: string; state_code: string | null; municipality_code: string | null; name_norm: string; aliases: string | null }[]> {
  return db
    .selectFrom('places')
    .select(['id', 'kind', 'state_code', 'municipality_code', 'name_norm', 'aliases'])
    .where('is_area', '=', true)
    .execute();
}

/** The postal-code place of a 5-digit C.P. and the neighbourhoods that carry it, postal code first, then by rank. */
export async function findPlacesByPostalCode(db: Db, cp: string, limit: number): Promise<PlaceRow[]> {
  const r = await sql<PlaceRow>`
    SELECT ${ROW_COLUMNS} FROM places p
    WHERE p.postal_code = ${cp} AND p.kind IN ('postal_code', 'neighbourhood')
    ORDER BY (p.kind = 'postal_code') DESC, p.rank DESC
    LIMIT ${limit}`.execute(db);
  return r.rows;
}

/** The place with this exact slug, or undefined. */
export async function findPlaceRowBySlug(db: Db, slug: string): Promise<PlaceRow | undefined> {
  const r = await sql<PlaceRow>`SELECT ${ROW_COLUMNS} FROM places p WHERE p.slug = ${slug}`.execute(db);
  return r.rows[0];
}

/**
 * Neighbourhoods and localities with a word-start beginning with `text`, optionally inside a bbox (degrees),
 * best first (whole-name matches, then by rank); `wholeWords`: `text` must end at a word boundary. Used to resolve
 * loose slugs such as 'santa-tere'.
 */
export async function findPlacesByNameWithin(
  db: Db, text: string, bounds: { latMin: number; latMax: number; lngMin: number; lngMax: number } | null, limit: number,
  wholeWords = false,
): Promise<PlaceRow[]> {
  const b = bounds ?? { latMin: -90, latMax: 90, lngMin: -180, lngMax: 180 };
  const match = wholeWords ? sql`(w.word = ${text} OR w.word LIKE ${`${text} %`})` : sql`w.word LIKE ${`${text}%`}`;
  const r = await sql<PlaceRow>`
    SELECT ${ROW_COLUMNS} FROM place_words w JOIN places p ON p.id = w.place_id
    WHERE ${match} AND p.kind IN ('neighbourhood', 'locality', 'region')
      AND p.lat BETWEEN ${b.latMin} AND ${b.latMax} AND p.lng BETWEEN ${b.lngMin} AND ${b.lngMax}
    ORDER BY (w.word = ${text} AND w.is_start) DESC, w.is_start DESC, p.rank DESC
    LIMIT ${limit}`.execute(db);
  return r.rows;
}

/**
 * The nearest locality with at least `minPopulation` inhabitants to a point (degrees), by a KNN scan of the
 * locality GiST index; undefined when there are none.
 */
export async function findNearestLocality(
  db: Db, lat: number, lng: number, minPopulation: number,
): Promise<{ name: string; municipality_name: string | null; state_code: string | null; state_name: string | null } | undefined> {
  const r = await sql<{ name: string; municipality_name: string | null; state_code: string | null; state_name: string | null }>`
    SELECT name, municipality_name, state_code, state_name FROM places
    WHERE kind = 'locality' AND population >= ${minPopulation}
    ORDER BY geom <-> ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)
    LIMIT 1`.execute(db);
  return r.rows[0];
}

// ----------------------------------------------------------------------------------------- listing-derived colonias

/** The colonia, municipality, state and point of every listing that names a colonia. */
export async function readListingColonias(
  db: Db,
): Promise<{ neighborhood: string; municipality: string | null; state: string | null; lat: number; lng: number }[]> {
  const r = await sql<{ neighborhood: string; municipality: string | null; state: string | null; lat: number; lng: number }>`
    SELECT neighborhood, coalesce(municipality, city) AS municipality, state, lat, lng FROM properties
    WHERE neighborhood IS NOT NULL AND btrim(neighborhood) <> '' AND is_active`.execute(db);
  return r.rows;
}

/** The point of every active listing (degrees), named colonia or not: what each colonia polygon holds. */
export async function readActiveListingPoints(db: Db): Promise<{ lat: number; lng: number }[]> {
  const r = await sql<{ lat: number; lng: number }>`SELECT lat, lng FROM properties WHERE is_active`.execute(db);
  return r.rows;
}

/** Neighbourhood places of some sources, keyed for matching by municipality code (or name) and normalised name. */
export async function readNeighbourhoodKeys(
  db: Db, sources: string[],
): Promise<{ id: string; source: string; name_norm: string; aliases: string | null; municipality_code: string | null;
  municipality_name: string | null; state_code: string | null; precision: string | null; postal_code: string | null;
  population: number; lat: number; lng: number }[]> {
  return db
    .selectFrom('places')
    .select(['id', 'source', 'name_norm', 'aliases', 'municipality_code', 'municipality_name', 'state_code', 'precision',
      'postal_code', 'population', 'lat', 'lng'])
    .where('kind', '=', 'neighbourhood')
    .where('source', 'in', sources)
    .execute();
}

/** Municipality-level localities (ids 'M…'): code, name and state code, for resolving names to INEGI codes. */
export async function readMunicipalities(
  db: Db,
): Promise<{ id: string; name: string; name_norm: string; state_code: string | null; municipality_code: string | null;
  lat: number; lng: number; population: number }[]> {
  return db
    .selectFrom('places')
    .select(['id', 'name', 'name_norm', 'state_code', 'municipality_code', 'lat', 'lng', 'population'])
    .where('kind', '=', 'locality')
    .where('is_area', '=', true)
    .execute();
}

/** INEGI localities (ids 'L…' and the municipality seats 'M…') with their point, for the SEPOMEX precision ladder. */
export async function readLocalities(
  db: Db,
): Promise<{ id: string; name_norm: string; municipality_code: string | null; lat: number; lng: number; population: number }[]> {
  return db
    .selectFrom('places')
    .select(['id', 'name_norm', 'municipality_code', 'lat', 'lng', 'population'])
    .where('kind', '=', 'locality')
    .execute();
}

/** Moves a place to a better point and bbox and sets its listing count (population) and rank. */
export async function updatePlacePoint(
  db: Db, id: string, p: { lat: number; lng: number; min_lat?: number | null; min_lng?: number | null; max_lat?: number | null;
    max_lng?: number | null; population: number; rank: number; precision: string },
): Promise<void> {
  await db.updateTable('places').set(p).where('id', '=', id).execute();
}

/** Sets the postal code of a place that has none. */
export async function fillPostalCode(db: Db, id: string, cp: string): Promise<void> {
  await db.updateTable('places').set({ postal_code: cp }).where('id', '=', id).where('postal_code', 'is', null).execute();
}
