import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@nj/db';
import type { OutlinePolygon } from './place-outline.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Outlines per INSERT statement (a colonia's polygon is a few hundred vertices: a statement stays under ~2 MB). */
const BATCH = 500;

/**
 * Replaces every row of `place_outlines` (migration 024) by `outlines`: each a place id and its polygons (GeoJSON
 * polygons, outer ring then holes, [lng, lat] degrees), stored as one MultiPolygon in EPSG:4326: exactly as given when
 * valid (the search tests the same vertices), an invalid one as the even-odd region the search reads from it (below;
 * decision 015). Every id must be a row of `places` (a foreign key; throws otherwise), each at most once. Takes a Kysely or a transaction (the shipped-places load runs it in its own). Returns how many
 * rows it wrote.
 */
export async function replacePlaceOutlines(db: Db, outlines: { placeId: string; polygons: OutlinePolygon[] }[]): Promise<number> {
  await sql`DELETE FROM place_outlines`.execute(db);
  for (let i = 0; i < outlines.length; i += BATCH) {
    const batch = outlines.slice(i, i + BATCH);
    // An invalid polygon (a ring crossing itself or its holes: a few INEGI and colonia outlines) is stored as the
    // region the search reads from it: the search's point-in-polygon counts ring crossings (even-odd) within each
    // polygon and joins the polygons, while PostGIS counts windings (a loop of a ring inside itself is in). Each
    // such polygon is rebuilt from its noded linework (ST_MakeValid), which keeps the even-odd region.
    await sql`
      INSERT INTO place_outlines (place_id, geom)
      SELECT t.id, CASE WHEN ST_IsValid(t.g) THEN t.g ELSE (
               SELECT ST_Multi(ST_Collect(d.geom))
               FROM ST_Dump(t.g) AS part CROSS JOIN LATERAL ST_Dump(ST_CollectionExtract(ST_MakeValid(part.geom), 3)) AS d) END
      FROM (SELECT id, ST_SetSRID(ST_GeomFromGeoJSON(shape), 4326) AS g
            FROM unnest(${batch.map((o) => o.placeId)}::text[],
                        ${batch.map((o) => JSON.stringify({ type: 'MultiPolygon', coordinates: o.polygons }))}::text[]) AS s(id, shape)) t`
      .execute(db);
  }
  return outlines.length;
}

