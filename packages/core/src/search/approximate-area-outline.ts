import type { Database } from '@nj/db';
import type { TApproximateArea } from '@nj/contracts';
import { locateColoniaPolygon, readColoniaPolygons } from '@nj/geo/locate-colonia-polygon';

/**
 * The outline the detail map draws for a listing placed at its colonia's centre (issue 10): the shipped colonia
 * polygon containing (lat, lng) in degrees, only when the point IS that colonia's place point (the importer's
 * geocoder used that polygon's colonia) — a point that merely falls inside a polygon (a colonia derived from listings,
 * a SEPOMEX one) gets no outline, and the map draws a circle instead. Returns a GeoJSON MultiPolygon ([lng, lat]) or
 * null. Reads the shipped polygons once per process and one `places` row by id.
 */
export async function findApproximateAreaOutline(database: Database, lat: number, lng: number): Promise<TApproximateArea | null> {
  const polygon = locateColoniaPolygon(readColoniaPolygons(), lat, lng);
  if (!polygon) return null;
  const place = await database.db.selectFrom('places').select(['lat', 'lng']).where('id', '=', `G${polygon.id}`).executeTakeFirst();
  if (!place || Math.abs(Number(place.lat) - lat) > 1e-6 || Math.abs(Number(place.lng) - lng) > 1e-6) return null;
  return { type: 'MultiPolygon', coordinates: polygon.rings };
}
