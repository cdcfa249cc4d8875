import { gunzipSync } from 'node:zlib';
import { readBoundaryFile } from './map/read-boundary-file.ts';

import { polygonContains, type Ring } from './geometry.ts';
export type ColoniaPolygon = {
  /** The colonia id of data/places/colonias-gdl-zap.csv; its place id is 'G' + id. */
  id: string;
  rings: Ring[][];
  minLng: number; minLat: number; maxLng: number; maxLat: number;
};

let cached: ColoniaPolygon[] | null = null;

/** The shipped Guadalajara/Zapopan colonia polygons (data/boundaries), read once; [] when the file is missing. */
export function readColoniaPolygons(): ColoniaPolygon[] {
  if (cached) return cached;
  const entry = readBoundaryFile('colonias');
  if (!entry) return (cached = []);
  const fc = JSON.parse(gunzipSync(entry.gzipped).toString('utf8')) as {
    features: { properties: { id?: string }; geometry: { type: string; coordinates: unknown } | null }[];
  };
  cached = [];
  for (const f of fc.features) {
    if (!f.geometry || !f.properties?.id) continue;
    const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []) as Ring[][];
    let minLng = Infinity, minLat = Infinity, maxLng = -Infinity, maxLat = -Infinity;
    for (const poly of polys) for (const [x, y] of poly[0] ?? []) {
      minLng = Math.min(minLng, x); maxLng = Math.max(maxLng, x); minLat = Math.min(minLat, y); maxLat = Math.max(maxLat, y);
    }
    if (polys.length) cached.push({ id: f.properties.id, rings: polys, minLng, minLat, maxLng, maxLat });
  }
  return cached;
}

/** The colonia polygon containing a point (degrees), by bbox then ray casting (holes respected), or undefined. */
export function locateColoniaPolygon(polygons: ColoniaPolygon[], lat: number, lng: number): ColoniaPolygon | undefined {
  for (const p of polygons) {
    if (lng < p.minLng || lng > p.maxLng || lat < p.minLat || lat > p.maxLat) continue;
    for (const poly of p.rings) {
      if (polygonContains(poly, lng, lat)) return p;
    }
  }
  return undefined;
}
