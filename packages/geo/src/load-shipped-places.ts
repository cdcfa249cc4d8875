import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Database } from '@nj/db';
import { SHIPPED_BOUNDARIES_DIR, SHIPPED_PLACES_DIR } from './data-paths.ts';
import { COLONIA_POLYGON_FILES, readColoniaPolygons } from './locate-colonia-polygon.ts';
import { replacePlaceOutlines } from './place-outlines-repository.ts';
import { placeOutline, type OutlinePolygon } from './place-outline.ts';
import { normalizePlaceText } from './normalize-place-text.ts';
import { assignSlug, finishRecord, parentheticalAliases, TOWN_MIN_POPULATION, type PlaceRecord } from './place-record.ts';
import {
  deletePlacesBySource, getLoadFingerprint, loadSlugMap, setLoadFingerprint, upsertPlaces,
} from './places-repository.ts';
import { forgetPlaceAreas } from './read-place-areas.ts';
import { rebuildPlaceSearchIndex } from './rebuild-place-search-index.ts';
import { stateByCode, stateByName } from './state-catalogue.ts';

const FILES = ['states.csv', 'municipalities.csv', 'localities.csv', 'colonias-gdl-zap.csv', 'colonias-cdmx-mty.csv'] as const;
/** The INEGI polygons of municipalities and states (data/boundaries) whose outlines the load writes too (issue 9). */
export const AREA_POLYGON_FILES = ['municipalities.geojson', 'states.geojson'] as const;
/** `places.source` of the shipped rows. */
export const SHIPPED_SOURCES = { inegi: 'inegi', colonias: 'gdl-colonias', metroColonias: 'cdmx-mty-colonias' } as const;
/** Sources of neighbourhoods that have a shipped polygon (data/boundaries/colonias-*.geojson), or group such ones. */
export const POLYGON_COLONIA_SOURCES = [SHIPPED_SOURCES.colonias, SHIPPED_SOURCES.metroColonias] as const;
/** Mexico City's alcaldías are parts of one city: its colonias rank by the city's population, not the alcaldía's. */
export const CDMX_STATE_CODE = '09';
const LOAD_KEY = 'shipped';

type Row = Record<string, string>;

