import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Database } from '@nj/db';
import { LISTINGS_SOURCE } from './derive-colonias-from-listings.ts';
import { POLYGON_COLONIA_SOURCES } from './load-shipped-places.ts';
import { normalizePlaceText } from './normalize-place-text.ts';
import { assignSlug, bboxOf, finishRecord, type PlacePrecision, type PlaceRecord } from './place-record.ts';
import {
  fillPostalCode, getLoadFingerprint, loadSlugMap, readLocalities, readMunicipalities, readNeighbourhoodKeys,
  setLoadFingerprint, upsertPlaces,
} from './places-repository.ts';
import { rebuildPlaceSearchIndex } from './rebuild-place-search-index.ts';
import { stateByCode } from './state-catalogue.ts';

export const SEPOMEX_SOURCE = 'sepomex';
const REQUIRED = ['d_codigo', 'd_asenta', 'c_estado', 'c_mnpio'];

export type SepomexImportSummary = {
  rows: number;
  asentamientos: number;
  postalCodes: number;
  /** Asentamientos that already existed as a polygon or listing colonia (they received the C.P.). */
  merged: number;
  /** Same name in the same municipality as an earlier row (kept once). */
  duplicates: number;
  skipped: { line: number; reason: string }[];
  byPrecision: Record<string, number>;
  alreadyLoaded: boolean;
  ms: number;
};

function decode(buffer: Buffer): string {
  const utf8 = buffer.toString('utf8');
  return utf8.includes('\uFFFD') ? buffer.toString('latin1') : utf8;
}

/**
 * Imports the SEPOMEX postal-code catalogue (`sepomex_asentamientos.csv[.gz]` or the official pipe-delimited TXT:
 * pipe or comma, UTF-8 or Latin-1, an optional notice line before the header) as places: every asentamiento a
 * neighbourhood ('Roma Norte, Cuauhtémoc, Ciudad de México', C.P.), every C.P. a postal_code place ('C.P. 06700, …').
 * SEPOMEX has no coordinates; each asentamiento takes the best point of this ladder (mx-geocoder SOURCE.md):
 * Guadalajara/Zapopan colonia polygon with the same name (it is then not duplicated, only given the C.P.) →
 * listing-derived colonia (same) → INEGI locality with the same name in the municipality → the locality named in
 * `d_ciudad` → the municipality seat. A C.P. takes the mean point of its asentamientos at their best precision.
 * Upserts by id, so a re-run updates; skips entirely when the same file was imported already (unless `force`).
 * `states` (INEGI codes) limits the import (tests). Rows are never written anywhere but the database (licence).
 * `onProgress(done, total)` is called every 5,000 rows. Returns a summary; throws when the file is unreadable or
 * lacks the columns d_codigo, d_asenta, c_estado, c_mnpio.
 */
