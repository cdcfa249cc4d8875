import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SHIPPED_BOUNDARIES_DIR } from './data-paths.ts';
import type { Ring } from './geometry.ts';
import { readColoniaPolygons } from './locate-colonia-polygon.ts';

/** A GeoJSON polygon: outer ring then holes, [lng, lat] degrees. */
export type OutlinePolygon = Ring[];

/**
 * Where a place's outline comes from (issue 9 §2–§3): 'boundary' its own shipped polygon (INEGI municipality or
 * state, a colonia of the shipped layers); 'bounds' the rectangle of its stored bbox (a place with bounds but no
 * polygon); 'radius' a circle around its point sized by its kind and people (a locality or a colonia known only by a
 * point).
 */
export type OutlineSource = 'boundary' | 'bounds' | 'radius';

export type PlaceOutline = { polygons: OutlinePolygon[]; source: OutlineSource };

/** What placeOutline needs of a `places` row (ids: M + INEGI cve_geo, E + cve_ent, G + colonia id, L + cvegeo, …). */
export type OutlinePlace = {
  id: string;
  kind: string;
  lat: number;
  lng: number;
  min_lat: number | null;
  min_lng: number | null;
  max_lat: number | null;
  max_lng: number | null;
  population: number | null;
};

const layers = new Map<string, Map<string, OutlinePolygon[]>>();

/**
 * The polygons of a shipped boundary file by code (`codeOf` reads a feature's properties), read and parsed once per
 * process and directory; an absent file gives an empty map.
 */
function boundaryLayer(file: string, codeOf: (p: Record<string, string>) => string | undefined, dir: string): Map<string, OutlinePolygon[]> {
  const key = `${dir}|${file}`;
  const known = layers.get(key);
  if (known) return known;
  const path = join(dir, file);
  const bytes = existsSync(`${path}.gz`) ? gunzipSync(readFileSync(`${path}.gz`)) : existsSync(path) ? readFileSync(path) : null;
  const out = new Map<string, OutlinePolygon[]>();
  if (bytes) {
    const fc = JSON.parse(bytes.toString('utf8')) as {
      features: { properties: Record<string, string>; geometry: { type: string; coordinates: unknown } | null }[];
    };
    for (const f of fc.features) {
      const code = codeOf(f.properties ?? {});
      if (!code || !f.geometry) continue;
      const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []) as OutlinePolygon[];
      if (polys.length) out.set(code, polys);
    }
  }
  layers.set(key, out);
  return out;
}

/** Metres per degree of latitude (circlePolygon's scale; SQL that repeats the circle takes it from here). */
export const M_PER_DEG = 111_320;
/** Sides of the polygon standing for a circle (circlePolygon), its first vertex due east of the centre. */
export const CIRCLE_SIDES = 48;
/**
 * How much a place's bbox is widened on each side when it is the place's area (degrees; ~10 cm): a point on the
 * bbox's edge is inside, whichever edge (a point-in-polygon test leaves some edges out), and so is a point a
 * 6-decimal rounding of the bbox moves onto the edge (the listing pages round their bounds to 6 decimals).
 */
export const BOUNDS_EDGE_DEG = 1e-6;
/** Gross urban area per inhabitant (m²) used to size a town's circle: about 5,000 people per km². */
const M2_PER_PERSON = 200;

/**
 * Radius in metres of the circle standing for a place known only by its point: a locality by its people (a circle of
 * M2_PER_PERSON each, between 1.5 and 12 km: Cancún ≈ 7.5 km, a town of 20,000 people 1.5 km); a colonia 600 m; a
 * postal code 1 km; anything else 1 km.
 */
export function pointPlaceRadiusM(kind: string, population: number | null): number {
  if (kind === 'locality') {
    const r = Math.sqrt((Math.max(0, population ?? 0) * M2_PER_PERSON) / Math.PI);
    return Math.max(1500, Math.min(12_000, r));
  }
  if (kind === 'neighbourhood') return 600;
  return 1000;
}

/**
 * A CIRCLE_SIDES-sided polygon inscribed in a circle of `radiusM` metres around (lat, lng) degrees: vertices at
 * lat + dLat·sin a, lng + dLng·cos a for a = 2πi/CIRCLE_SIDES, with dLat = radiusM / M_PER_DEG and dLng = dLat /
 * max(0.01, cos lat). The sitemap's SQL (propertiesRepository.coloniaPagesWithListings) tests the same polygon.
 */
export function circlePolygon(lat: number, lng: number, radiusM: number): OutlinePolygon {
  const ring: Ring = [];
  const dLat = radiusM / M_PER_DEG;
  const dLng = radiusM / (M_PER_DEG * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  for (let i = 0; i < CIRCLE_SIDES; i++) {
    const a = (2 * Math.PI * i) / CIRCLE_SIDES;
    ring.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return [ring];
}

/**
 * The area a place stands for, for searches and the map's outline (issue 9 §2–§3):
 * - a municipality (`M…`) or state (`E…`): its INEGI polygon from data/boundaries (simplified upstream with
 *   mapshaper, vertices rounded to ~11 m: a listing within some tens of metres of a border may fall on either side);
 * - a shipped colonia (`G…`, Guadalajara/Zapopan, Mexico City, Monterrey): its polygon;
 * - any other place with a stored bbox (SEPOMEX colonias, postal codes, colonias derived from listings): that
 *   rectangle, edges included (widened by BOUNDS_EDGE_DEG: a bbox derived from listings has listings on its edges);
 * - a place known only by its point (a locality, a colonia without bounds): a circle sized by pointPlaceRadiusM.
 * Never throws for a missing file (the next rule applies); `dir` is for tests.
 */
export function placeOutline(place: OutlinePlace, dir: string = SHIPPED_BOUNDARIES_DIR): PlaceOutline {
  const id = place.id;
  let polygons: OutlinePolygon[] | undefined;
  if (/^M\d{5}$/.test(id)) polygons = boundaryLayer('municipalities.geojson', (p) => p.cve_geo, dir).get(id.slice(1));
  else if (/^E\d{2}$/.test(id)) polygons = boundaryLayer('states.geojson', (p) => p.cve_ent, dir).get(id.slice(1));
  else if (id.startsWith('G')) polygons = readColoniaPolygons(dir).find((c) => c.id === id.slice(1))?.rings;
  if (polygons?.length) return { polygons, source: 'boundary' };
  return outlineWithoutBoundary(place);
}

/**
 * placeOutline's rules for a place without a shipped polygon: its bbox widened by BOUNDS_EDGE_DEG ('bounds') when it
 * has one (north > south, east > west), else the circle of pointPlaceRadiusM around its point ('radius'). Reads no
 * file (the sitemap's query takes the polygons from `place_outlines` and this for the rest). Degrees.
 */
export function outlineWithoutBoundary(place: OutlinePlace): PlaceOutline {
  const { min_lat: s, max_lat: n, min_lng: w, max_lng: e } = place;
  if (s !== null && n !== null && w !== null && e !== null && n > s && e > w) {
    const [W, S, E, N] = [w - BOUNDS_EDGE_DEG, s - BOUNDS_EDGE_DEG, e + BOUNDS_EDGE_DEG, n + BOUNDS_EDGE_DEG];
    return { polygons: [[[[W, S], [E, S], [E, N], [W, N], [W, S]]]], source: 'bounds' };
  }
  return { polygons: [circlePolygon(place.lat, place.lng, pointPlaceRadiusM(place.kind, place.population))], source: 'radius' };
}