function num(v: string | undefined): number | null {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function readCsv(dir: string, file: string): Row[] {
  return parse(readFileSync(join(dir, file)), { columns: true, skip_empty_lines: true, bom: true, trim: true }) as Row[];
}

/**
 * Loads the shipped INEGI-derived places (data/places, see its SOURCE note) into `places`:
 * - regions: the 32 states (label point, bbox, population = sum of their municipalities);
 * - localities: every municipality ('Guadalajara, Jalisco', seat point, municipality bbox, population 2020) and every
 *   INEGI locality of ≥ 1,000 inhabitants, except the one that carries its municipality's name (the seat);
 * - neighbourhoods: the Guadalajara and Zapopan colonias (polygon inside-point, bbox, C.P.) and the colonias of Mexico
 *   City and the Monterrey metro (inside-point, bbox, C.P. in Monterrey, other spellings as aliases), with one 'Zona'
 *   place over each group of numbered sections ('Polanco' over 'Polanco I–V Sección'; issue 9 §2);
 * - and, in `place_outlines`, the polygon of every loaded colonia, municipality and state that has one in
 *   data/boundaries (`boundariesDir`; the area placeOutline gives its searches, kept in SQL for the sitemap; issue 9,
 *   decisions 014 and 015).
 * Idempotent: skips when the files' fingerprint (places, colonia, municipality and state polygons) equals the one
 * recorded; otherwise
 * replaces the shipped rows (other sources — SEPOMEX, listing colonias — are kept) and rebuilds the search index.
 * Returns the counts, or `{ skipped: true }`. Throws when a places file is missing or unreadable (a missing polygon
 * file only leaves its colonias without outline, as placeOutline does). Spec 01 §2 "Search bar modes", issue 2 §2–3.
 */
export async function loadShippedPlaces(
  database: Database,
  options: { log?: (line: string) => void; dir?: string; boundariesDir?: string; force?: boolean } = {},
): Promise<{ skipped: boolean; regions: number; localities: number; neighbourhoods: number }> {
  const dir = options.dir ?? SHIPPED_PLACES_DIR;
  const boundariesDir = options.boundariesDir ?? SHIPPED_BOUNDARIES_DIR;
  const log = options.log ?? (() => {});
  for (const f of FILES) if (!existsSync(join(dir, f))) throw new Error(`Missing shipped places file ${join(dir, f)}`);
  const hash = createHash('sha256').update('v4');
  for (const f of FILES) hash.update(readFileSync(join(dir, f)));
  // The colonia polygons as readColoniaPolygons finds them (plain or .gz); an absent file hashes as absent.
  for (const f of [...COLONIA_POLYGON_FILES, ...AREA_POLYGON_FILES]) {
    const plain = join(boundariesDir, f);
    const file = existsSync(`${plain}.gz`) ? `${plain}.gz` : existsSync(plain) ? plain : null;
    hash.update(file ? readFileSync(file) : `no ${f}`);
  }
  const fingerprint = hash.digest('hex');
  if (!options.force && (await getLoadFingerprint(database.db, LOAD_KEY)) === fingerprint) {
    return { skipped: true, regions: 0, localities: 0, neighbourhoods: 0 };
  }
  log('Cargando lugares (INEGI: estados, municipios, localidades; colonias de Guadalajara, Zapopan, Ciudad de México y Monterrey)…');

  const states = readCsv(dir, 'states.csv');
  const municipalities = readCsv(dir, 'municipalities.csv');
  const localities = readCsv(dir, 'localities.csv');
  const colonias = readCsv(dir, 'colonias-gdl-zap.csv');
  const metroColonias = readCsv(dir, 'colonias-cdmx-mty.csv');

  const records: PlaceRecord[] = [];
  let outlineCount = 0;
  await database.db.transaction().execute(async (trx) => {
    await deletePlacesBySource(trx, [SHIPPED_SOURCES.inegi, SHIPPED_SOURCES.colonias, SHIPPED_SOURCES.metroColonias]);
    const slugs = await loadSlugMap(trx);

    const statePopulation = new Map<string, number>();
    for (const m of municipalities) {
      const code = m.cve_ent!.padStart(2, '0');
      statePopulation.set(code, (statePopulation.get(code) ?? 0) + (num(m.population) ?? 0));
    }
    const stateName = (code: string, fallback: string | undefined) => stateByCode(code)?.name ?? fallback ?? '';

    // Municipalities first (by population) so the bare slugs go to cities: 'queretaro' is the city, the state is
    // 'estado-de-queretaro'; then states, then the other localities, then colonias.
    const munisByPop = [...municipalities].sort((a, b) => (num(b.population) ?? 0) - (num(a.population) ?? 0));
    const muniName = new Map<string, string>();
    const muniPop = new Map<string, number>();
    for (const m of munisByPop) {
      const code = m.cve_geo!.padStart(5, '0');
      const st = code.slice(0, 2);
      const sName = stateName(st, m.state_name);
      const lat = num(m.lat);
      const lng = num(m.lng);
      if (lat === null || lng === null) continue;
      muniName.set(code, m.name!);
      muniPop.set(code, num(m.population) ?? 0);
      const id = `M${code}`;
      records.push(finishRecord({
        id, kind: 'locality', name: m.name!, label: `${m.name}, ${sName}`,
        slug: assignSlug(slugs, id, [m.name!, `${m.name}-${sName}`]),
        state_code: st, state_name: sName, municipality_code: code, municipality_name: m.name!, locality: m.name!,
        postal_code: null, lat, lng, min_lat: num(m.min_lat), min_lng: num(m.min_lng), max_lat: num(m.max_lat),
        max_lng: num(m.max_lng), population: num(m.population) ?? 0, source: SHIPPED_SOURCES.inegi,
        precision: 'municipality_seat', aliases: null, is_area: true,
      }));
    }
    for (const s of states) {
      const code = s.cve_ent!.padStart(2, '0');
      const info = stateByCode(code) ?? stateByName(s.name);
      const name = info?.name ?? s.name!;
      const id = `E${code}`;
      const aliases = new Set((info?.aliases ?? []).map(normalizePlaceText));
      const raw = normalizePlaceText(s.name);
      if (raw !== normalizePlaceText(name)) aliases.add(raw);
      const lat = num(s.lat);
      const lng = num(s.lng);
      if (lat === null || lng === null) continue;
      records.push(finishRecord({
        id, kind: 'region', name, label: name,
        slug: assignSlug(slugs, id, [name, `estado-de-${name}`]),
        state_code: code, state_name: name, municipality_code: null, municipality_name: null, locality: null,
        postal_code: null, lat, lng, min_lat: num(s.min_lat), min_lng: num(s.min_lng), max_lat: num(s.max_lat),
        max_lng: num(s.max_lng), population: statePopulation.get(code) ?? 0, source: SHIPPED_SOURCES.inegi,
        precision: 'exact', aliases: aliases.size ? [...aliases].join('|') : null, is_area: true,
      }));
    }
    const locsByPop = [...localities].sort((a, b) => (num(b.population) ?? 0) - (num(a.population) ?? 0));
    for (const l of locsByPop) {
      const cvegeo = l.cvegeo!.padStart(9, '0');
      const muniCode = cvegeo.slice(0, 5);
      const mName = muniName.get(muniCode) ?? l.municipality_name ?? '';
      if (normalizePlaceText(l.name) === normalizePlaceText(mName)) continue; // the seat, already the municipality
      const st = cvegeo.slice(0, 2);
      const sName = stateName(st, l.state_name);
      const lat = num(l.lat);
      const lng = num(l.lng);
      if (lat === null || lng === null) continue;
      const id = `L${cvegeo}`;
      records.push(finishRecord({
        id, kind: 'locality', name: l.name!, label: `${l.name}, ${mName}, ${sName}`,
        // Only towns get the bare name: 'cancun', but 'providencia-cajeme' for a village.
        slug: assignSlug(slugs, id, [...((num(l.population) ?? 0) >= TOWN_MIN_POPULATION ? [l.name!] : []), `${l.name}-${mName}`, `${l.name}-${mName}-${sName}`]),
        state_code: st, state_name: sName, municipality_code: muniCode, municipality_name: mName, locality: l.name!,
        postal_code: null, lat, lng, min_lat: null, min_lng: null, max_lat: null, max_lng: null,
        population: num(l.population) ?? 0, source: SHIPPED_SOURCES.inegi, precision: 'locality',
        aliases: parentheticalAliases(l.name!), is_area: false,
      }));
    }
    // Colonias with polygons: Guadalajara/Zapopan, then Mexico City and the Monterrey metro (their own aliases too).
    // A Mexico City colonia ranks by the whole city's people (one city across its alcaldías), the others by their
    // municipality's.
    const coloniaSets = [
      { rows: colonias, source: SHIPPED_SOURCES.colonias },
      { rows: metroColonias, source: SHIPPED_SOURCES.metroColonias },
    ];
    for (const { rows, source } of coloniaSets) {
      for (const c of rows) {
        const muniCode = c.cve_geo!.padStart(5, '0');
        const st = muniCode.slice(0, 2);
        const sName = stateName(st, c.state_name);
        const mName = muniName.get(muniCode) ?? c.municipality_name ?? '';
        const lat = num(c.lat);
        const lng = num(c.lng);
        if (lat === null || lng === null || !c.name) continue;
        const id = `G${c.id}`;
        const aliases = [...new Set([...(c.aliases ? c.aliases.split('|') : []), ...(parentheticalAliases(c.name)?.split('|') ?? [])])];
        const rank = source === SHIPPED_SOURCES.metroColonias && st === CDMX_STATE_CODE ? (statePopulation.get(st) ?? 0) : (muniPop.get(muniCode) ?? 0);
        records.push(finishRecord({
          id, kind: 'neighbourhood', name: c.name, label: `${c.name}, ${mName}, ${sName}`,
          slug: assignSlug(slugs, id, [`${c.name}-${mName}`, `${c.name}-${mName}-${c.cp ?? ''}`]),
          state_code: st, state_name: sName, municipality_code: muniCode, municipality_name: mName, locality: mName,
          postal_code: c.cp ? c.cp.padStart(5, '0') : null, lat, lng, min_lat: num(c.min_lat), min_lng: num(c.min_lng),
          max_lat: num(c.max_lat), max_lng: num(c.max_lng), population: 0, source,
          precision: 'polygon', aliases: aliases.length ? aliases.join('|') : null, is_area: false,
        }, rank));
      }
    }
    await upsertPlaces(trx, records);
    // The colonias' polygons, for SQL (the first polygon of an id, as placeOutline takes it).
    const loaded = new Set(records.map((r) => r.id));
    const outlines = new Map<string, OutlinePolygon[]>();
    for (const p of readColoniaPolygons(boundariesDir)) {
      const id = `G${p.id}`;
      if (loaded.has(id) && !outlines.has(id)) outlines.set(id, p.rings);
    }
    // The municipalities' and states' INEGI polygons, exactly as placeOutline reads them for their searches.
    for (const r of records) {
      if (!/^[ME]/.test(r.id)) continue;
      const outline = placeOutline(r, boundariesDir);
      if (outline.source === 'boundary') outlines.set(r.id, outline.polygons);
    }
    outlineCount = await replacePlaceOutlines(trx, [...outlines].map(([placeId, polygons]) => ({ placeId, polygons })));
    await setLoadFingerprint(trx, LOAD_KEY, fingerprint);
  });
  forgetPlaceAreas(database);
  const index = await rebuildPlaceSearchIndex(database);
  const count = (kind: string) => records.filter((r) => r.kind === kind).length;
  const result = { skipped: false, regions: count('region'), localities: count('locality'), neighbourhoods: count('neighbourhood') };
  log(`Lugares cargados: ${result.regions} estados, ${result.localities} municipios y localidades, ${result.neighbourhoods} colonias `
    + `(${outlineCount} con polígono; índice ${index.ms} ms).`);
  return result;
}
