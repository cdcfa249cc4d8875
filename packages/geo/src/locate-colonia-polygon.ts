import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SHIPPED_BOUNDARIES_DIR } from './data-paths.ts';
import { polygonContains, type Ring } from './geometry.ts';

export type ColoniaPolygon = {
  /** The colonia id of data/places/colonias-*.csv; its place id is 'G' + id. */
  id: string;
  rings: Ring[][];
  minLng: number; minLat: number; maxLng: number; maxLat: number;
};

/** Shipped colonia polygon files (data/boundaries, plain or .gz): Guadalajara/Zapopan, Mexico City and Monterrey. */
export const COLONIA_POLYGON_FILES = ['colonias-gdl-zap.geojson', 'colonias-cdmx-mty.geojson'] as const;

let cached: ColoniaPolygon[] | null = null;

/**
 * The shipped colonia polygons (Guadalajara/Zapopan, Mexico City, Monterrey metro; data/boundaries), read once per
 * process; a missing file contributes none. Throws only when a file exists but is not GeoJSON.
 */
export function readColoniaPolygons(dir: string = SHIPPED_BOUNDARIES_DIR): ColoniaPolygon[] {
  if (cached && dir === SHIPPED_BOUNDARIES_DIR) return cached;
  const out: ColoniaPolygon[] = [];
  for (const name of COLONIA_POLYGON_FILES) {
    const file = join(dir, name);
    const bytes = existsSync(`${file}.gz`) ? gunzipSync(readFileSync(`${file}.gz`)) : existsSync(file) ? readFileSync(file) : null;
    if (!bytes) continue;
    const fc = JSON.parse(bytes.toString('utf8')) as {
      features: { properties: { id?: string }; geometry: { type: string; coordinates: unknown } | null }[];
    };
    for (const f of fc.features) {
      if (!f.geometry || !f.properties?.id) continue;
      const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []) as Ring[][];
      let minLng = Infinity, minLat = Infinity, maxLng = -Infinity, maxLat = -Infinity;
      for (const poly of polys) for (const [x, y] of poly[0] ?? []) {
        minLng = Math.min(minLng, x); maxLng = Math.max(maxLng, x); minLat = Math.min(minLat, y); maxLat = Math.max(maxLat, y);
      }
      if (polys.length) out.push({ id: f.properties.id, rings: polys, minLng, minLat, maxLng, maxLat });
    }
  }
  if (dir === SHIPPED_BOUNDARIES_DIR) cached = out;
  return out;
}

/** Grid cell size of the lookup, in degrees (about 5.5 km): a colonia touches a handful of cells. */
const CELL = 0.05;
const grids = new WeakMap<ColoniaPolygon[], Map<string, ColoniaPolygon[]>>();

function gridOf(polygons: ColoniaPolygon[]): Map<string, ColoniaPolygon[]> {
  let grid = grids.get(polygons);
  if (grid) return grid;
  grid = new Map();
  for (const p of polygons) {
    for (let x = Math.floor(p.minLng / CELL); x <= Math.floor(p.maxLng / CELL); x++) {
      for (let y = Math.floor(p.minLat / CELL); y <= Math.floor(p.maxLat / CELL); y++) {
        const key = `${x}|${y}`;
        const list = grid.get(key);
        if (list) list.push(p);
        else grid.set(key, [p]);
      }
    }
  }
  grids.set(polygons, grid);
  return grid;
}

/**
 * The colonia polygon containing a point (degrees), by a grid of bboxes then ray casting (holes respected), or
 * undefined; where polygons overlap (simplified borders), the first in file order.
 */
export function locateColoniaPolygon(polygons: ColoniaPolygon[], lat: number, lng: number): ColoniaPolygon | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  for (const p of gridOf(polygons).get(`${Math.floor(lng / CELL)}|${Math.floor(lat / CELL)}`) ?? []) {
    if (lng < p.minLng || lng > p.maxLng || lat < p.minLat || lat > p.maxLat) continue;
    for (const poly of p.rings) {
      if (polygonContains(poly, lng, lat)) return p;
    }
  }
  return undefined;
}
