import type { Database } from '@nj/db';
import { SEARCH_MESSAGES } from '@nj/contracts';
import { findPlaceRowBySlug } from '@nj/geo/places-repository';
import { placeOutline, type OutlinePolygon, type OutlineSource } from '@nj/geo/place-outline';
import { AppError } from '../errors/app-error.ts';
import { compileArea, type SearchArea } from './index/search-area.ts';

/** A place a search is narrowed to: its id, slug and label, its outline (GeoJSON, degrees) and the compiled area. */
export type SearchPlace = {
  id: string;
  slug: string;
  label: string;
  polygons: OutlinePolygon[];
  source: OutlineSource;
  area: SearchArea;
};

/** Most places kept compiled per database handle (a state's polygon is ~100 kB compiled; most are far smaller). */
const MAX_KEPT = 500;
const kept = new WeakMap<Database, Map<string, SearchPlace>>();

/**
 * The area of the place whose slug is `slug` (issue 9 §2–§3), for `place=` searches and the map's outline: looked up
 * by its exact slug in `places` and shaped by packages/geo placeOutline — a municipality or state its INEGI polygon,
 * a shipped colonia its polygon, another place with bounds that rectangle, a place known only by its point a circle
 * sized by its kind and people. Compiled once (Web-Mercator, search-area.ts) and kept per database handle, the most
 * recent MAX_KEPT places. Throws AppError NOT_FOUND (SEARCH_MESSAGES.unknownPlace) for a slug no place has — never
 * falls back to the whole country.
 */
export async function resolveSearchPlace(database: Database, slug: string): Promise<SearchPlace> {
  let cache = kept.get(database);
  if (!cache) {
    cache = new Map();
    kept.set(database, cache);
  }
  const known = cache.get(slug);
  if (known) {
    // Most recently used last, so the oldest is the one dropped.
    cache.delete(slug);
    cache.set(slug, known);
    return known;
  }
  const row = await findPlaceRowBySlug(database.db, slug);
  if (!row) throw new AppError('NOT_FOUND', SEARCH_MESSAGES.unknownPlace);
  const outline = placeOutline({
    id: row.id, kind: row.kind, lat: Number(row.lat), lng: Number(row.lng),
    min_lat: row.min_lat === null ? null : Number(row.min_lat), max_lat: row.max_lat === null ? null : Number(row.max_lat),
    min_lng: row.min_lng === null ? null : Number(row.min_lng), max_lng: row.max_lng === null ? null : Number(row.max_lng),
    population: row.population === null ? null : Number(row.population),
  });
  const place: SearchPlace = {
    id: row.id, slug: row.slug, label: row.label, polygons: outline.polygons, source: outline.source,
    area: compileArea(outline.polygons),
  };
  cache.set(slug, place);
  if (cache.size > MAX_KEPT) cache.delete(cache.keys().next().value!);
  return place;
}
