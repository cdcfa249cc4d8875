import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { SHIPPED_BOUNDARIES_DIR, SHIPPED_PLACES_DIR, SHIPPED_STREETS_DIR } from '../data-paths.ts';
import { MX_STATES } from '../state-catalogue.ts';

/** Highest zoom the base tiles are cut at; MapLibre over-zooms them beyond (source `maxzoom`). */
export const BASE_TILES_MAX_ZOOM = 17;
/** Extent of a tile in MVT units (the vector tile specification's default). */
export const BASE_TILE_EXTENT = 4096;

/**
 * The layers of a base tile and the lowest zoom each appears in: the styles' outlines start at 7 (municipalities) and
 * 12 (colonias), streets at 12, so earlier tiles leave those out and the first, national map moves only the states.
 */
export const BASE_TILE_LAYERS = {
  states: { minzoom: 0 },
  municipalities: { minzoom: 6 },
  colonias: { minzoom: 11 },
  streets: { minzoom: 12 },
  places: { minzoom: 0 },
} as const;

/** Class of a line in the `streets` layer (scripts/derive-data/derive-streets.ts maps OSM's highway tags to these). */
export type StreetClass = 'highway' | 'major' | 'minor' | 'street' | 'path';
/**
 * Zoom from which each street class is in the tiles (issue 9 §1): the main roads from 12, every street and
 * pedestrian way from 14, so a zoom-12 tile of a city stays small. Names are drawn from 15 (the style).
 */
export const STREET_MIN_ZOOM: Record<StreetClass, number> = { highway: 12, major: 12, minor: 12, street: 14, path: 14 };
export type BaseTileLayer = keyof typeof BASE_TILE_LAYERS;

/** Kind of a label point in the `places` layer. */
export type PlaceLabelKind = 'state' | 'municipality' | 'locality' | 'colonia';

/** Zoom from which a label shows (spec 01 §2 map; issue 9 §1): colonias from 13, municipalities from 9, states 3–8. */
export const LABEL_MIN_ZOOM = { state: 3, municipality: 9, colonia: 13 } as const;

/**
 * Zoom from which a locality's name shows, by its 2020 population: a city of a million from zoom 4, a town of
 * 1,000 from 11 (as a person zooming into Mexico expects: the big cities first, then towns).
 */
export function localityMinZoom(population: number): number {
  if (population >= 1_000_000) return 4;
  if (population >= 300_000) return 6;
  if (population >= 100_000) return 7;
  if (population >= 30_000) return 8;
  if (population >= 10_000) return 9;
  if (population >= 3_000) return 10;
  return 11;
}

/** One encoded tile: gzip-compressed MVT bytes and a strong ETag over them. */
export type EncodedTile = { gzipped: Buffer; etag: string; bytes: number };

type Feature = { type: 'Feature'; properties: Record<string, string | number>; geometry: unknown };
type Collection = { type: 'FeatureCollection'; features: Feature[] };

/** True for a tile address that exists: integer z in 0..BASE_TILES_MAX_ZOOM, x and y in 0..2^z-1. */
export function isTileAddress(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isInteger)) return false;
  if (z < 0 || z > BASE_TILES_MAX_ZOOM) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

function readCollection(file: string): Collection {
  const raw = file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file);
  return JSON.parse(raw.toString('utf8')) as Collection;
}

/** The shipped file of a layer, plain or gzipped (`data/boundaries/<name>.geojson[.gz]`), or null. */
function shippedFile(dir: string, name: string): string | null {
  for (const f of [join(dir, `${name}.geojson.gz`), join(dir, `${name}.geojson`)]) if (existsSync(f)) return f;
  return null;
}

/** Every colonia layer the project ships (`colonias-*.geojson[.gz]`: Guadalajara/Zapopan today, more as added). */
function coloniaFiles(dir: string, suffix: '.geojson' | '.csv'): string[] {
  return layerFiles(dir, 'colonias-', suffix);
}

/** The files of `dir` named `<prefix>*<suffix>[.gz]`, sorted, a file shipped both plain and gzipped counted once. */
function layerFiles(dir: string, prefix: string, suffix: '.geojson' | '.csv' = '.geojson'): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((f) => f.startsWith(prefix) && (f.endsWith(suffix) || f.endsWith(`${suffix}.gz`)));
  // A layer shipped both plain and gzipped counts once (the gzipped file wins).
  return names.filter((f) => !(f.endsWith(suffix) && names.includes(`${f}.gz`))).sort().map((f) => join(dir, f));
}

