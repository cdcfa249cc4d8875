import { createHash } from 'node:crypto';
import type { Database } from '@nj/db';
import { cleanColoniaName, normalizePlaceText } from './normalize-place-text.ts';
import { assignSlug, bboxOf, finishRecord, median, placeRank, type PlaceRecord } from './place-record.ts';
import {
  deletePlacesBySource, loadSlugMap, readActiveListingPoints, readListingColonias, readMunicipalities, readNeighbourhoodKeys, updatePlacePoint,
  upsertPlaces,
} from './places-repository.ts';
import { rebuildPlaceSearchIndex } from './rebuild-place-search-index.ts';
import { stateByName } from './state-catalogue.ts';
import { locateColoniaPolygon, readColoniaPolygons } from './locate-colonia-polygon.ts';
import { sectionBase } from './colonia-sections.ts';
import { CDMX_STATE_CODE, POLYGON_COLONIA_SOURCES } from './load-shipped-places.ts';

/** `places.source` of colonias derived from listings. */
export const LISTINGS_SOURCE = 'listings';
/** A colonia named by fewer listings than this is not made a place (one listing's typo is not a neighbourhood). */
export const MIN_LISTINGS_PER_COLONIA = 2;

/**
 * Neighbourhood places from the listings themselves (issue 2 §2: the demo's colonias are searchable on a fresh
 * machine without SEPOMEX). Groups active listings by normalised colonia (without 'Col.'/'Fracc.'), municipality and
 * state; each group of at least MIN_LISTINGS_PER_COLONIA becomes a place 'N…' with the median point, the bbox of its
 * points (outer 5 % trimmed), population = listing count and the most frequent spelling as its name.
 * Every active listing inside a shipped colonia polygon (Guadalajara/Zapopan, Mexico City, Monterrey), named colonia
 * or not, counts for that colonia (its population) and for the group of parts it belongs to ('Polanco', 'Narvarte'). A group that
 * already exists as a polygon colonia (same normalised name and municipality, or its points sit in a polygon whose
 * name is the group's name minus a section, like 'Providencia 1a Secc' in 'Providencia') is skipped; one that exists as a SEPOMEX asentamiento has that place moved to the listings' point instead.
 * Safe to re-run: replaces the previous listing-derived places; rebuilds the search index only when something
 * changed. Returns counts. Throws only if the database fails.
 */
