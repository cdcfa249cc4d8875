import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MX_STATES } from '@nj/contracts';
import { OUT, SHARED_DATA, readCsv, round, sizeMb, toCsv, writeOut } from './common.ts';
import { bboxOf, type Feature } from './geo.ts';

/**
 * Derives data/places/*.csv from the INEGI-based files of ../shared/data (never from SEPOMEX, which may not be
 * redistributed): states, municipalities, localities of 1,000+ inhabitants, and the Guadalajara/Zapopan colonias.
 */
export function derivePlaces(): void {
  const stateName = new Map(MX_STATES.map((s) => [s.cve, s.name]));
  const long = (cve: string | undefined, fallback: string | undefined) => stateName.get(cve ?? '') ?? fallback ?? '';

  const states = readCsv(join(SHARED_DATA, 'mx-boundaries', 'mx_estados_centroides.csv')).map((r) => ({
    cve_ent: r.cve_ent, name: long(r.cve_ent, r.nom_ent), lat: r.lat, lng: r.lon,
    min_lng: r.min_lon, min_lat: r.min_lat, max_lng: r.max_lon, max_lat: r.max_lat,
  }));
  report(writeOut(join(OUT, 'places', 'states.csv'), toCsv(['cve_ent', 'name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat'], states)), states.length);

  const bboxByMun = new Map(readCsv(join(SHARED_DATA, 'mx-boundaries', 'mx_municipios_centroides.csv')).map((r) => [r.cve_geo, r]));
  const municipalities = readCsv(join(SHARED_DATA, 'mx-geocoder', 'inegi_municipios.csv')).map((r) => {
    const b = bboxByMun.get(r.cve_geo ?? '');
    const seat = r.cabecera_lat && r.cabecera_lon;
    return {
      cve_geo: r.cve_geo, cve_ent: r.cve_ent, cve_mun: r.cve_mun, name: r.nom_mun, state_name: long(r.cve_ent, r.nom_ent),
      lat: seat ? r.cabecera_lat : r.centroide_lat, lng: seat ? r.cabecera_lon : r.centroide_lon,
      min_lng: b?.min_lon, min_lat: b?.min_lat, max_lng: b?.max_lon, max_lat: b?.max_lat, population: r.pob_total_2020,
    };
  });
  report(
    writeOut(join(OUT, 'places', 'municipalities.csv'), toCsv(
      ['cve_geo', 'cve_ent', 'cve_mun', 'name', 'state_name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat', 'population'],
      municipalities,
    )),
    municipalities.length,
  );

  const localities = readCsv(join(SHARED_DATA, 'mx-geocoder', 'inegi_localidades_1000mas.csv')).map((r) => ({
    cvegeo: r.cvegeo, cve_ent: r.cve_ent, cve_mun: r.cve_mun, name: r.nom_loc, municipality_name: r.nom_mun,
    state_name: long(r.cve_ent, r.nom_ent), lat: r.lat, lng: r.lon, population: r.pob_total_2020,
  }));
  report(
    writeOut(join(OUT, 'places', 'localities.csv'), toCsv(
      ['cvegeo', 'cve_ent', 'cve_mun', 'name', 'municipality_name', 'state_name', 'lat', 'lng', 'population'],
      localities,
    )),
    localities.length,
  );

  type ColProps = { cve_geo: string; geocol: string; colonia: string; tipo: string; cp: string; municipio: string };
  const geo = JSON.parse(readFileSync(join(SHARED_DATA, 'mx-geocoder', 'colonias_gdl_zap.geojson'), 'utf8')) as { features: Feature<ColProps>[] };
  const bboxByCol = new Map(geo.features.map((f) => [`${f.properties.cve_geo}-${f.properties.geocol}`, bboxOf(f.geometry)]));
  const colonias = readCsv(join(SHARED_DATA, 'mx-geocoder', 'colonias_gdl_zap_centroides.csv')).map((r) => {
    const b = bboxByCol.get(`${r.cve_geo_mun}-${r.geocol}`);
    return {
      id: coloniaId(r.cve_geo_mun ?? '', r.geocol ?? ''), name: r.colonia, tipo: r.tipo, cp: r.cp, cve_geo: r.cve_geo_mun,
      municipality_name: r.municipio, state_name: 'Jalisco', lat: r.lat, lng: r.lon,
      min_lng: b && round(b[0], 6), min_lat: b && round(b[1], 6), max_lng: b && round(b[2], 6), max_lat: b && round(b[3], 6),
    };
  });
  report(
    writeOut(join(OUT, 'places', 'colonias-gdl-zap.csv'), toCsv(
      ['id', 'name', 'tipo', 'cp', 'cve_geo', 'municipality_name', 'state_name', 'lat', 'lng', 'min_lng', 'min_lat', 'max_lng', 'max_lat'],
      colonias,
    )),
    colonias.length,
  );
}

/** A colonia's id: its municipality code and its INEGI-style geocol, '14039-039001'. */
export function coloniaId(cveGeo: string, geocol: string): string {
  return `${cveGeo}-${geocol}`;
}

function report(path: string, rows: number): void {
  console.log(`places: ${rows} rows → ${path} (${sizeMb(path)})`);
}