/**
 * Every street layer the project ships (`data/streets/streets-*.geojson[.gz]`), with only `name` (when there is one)
 * and `class` kept, and lines of an unknown class left out.
 */
function readStreets(dir: string): Collection {
  const features: Feature[] = [];
  for (const file of layerFiles(dir, 'streets-')) {
    for (const f of readCollection(file).features) {
      const cls = String(f.properties.class ?? '');
      if (!Object.hasOwn(STREET_MIN_ZOOM, cls)) continue;
      const name = String(f.properties.name ?? '');
      features.push({ type: 'Feature', properties: name ? { name, class: cls } : { class: cls }, geometry: f.geometry });
    }
  }
  return { type: 'FeatureCollection', features };
}

/** Only the name of each polygon travels in the tiles (the styles draw outlines and nothing else from them). */
function namesOnly(c: Collection): Collection {
  return {
    type: 'FeatureCollection',
    features: c.features.map((f) => ({ type: 'Feature', properties: { name: String(f.properties.name ?? '') }, geometry: f.geometry })),
  };
}

function readCsv(file: string): Record<string, string>[] {
  const raw = file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file);
  return parse(raw, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

function point(lng: number, lat: number, properties: Record<string, string | number>): Feature {
  return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: [lng, lat] } };
}

/**
 * The label points of the `places` layer from the shipped places (data/places, INEGI): states at their inner
 * point with their common name, localities of 1,000+ inhabitants at their INEGI point ranked by population,
 * municipalities at their seat unless a locality of the same name stands there (the city names both), and every
 * shipped colonia at its inner point. Properties: name, kind, rank (population, 0 when unknown; higher is placed
 * first), mz (the zoom the label starts at).
 */
