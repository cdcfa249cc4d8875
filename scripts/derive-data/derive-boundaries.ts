import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MX_STATES } from '@nj/contracts';
import { OUT, SHARED_DATA, readCsv, round, sizeMb, writeOut } from './common.ts';
import { polygonsOf, type Feature, type Geometry, type Ring } from './geo.ts';
import { coloniaId } from './derive-places.ts';

/** Above this size a GeoJSON file is shipped gzipped (the server serves it compressed). */
const GZIP_ABOVE_BYTES = 3_000_000;

/**
 * Derives data/boundaries/*.geojson[.gz]: state and municipality outlines (INEGI Marco Geoestadístico 2025,
 * simplified, coordinates rounded to 4 decimals ≈ 11 m), the Guadalajara/Zapopan colonia polygons (5 decimals) and
 * the Mexico City and Monterrey-metro colonia polygons (5 decimals, Monterrey simplified to about 5 m; ids and names
 * as in data/places/colonias-cdmx-mty.csv, issue 9 §2).
 */
export function deriveBoundaries(): void {
  const stateName = new Map(MX_STATES.map((s) => [s.cve, s.name]));
  type StateProps = { cve_ent: string; nom_ent: string };
  type MunProps = { cve_geo: string; cve_ent: string; cve_mun: string; nom_mun: string; nom_ent: string };
  type ColProps = { cve_geo: string; geocol: string; colonia: string; tipo: string; cp: string; municipio: string };

  const states = load<StateProps>(join(SHARED_DATA, 'mx-boundaries', 'mx_estados.geojson'));
  write('states.geojson', states.map((f) => feature({ cve_ent: f.properties.cve_ent, name: stateName.get(f.properties.cve_ent) ?? f.properties.nom_ent }, f.geometry, 4)));

  const muns = load<MunProps>(join(SHARED_DATA, 'mx-boundaries', 'mx_municipios.geojson'));
  write('municipalities.geojson', muns.map((f) => feature({
    cve_geo: f.properties.cve_geo, cve_ent: f.properties.cve_ent, cve_mun: f.properties.cve_mun, name: f.properties.nom_mun,
    state_name: stateName.get(f.properties.cve_ent) ?? f.properties.nom_ent,
  }, f.geometry, 4)));

  const cols = load<ColProps>(join(SHARED_DATA, 'mx-geocoder', 'colonias_gdl_zap.geojson'));
  write('colonias-gdl-zap.geojson', cols.map((f) => feature({
    id: coloniaId(f.properties.cve_geo, f.properties.geocol), name: f.properties.colonia, tipo: f.properties.tipo,
    cp: f.properties.cp, cve_geo: f.properties.cve_geo, municipality_name: f.properties.municipio,
  }, f.geometry, 5)));

  // The CSV holds the ids and tidied names (derive-places runs first); its rows and the polygons are matched by id.
  const places = new Map(readCsv(join(OUT, 'places', 'colonias-cdmx-mty.csv')).map((r) => [r.id, r]));
  const metro: Feature<Record<string, string | null>>[] = [];
  type CdmxProps = { cve_geo: string };
  type MtyProps = { cve_geo: string; cve_col: string };
  const perAlcaldia = new Map<string, number>();
  for (const f of load<CdmxProps>(join(SHARED_DATA, 'mx-colonias-cdmx-mty', 'colonias_cdmx.geojson'))) {
    const n = (perAlcaldia.get(f.properties.cve_geo) ?? 0) + 1;
    perAlcaldia.set(f.properties.cve_geo, n);
    const place = places.get(`${f.properties.cve_geo}-${String(n).padStart(4, '0')}`);
    if (place) metro.push(feature(metroProps(place), f.geometry, 5));
  }
  for (const f of load<MtyProps>(join(SHARED_DATA, 'mx-colonias-cdmx-mty', 'colonias_mty.geojson'))) {
    const place = places.get(`${f.properties.cve_geo}-M${f.properties.cve_col.split('_')[1] ?? f.properties.cve_col}`);
    if (place) metro.push(feature(metroProps(place), simplify(f.geometry, 0.00005), 5));
  }
  write('colonias-cdmx-mty.geojson', metro);
}

function metroProps(r: Record<string, string>): Record<string, string | null> {
  return { id: r.id!, name: r.name!, tipo: r.tipo!, cp: r.cp || null, cve_geo: r.cve_geo!, municipality_name: r.municipality_name! };
}

/** Douglas–Peucker on every ring (tolerance in degrees); a ring keeps at least its first, farthest and last points. */
function simplify(g: Geometry, tolerance: number): Geometry {
  const ring = (r: Ring): Ring => {
    if (r.length <= 4) return r;
    const keep = new Uint8Array(r.length);
    keep[0] = keep[r.length - 1] = 1;
    const stack: [number, number][] = [[0, r.length - 1]];
    while (stack.length) {
      const [a, b] = stack.pop()!;
      let best = -1;
      let far = 0;
      for (let i = a + 1; i < b; i++) {
        const d = segmentDistance(r[i]!, r[a]!, r[b]!);
        if (d > far) { far = d; best = i; }
      }
      // A closed ring's first and last points coincide: always split it once so it keeps an area.
      if (best >= 0 && (far > tolerance || (a === 0 && b === r.length - 1))) {
        keep[best] = 1;
        stack.push([a, best], [best, b]);
      }
    }
    const out = r.filter((_, i) => keep[i]);
    return out.length >= 4 ? out : r;
  };
  const polys = polygonsOf(g).map((poly) => poly.map(ring));
  return polys.length === 1 ? { type: 'Polygon', coordinates: polys[0]! } : { type: 'MultiPolygon', coordinates: polys };
}

function segmentDistance([px, py]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function load<P>(path: string): Feature<P>[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { features: Feature<P>[] }).features;
}

function roundRing(ring: Ring, decimals: number): Ring {
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p: [number, number] = [round(x, decimals), round(y, decimals)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function feature<P>(properties: P, geometry: Geometry, decimals: number): Feature<P> {
  // A ring needs 4 positions; tiny islands that collapse when rounded are dropped.
  const polys = polygonsOf(geometry)
    .map((poly) => poly.map((ring) => roundRing(ring, decimals)).filter((ring) => ring.length >= 4))
    .filter((poly) => poly.length > 0);
  const g: Geometry = polys.length === 1 ? { type: 'Polygon', coordinates: polys[0]! } : { type: 'MultiPolygon', coordinates: polys };
  return { type: 'Feature', properties, geometry: g };
}

function write<P>(name: string, features: Feature<P>[]): void {
  const text = JSON.stringify({ type: 'FeatureCollection', features });
  const path = writeOut(join(OUT, 'boundaries', name), text, Buffer.byteLength(text) > GZIP_ABOVE_BYTES);
  console.log(`boundaries: ${features.length} features → ${path} (${sizeMb(path)}, ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB raw)`);
}
