import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MX_STATES } from '@nj/contracts';
import { OUT, SHARED_DATA, round, sizeMb, writeOut } from './common.ts';
import { polygonsOf, type Feature, type Geometry, type Ring } from './geo.ts';
import { coloniaId } from './derive-places.ts';

/** Above this size a GeoJSON file is shipped gzipped (the server serves it compressed). */
const GZIP_ABOVE_BYTES = 3_000_000;

/**
 * Derives data/boundaries/*.geojson[.gz]: state and municipality outlines (INEGI Marco Geoestadístico 2025,
 * simplified, coordinates rounded to 4 decimals ≈ 11 m) and the Guadalajara/Zapopan colonia polygons (5 decimals).
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