export function readPlaceLabels(placesDir: string = SHIPPED_PLACES_DIR): Collection {
  const features: Feature[] = [];
  const stateName = new Map(MX_STATES.map((s) => [s.code, s.name]));
  const num = (v: string | undefined) => (v === undefined || v === '' ? Number.NaN : Number(v));
  const ok = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng);

  for (const r of readCsv(join(placesDir, 'states.csv'))) {
    const lat = num(r.lat); const lng = num(r.lng);
    if (!ok(lat, lng)) continue;
    features.push(point(lng, lat, { name: stateName.get(r.cve_ent ?? '') ?? r.name ?? '', kind: 'state', rank: 0, mz: LABEL_MIN_ZOOM.state }));
  }
  const localityAt = new Set<string>();
  const key = (name: string, lat: number, lng: number) => `${name.toLowerCase()}|${lat.toFixed(2)}|${lng.toFixed(2)}`;
  for (const r of readCsv(join(placesDir, 'localities.csv'))) {
    const lat = num(r.lat); const lng = num(r.lng); const pop = num(r.population);
    if (!ok(lat, lng) || !r.name) continue;
    const population = Number.isFinite(pop) ? pop : 0;
    localityAt.add(key(r.name, lat, lng));
    features.push(point(lng, lat, { name: r.name, kind: 'locality', rank: population, mz: localityMinZoom(population) }));
  }
  for (const r of readCsv(join(placesDir, 'municipalities.csv'))) {
    const lat = num(r.lat); const lng = num(r.lng);
    if (!ok(lat, lng) || !r.name || localityAt.has(key(r.name, lat, lng))) continue;
    const pop = num(r.population);
    features.push(point(lng, lat, { name: r.name, kind: 'municipality', rank: Number.isFinite(pop) ? pop : 0, mz: LABEL_MIN_ZOOM.municipality }));
  }
  for (const file of coloniaFiles(placesDir, '.csv')) {
    for (const r of readCsv(file)) {
      const lat = num(r.lat); const lng = num(r.lng);
      if (!ok(lat, lng) || !r.name) continue;
      features.push(point(lng, lat, { name: r.name, kind: 'colonia', rank: 0, mz: LABEL_MIN_ZOOM.colonia }));
    }
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The offline base map cut into Mapbox Vector Tiles (MVT 2.1) in this process, from the shipped data: `states`,
 * `municipalities` and `colonias` polygons (data/boundaries, INEGI and the municipal colonia layers), `streets`
 * lines (data/streets, OpenStreetMap; properties `name`, `class`) and the `places` label points (data/places).
 * Sliced with geojson-vt and encoded with vt-pbf, both maintained by MapLibre; each encoded tile is kept in memory (at most `cacheEntries`, least recently used dropped). Issue 9 §1, §8.
 */
export class BaseTileSet {
  private indexes: Record<BaseTileLayer, GeoJSONVT>;
  private readonly cache = new Map<string, EncodedTile | null>();
  /** Tiles cut since the slicers were made: geojson-vt keeps every tile it cuts, so they are remade past a bound. */
  private cutSinceReset = 0;

  /**
   * `layers`: the GeoJSON of each layer (WGS84). `cacheEntries`: encoded tiles kept. `resetAfter`: tiles cut before
   * the slicers are made anew, which bounds their memory whatever addresses are asked for (a crawler walking every
   * zoom-17 tile of Mexico would otherwise grow them without end); remaking them takes about a second.
   */
  constructor(private readonly layers: Record<BaseTileLayer, Collection>, private readonly cacheEntries = 4000,
    private readonly resetAfter = 20_000) {
    this.indexes = this.slicers();
  }

  private slicers(): Record<BaseTileLayer, GeoJSONVT> {
    const options = { maxZoom: BASE_TILES_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, extent: BASE_TILE_EXTENT, buffer: 64 };
    return {
      states: new GeoJSONVT(this.layers.states as GeoJSON.GeoJSON, options),
      municipalities: new GeoJSONVT(this.layers.municipalities as GeoJSON.GeoJSON, options),
      colonias: new GeoJSONVT(this.layers.colonias as GeoJSON.GeoJSON, options),
      streets: new GeoJSONVT(this.layers.streets as GeoJSON.GeoJSON, options),
      places: new GeoJSONVT(this.layers.places as GeoJSON.GeoJSON, { ...options, buffer: 0 }),
    };
  }

  /**
   * Reads the shipped boundaries, streets and places (about a second, once per process; docs/benchmarks.md "Base
   * map"). Throws when a file is unreadable.
   */
  static fromShippedData(boundariesDir: string = SHIPPED_BOUNDARIES_DIR, placesDir: string = SHIPPED_PLACES_DIR,
    streetsDir: string = SHIPPED_STREETS_DIR): BaseTileSet {
    const empty: Collection = { type: 'FeatureCollection', features: [] };
    const layer = (name: string) => {
      const f = shippedFile(boundariesDir, name);
      return f ? namesOnly(readCollection(f)) : empty;
    };
    const colonias = coloniaFiles(boundariesDir, '.geojson').flatMap((f) => namesOnly(readCollection(f)).features);
    return new BaseTileSet({
      states: layer('states'),
      municipalities: layer('municipalities'),
      colonias: { type: 'FeatureCollection', features: colonias },
      streets: readStreets(streetsDir),
      places: readPlaceLabels(placesDir),
    });
  }

  /**
   * The tile z/x/y gzip-compressed, or null when no layer has anything there (outside Mexico). The caller checks
   * the address with `isTileAddress` first. Labels (`places`) below their `mz` zoom and streets below their class's
   * `STREET_MIN_ZOOM` are left out.
   */
  getTile(z: number, x: number, y: number): EncodedTile | null {
    const id = `${z}/${x}/${y}`;
    if (this.cache.has(id)) {
      const hit = this.cache.get(id)!;
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    if (++this.cutSinceReset > this.resetAfter) {
      this.indexes = this.slicers();
      this.cutSinceReset = 0;
    }
    const layers: Record<string, GeoJSONVTTile> = {};
    for (const name of Object.keys(BASE_TILE_LAYERS) as BaseTileLayer[]) {
      if (z < BASE_TILE_LAYERS[name].minzoom) continue;
      const tile = this.indexes[name].getTile(z, x, y);
      if (!tile) continue;
      const features = name === 'places' ? tile.features.filter((f) => Number(f.tags?.mz ?? 0) <= z)
        : name === 'streets' ? tile.features.filter((f) => (STREET_MIN_ZOOM[f.tags?.class as StreetClass] ?? 99) <= z)
          : tile.features;
      if (features.length) layers[name] = { ...tile, features } as GeoJSONVTTile;
    }
    let entry: EncodedTile | null = null;
    if (Object.keys(layers).length) {
      const pbf = fromGeojsonVt(layers, { version: 2, extent: BASE_TILE_EXTENT });
      const gzipped = gzipSync(pbf, { level: 6 });
      entry = { gzipped, bytes: pbf.byteLength, etag: `"${createHash('sha1').update(gzipped).digest('hex').slice(0, 20)}"` };
    }
    this.cache.set(id, entry);
    if (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }
}

let shipped: BaseTileSet | null = null;

/** The process's one tile set over the shipped data, built at the first call (the files are part of the release). */
export function shippedBaseTiles(): BaseTileSet {
  shipped ??= BaseTileSet.fromShippedData();
  return shipped;
}