export async function deriveColoniasFromListings(
  database: Database,
  options: { log?: (line: string) => void } = {},
): Promise<{ created: number; moved: number; skipped: number; changed: boolean }> {
  const db = database.db;
  const listings = await readListingColonias(db);
  const municipalities = await readMunicipalities(db);
  const muniByKey = new Map(municipalities.map((m) => [`${m.state_code}|${m.name_norm}`, m]));
  // The city a colonia's rank counts: its municipality, or all of Mexico City for an alcaldía (load-shipped-places).
  const cdmxPopulation = municipalities.filter((m) => m.state_code === CDMX_STATE_CODE).reduce((sum, m) => sum + m.population, 0);
  const cityPopulation = (muniCode: string | null) => muniCode?.startsWith(CDMX_STATE_CODE)
    ? cdmxPopulation : (municipalities.find((m) => m.municipality_code === muniCode)?.population ?? 0);
  const muniByName = new Map<string, (typeof municipalities)[number] | null>();
  for (const m of municipalities) muniByName.set(m.name_norm, muniByName.has(m.name_norm) ? null : m);

  type Group = { names: Map<string, number>; lats: number[]; lngs: number[]; muni: string; state: string;
    stateCode: string | null; muniCode: string | null; nameNorm: string; muniPop: number };
  const groups = new Map<string, Group>();
  for (const l of listings) {
    const name = cleanColoniaName(l.neighborhood);
    const nameNorm = normalizePlaceText(name);
    if (nameNorm.length < 2 || /^\d+$/.test(nameNorm)) continue;
    if (!Number.isFinite(l.lat) || !Number.isFinite(l.lng)) continue;
    const state = stateByName(l.state);
    const muniNorm = normalizePlaceText(l.municipality);
    const muni = (state && muniByKey.get(`${state.code}|${muniNorm}`)) || (!state ? muniByName.get(muniNorm) : undefined) || undefined;
    const stateCode = state?.code ?? muni?.state_code ?? null;
    const key = `${nameNorm}|${muni?.municipality_code ?? muniNorm}|${stateCode ?? normalizePlaceText(l.state)}`;
    let g = groups.get(key);
    if (!g) {
      g = { names: new Map(), lats: [], lngs: [], muni: muni?.name ?? (l.municipality ?? '').trim(), state: state?.name ?? (l.state ?? '').trim(),
        stateCode, muniCode: muni?.municipality_code ?? null, nameNorm, muniPop: muni ? cityPopulation(muni.municipality_code) : 0 };
      groups.set(key, g);
    }
    g.names.set(name, (g.names.get(name) ?? 0) + 1);
    g.lats.push(l.lat);
    g.lngs.push(l.lng);
  }

  const existing = await readNeighbourhoodKeys(db, [...POLYGON_COLONIA_SOURCES, 'sepomex', LISTINGS_SOURCE]);
  const hasPolygon = (source: string) => (POLYGON_COLONIA_SOURCES as readonly string[]).includes(source);
  const keyOf = (nameNorm: string, muniCode: string | null) => `${nameNorm}|${muniCode ?? ''}`;
  const polygons = new Set<string>();
  const sepomex = new Map<string, (typeof existing)[number]>();
  const previous = new Map(existing.filter((e) => e.source === LISTINGS_SOURCE).map((e) => [e.id, e]));
  for (const e of existing) {
    const names = [e.name_norm, ...(e.aliases ? e.aliases.split('|') : [])];
    for (const n of names) {
      if (hasPolygon(e.source)) polygons.add(keyOf(n, e.municipality_code));
      if (e.source === 'sepomex' && !sepomex.has(keyOf(n, e.municipality_code))) sepomex.set(keyOf(n, e.municipality_code), e);
    }
  }

  // Active listings inside each shipped colonia polygon (Guadalajara/Zapopan, Mexico City, Monterrey), whether they
  // name a colonia or not: that colonia's listing count (its rank); a group of parts ('Polanco' over 'Polanco I–V
  // Sección', 'Narvarte' over Oriente and Poniente) counts them all.
  const polygonsShapes = readColoniaPolygons();
  const inPolygon = new Map<string, number>();
  for (const l of await readActiveListingPoints(db)) {
    const p = locateColoniaPolygon(polygonsShapes, l.lat, l.lng);
    if (p) inPolygon.set(`G${p.id}`, (inPolygon.get(`G${p.id}`) ?? 0) + 1);
  }
  const polygonPlaces = new Map(existing.filter((e) => hasPolygon(e.source)).map((e) => [e.id, e]));
  const groupIds = new Map<string, string>();
  for (const e of polygonPlaces.values()) if (e.id.includes('-S-')) groupIds.set(`${e.municipality_code}|${e.name_norm}`, e.id);
  for (const e of polygonPlaces.values()) {
    const base = sectionBase(e.name_norm);
    const group = base ? groupIds.get(`${e.municipality_code}|${base}`) : undefined;
    if (group) inPolygon.set(group, (inPolygon.get(group) ?? 0) + (inPolygon.get(e.id) ?? 0));
  }

  const records: PlaceRecord[] = [];
  const moves: { id: string; p: Parameters<typeof updatePlacePoint>[2] }[] = [];
  let skipped = 0;
  const slugs = await loadSlugMap(db);
  for (const [key, g] of groups) {
    if (g.lats.length < MIN_LISTINGS_PER_COLONIA) continue;
    if (g.muniCode && polygons.has(keyOf(g.nameNorm, g.muniCode))) {
      skipped++;
      continue;
    }
    const name = [...g.names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const lat = median(g.lats);
    const lng = median(g.lngs);
    // 'Providencia 1a Secc' whose listings sit in the polygon 'Providencia' is that colonia, not a new one.
    const host = locateColoniaPolygon(polygonsShapes, lat, lng);
    const hostName = host ? polygonPlaces.get(`G${host.id}`)?.name_norm : undefined;
    if (hostName && (g.nameNorm.startsWith(`${hostName} `) || hostName.startsWith(`${g.nameNorm} `))) {
      skipped++;
      continue;
    }
    const box = bboxOf(g.lats, g.lngs)!;
    const population = g.lats.length;
    const sep = g.muniCode ? sepomex.get(keyOf(g.nameNorm, g.muniCode)) : undefined;
    if (sep) {
      if (sep.precision === 'listings' && sep.population === population && Math.abs(sep.lat - lat) < 1e-9 && Math.abs(sep.lng - lng) < 1e-9) continue;
      moves.push({ id: sep.id, p: { lat, lng, ...box, population, precision: 'listings', rank: placeRank('neighbourhood', population, 'listings', false, g.muniPop) } });
      continue;
    }
    const id = `N${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
    const label = [name, g.muni, g.state].filter((s) => s).join(', ');
    records.push(finishRecord({
      id, kind: 'neighbourhood', name, label,
      slug: assignSlug(slugs, id, [`${name}-${g.muni}`, `${name}-${g.muni}-${g.state}`]),
      state_code: g.stateCode, state_name: g.state || null, municipality_code: g.muniCode, municipality_name: g.muni || null,
      locality: g.muni || null, postal_code: null, lat, lng, ...box, population, source: LISTINGS_SOURCE,
      precision: 'listings', aliases: null, is_area: false,
    }, g.muniPop));
  }

  // Changed when the set of listing places or any of their points/counts differs from what is stored.
  const polygonCounts: { id: string; p: Parameters<typeof updatePlacePoint>[2] }[] = [];
  for (const [id, e] of polygonPlaces) {
    const n = inPolygon.get(id) ?? 0;
    if (n === e.population) continue;
    polygonCounts.push({ id, p: { lat: e.lat, lng: e.lng, population: n, precision: 'polygon',
      rank: placeRank('neighbourhood', n, 'polygon', false, cityPopulation(e.municipality_code)) } });
  }
  const changed = records.length !== previous.size || moves.length > 0 || polygonCounts.length > 0
    || records.some((r) => {
      const p = previous.get(r.id);
      return !p || p.name_norm !== r.name_norm || p.population !== r.population || Math.abs(p.lat - r.lat) > 1e-9 || Math.abs(p.lng - r.lng) > 1e-9;
    });
  if (changed) {
    await db.transaction().execute(async (trx) => {
      await deletePlacesBySource(trx, [LISTINGS_SOURCE]);
      await upsertPlaces(trx, records);
      for (const m of [...moves, ...polygonCounts]) await updatePlacePoint(trx, m.id, m.p);
    });
    await rebuildPlaceSearchIndex(database);
  }
  if (changed) {
    options.log?.(`Colonias desde los anuncios: ${records.length} colonias, ${moves.length} colonias de SEPOMEX ubicadas, ` +
      `${polygonCounts.length} colonias de Guadalajara y Zapopan con anuncios actualizados, ${skipped} ya existían.`);
  }
  return { created: records.length, moved: moves.length, skipped, changed };
}
