import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@nj/db';
import type { OutlinePolygon } from './place-outline.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Outlines per INSERT statement (a colonia's polygon is a few hundred vertices: a statement stays under ~2 MB). */
const BATCH = 500;

/**
 * Replaces every row of `place_outlines` (migration 024) by `outlines`: each a place id and its polygons (GeoJSON
 * polygons, outer ring then holes, [lng, lat] degrees), stored as one MultiPolygon in EPSG:4326 exactly as given (no
 * repair: the search tests the same vertices). Every id must be a row of `places` (a foreign key; throws otherwise),
 * each at most once. Takes a Kysely or a transaction (the shipped-places load runs it in its own). Returns how many
 * rows it wrote.
 */
export async function replacePlaceOutlines(db: Db, outlines: { placeId: string; polygons: OutlinePolygon[] }[]): Promise<number> {
  await sql`DELETE FROM place_outlines`.execute(db);
  for (let i = 0; i < outlines.length; i += BATCH) {
    const batch = outlines.slice(i, i + BATCH);
    await sql`
      INSERT INTO place_outlines (place_id, geom)
      SELECT id, ST_SetSRID(ST_GeomFromGeoJSON(shape), 4326)
      FROM unnest(${batch.map((o) => o.placeId)}::text[],
                  ${batch.map((o) => JSON.stringify({ type: 'MultiPolygon', coordinates: o.polygons }))}::text[]) AS t(id, shape)`
      .execute(db);
  }
  return outlines.length;
}