export async function importSepomexPlaces(
  database: Database,
  file: string,
  options: { force?: boolean; states?: string[]; onProgress?: (done: number, total: number) => void } = {},
): Promise<SepomexImportSummary> {
  const started = performance.now();
  const raw = readFileSync(file);
  const fingerprint = createHash('sha256').update(raw).update(JSON.stringify(options.states ?? null)).digest('hex');
  const summary: SepomexImportSummary = {
    rows: 0, asentamientos: 0, postalCodes: 0, merged: 0, duplicates: 0, skipped: [], byPrecision: {}, alreadyLoaded: false, ms: 0,
  };
  if (!options.force && (await getLoadFingerprint(database.db, SEPOMEX_SOURCE)) === fingerprint) {
    summary.alreadyLoaded = true;
    return summary;
  }
  const text = decode(file.endsWith('.gz') ? gunzipSync(raw) : raw);
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => /(^|[|,])d_codigo([|,]|$)/.test(l));
  if (headerAt < 0) throw new Error(`${file}: no header with d_codigo (is it the SEPOMEX catalogue?)`);
  const delimiter = lines[headerAt]!.includes('|') ? '|' : ',';
  const body = lines.slice(headerAt).join('\n');
  const records = parse(body, {
    columns: true, delimiter, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true, bom: true,
  }) as Record<string, string>[];
  const missing = REQUIRED.filter((c) => !(c in (records[0] ?? {})));
  if (records.length > 0 && missing.length) throw new Error(`${file}: missing columns ${missing.join(', ')}`);

  const db = database.db;
  const municipalities = new Map((await readMunicipalities(db)).map((m) => [m.municipality_code!, m]));
  const localities = await readLocalities(db);
  const localityInMuni = new Map<string, { lat: number; lng: number }>();
  const localityInState = new Map<string, { lat: number; lng: number; population: number }>();
  for (const l of localities) {
    if (!l.municipality_code) continue;
    const k = `${l.municipality_code}|${l.name_norm}`;
    if (!localityInMuni.has(k)) localityInMuni.set(k, l);
    const s = `${l.municipality_code.slice(0, 2)}|${l.name_norm}`;
    const prev = localityInState.get(s);
    if (!prev || prev.population < l.population) localityInState.set(s, l);
  }
  const existing = await readNeighbourhoodKeys(db, [...POLYGON_COLONIA_SOURCES, LISTINGS_SOURCE]);
  const hasPolygon = (source: string) => (POLYGON_COLONIA_SOURCES as readonly string[]).includes(source);
  const colonyByKey = new Map<string, (typeof existing)[number]>();
  for (const e of existing) {
    for (const n of [e.name_norm, ...(e.aliases ? e.aliases.split('|') : [])]) {
      const k = `${e.municipality_code}|${n}`;
      const prev = colonyByKey.get(k);
      if (!prev || (!hasPolygon(prev.source) && hasPolygon(e.source))) colonyByKey.set(k, e);
    }
  }
  const slugs = await loadSlugMap(db);

  const places: PlaceRecord[] = [];
  const fills: { id: string; cp: string }[] = [];
  const seen = new Set<string>();
  const PRECISION_ORDER: PlacePrecision[] = ['exact', 'polygon', 'listings', 'locality', 'city', 'municipality_seat', 'centroid'];
  type Cp = { cp: string; muniPop: number; muniCode: string; muniName: string; stateName: string; stateCode: string; locality: string | null;
    points: { lat: number; lng: number; precision: PlacePrecision }[] };
  const cps = new Map<string, Cp>();
  const allowed = options.states ? new Set(options.states.map((s) => s.padStart(2, '0'))) : null;

  records.forEach((row, i) => {
    const line = headerAt + i + 2;
    summary.rows++;
    const cp = (row.d_codigo ?? '').trim().padStart(5, '0');
    const name = (row.d_asenta ?? '').replace(/\s+/g, ' ').trim();
    const stateCode = (row.c_estado ?? '').trim().padStart(2, '0');
    if (allowed && !allowed.has(stateCode)) return;
    const muniCode = `${stateCode}${(row.c_mnpio ?? '').trim().padStart(3, '0')}`;
    if (!/^\d{5}$/.test(cp)) return void summary.skipped.push({ line, reason: `C.P. no válido: "${row.d_codigo ?? ''}"` });
    if (!name) return void summary.skipped.push({ line, reason: 'Asentamiento sin nombre' });
    const muni = municipalities.get(muniCode);
    const state = stateByCode(stateCode);
    if (!muni || !state) return void summary.skipped.push({ line, reason: `Municipio desconocido ${muniCode}` });
    const nameNorm = normalizePlaceText(name);
    const city = (row.d_ciudad ?? '').trim() || null;

    let point: { lat: number; lng: number; precision: PlacePrecision };
    const colony = colonyByKey.get(`${muniCode}|${nameNorm}`);
    const loc = localityInMuni.get(`${muniCode}|${nameNorm}`);
    const cityLoc = city ? (localityInMuni.get(`${muniCode}|${normalizePlaceText(city)}`) ?? localityInState.get(`${stateCode}|${normalizePlaceText(city)}`)) : undefined;
    if (colony) point = { lat: colony.lat, lng: colony.lng, precision: hasPolygon(colony.source) ? 'polygon' : 'listings' };
    else if (loc) point = { lat: loc.lat, lng: loc.lng, precision: 'locality' };
    else if (cityLoc) point = { lat: cityLoc.lat, lng: cityLoc.lng, precision: 'city' };
    else point = { lat: muni.lat, lng: muni.lng, precision: 'municipality_seat' };

    let c = cps.get(cp);
    if (!c) {
      c = { cp, muniPop: muni.population, muniCode, muniName: muni.name, stateName: state.name, stateCode, locality: city, points: [] };
      cps.set(cp, c);
    }
    c.points.push(point);

    if (colony) {
      summary.merged++;
      if (!colony.postal_code) {
        fills.push({ id: colony.id, cp });
        colony.postal_code = cp;
      }
      return;
    }
    const key = `${muniCode}|${nameNorm}`;
    if (seen.has(key)) return void summary.duplicates++;
    seen.add(key);
    const id = `A${muniCode}-${(row.id_asenta_cpcons ?? '').trim() || cp}`;
    summary.byPrecision[point.precision] = (summary.byPrecision[point.precision] ?? 0) + 1;
    places.push(finishRecord({
      id, kind: 'neighbourhood', name, label: `${name}, ${muni.name}, ${state.name}`,
      slug: assignSlug(slugs, id, [`${name}-${muni.name}`, `${name}-${muni.name}-${state.name}`, `${name}-${muni.name}-${cp}`]),
      state_code: stateCode, state_name: state.name, municipality_code: muniCode, municipality_name: muni.name,
      locality: city ?? muni.name, postal_code: cp, lat: point.lat, lng: point.lng, min_lat: null, min_lng: null,
      max_lat: null, max_lng: null, population: 0, source: SEPOMEX_SOURCE, precision: point.precision, aliases: null,
      is_area: false,
    }, muni.population));
  });

  for (const c of cps.values()) {
    const bestRank = Math.min(...c.points.map((p) => PRECISION_ORDER.indexOf(p.precision)));
    const best = c.points.filter((p) => PRECISION_ORDER.indexOf(p.precision) === bestRank);
    const lat = best.reduce((s, p) => s + p.lat, 0) / best.length;
    const lng = best.reduce((s, p) => s + p.lng, 0) / best.length;
    const box = best.length > 1 ? bboxOf(best.map((p) => p.lat), best.map((p) => p.lng)) : null;
    const id = `C${c.cp}`;
    places.push(finishRecord({
      id, kind: 'postal_code', name: c.cp, label: `C.P. ${c.cp}, ${c.muniName}, ${c.stateName}`,
      slug: assignSlug(slugs, id, [`cp-${c.cp}`]),
      state_code: c.stateCode, state_name: c.stateName, municipality_code: c.muniCode, municipality_name: c.muniName,
      locality: c.locality ?? c.muniName, postal_code: c.cp, lat, lng,
      min_lat: box && box.max_lat - box.min_lat > 1e-6 ? box.min_lat : null, min_lng: box && box.max_lat - box.min_lat > 1e-6 ? box.min_lng : null,
      max_lat: box && box.max_lat - box.min_lat > 1e-6 ? box.max_lat : null, max_lng: box && box.max_lat - box.min_lat > 1e-6 ? box.max_lng : null,
      population: 0, source: SEPOMEX_SOURCE, precision: PRECISION_ORDER[bestRank] ?? 'municipality_seat', aliases: null,
      is_area: false,
    }, c.muniPop));
  }
  summary.asentamientos = places.length - cps.size;
  summary.postalCodes = cps.size;

  const total = places.length;
  for (let i = 0; i < total; i += 5000) {
    const batch = places.slice(i, i + 5000);
    await db.transaction().execute((trx) => upsertPlaces(trx, batch));
    options.onProgress?.(Math.min(total, i + 5000), total);
  }
  await db.transaction().execute(async (trx) => {
    for (const f of fills) await fillPostalCode(trx, f.id, f.cp);
    await setLoadFingerprint(trx, SEPOMEX_SOURCE, fingerprint);
  });
  await rebuildPlaceSearchIndex(database);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
