import { budgetCeiling, searchAreaPolygons, type TFilterState } from '@nj/contracts';
import { compileArea, type SearchArea } from '../search/index/search-area.ts';
import { latToY, lngToX } from '../search/index/mercator.ts';

/** A listing as the matcher sees it: where it is and what the filters read; prices already in MXN (0 = none). */
export type MatchListing = {
  puid: string; lat: number; lng: number; is_active: boolean; is_renta: boolean; is_venta: boolean;
  rent_mxn: number; sale_mxn: number; property_type: string; rooms: number | null; bathrooms: number | null;
  parking_spots: number | null; amenities: readonly string[];
};

/** The place a search was saved on (a place page, or ?place=): its outline (GeoJSON rings, degrees) compiled. */
export type MatchPlace = { polygons: [number, number][][][]; area: SearchArea };

/** One saved search compiled for matching: its filters, its bounding box (degrees), its exact area and place, if any. */
type Entry = {
  id: string; rent: boolean; minPrice: number; maxPrice: number; minRooms: number; minBathrooms: number;
  minParking: number; types: readonly string[] | null; amenities: readonly string[];
  north: number; south: number; east: number; west: number; area: SearchArea | null; place: SearchArea | null; cells: number[] | null;
};

/** Grid cell side in degrees (~5.5 km): a neighbourhood-to-city-sized search covers 1–400 cells. */
const CELL_DEG = 0.05;
const COLS = Math.ceil(360 / CELL_DEG);
/** A search whose box covers more cells than this (a state, the country) is kept in the 'wide' list instead. */
const MAX_CELLS = 400;

const cellOf = (lat: number, lng: number) => Math.floor((lat + 90) / CELL_DEG) * COLS + Math.floor((lng + 180) / CELL_DEG);

/**
 * The criteria of a filter state (packages/contracts filter-state.ts) for matching: operation, MXN budget (a maximum
 * at the operation's ceiling means no maximum), minimum rooms/bathrooms/parking (-1 none), types (the list, or the
 * single type), amenities (all required), and the area: the drawn polygons or 'cerca de' circle when there is one
 * (its box and the exact polygon test), else the place's outline when the search was saved on a place (the whole
 * place, whatever part of it the map showed: 'Departamentos en renta en Guadalajara' is Guadalajara), else the saved
 * map bounds, else anywhere. A drawn area saved on a place must hold both.
 */
function compile(id: string, s: TFilterState, place: MatchPlace | null): Entry {
  const types = s.propertyTypes.length ? s.propertyTypes : s.propertyType ? [s.propertyType] : null;
  let north = 90, south = -90, east = 180, west = -180;
  let area: SearchArea | null = null;
  if (s.area) {
    const rings = searchAreaPolygons(s.area);
    north = -90; south = 90; east = -180; west = 180;
    for (const ring of rings) for (const [lng, lat] of ring) {
      north = Math.max(north, lat); south = Math.min(south, lat); east = Math.max(east, lng); west = Math.min(west, lng);
    }
    area = compileArea(rings.map((r) => [r]));
  } else if (place) {
    north = -90; south = 90; east = -180; west = 180;
    for (const polygon of place.polygons) for (const [lng, lat] of polygon[0] ?? []) {
      north = Math.max(north, lat); south = Math.min(south, lat); east = Math.max(east, lng); west = Math.min(west, lng);
    }
  } else if (s.bounds) {
    ({ north, south, east, west } = s.bounds);
  }
  return {
    id, rent: s.opType === 'renta', minPrice: s.minBudget,
    maxPrice: s.maxBudget >= budgetCeiling(s.opType) ? Infinity : s.maxBudget,
    minRooms: s.minNumberRooms, minBathrooms: s.minBathrooms, minParking: s.minParkingSpots, types, amenities: s.amenities,
    north, south, east, west, area, place: place?.area ?? null, cells: null,
  };
}

/** True when listing `l` passes the entry's filters and lies in its area (exact polygon test when drawn). */
function matches(e: Entry, l: MatchListing): boolean {
  if (!l.is_active) return false;
  if (e.rent ? !l.is_renta : !l.is_venta) return false;
  const price = e.rent ? l.rent_mxn : l.sale_mxn;
  if (price < e.minPrice || price > e.maxPrice) return false;
  if (e.minRooms > 0 && (l.rooms ?? 0) < e.minRooms) return false;
  if (e.minBathrooms > 0 && (l.bathrooms ?? 0) < e.minBathrooms) return false;
  if (e.minParking > 0 && (l.parking_spots ?? 0) < e.minParking) return false;
  if (e.types && !e.types.includes(l.property_type)) return false;
  for (const a of e.amenities) if (!l.amenities.includes(a)) return false;
  if (l.lat > e.north || l.lat < e.south) return false;
  if (e.west <= e.east ? l.lng < e.west || l.lng > e.east : l.lng < e.west && l.lng > e.east) return false;
  const x = lngToX(l.lng), y = latToY(l.lat);
  return (e.area === null || e.area.contains(x, y)) && (e.place === null || e.place.contains(x, y));
}

/**
 * The in-memory index of saved searches for alerts (issue 17; decision 037): each search's box is registered in the
 * cells of a 0.05° grid it covers (or in a 'wide' list when it covers more than 400 cells (about 1° × 1°) or has no area), so a
 * listing is tested only against the searches of its own cell plus the wide ones: filters first, the exact polygon
 * last. Adding, replacing and removing a search are O(cells of its box).
 */
export class SearchMatcher {
  private readonly entries = new Map<string, Entry>();
  private readonly grid = new Map<number, Set<Entry>>();
  private readonly wide = new Set<Entry>();

  /** Number of searches held. */
  get size(): number {
    return this.entries.size;
  }

  /** Adds search `id` with filter state `state` (and the place it was saved on), replacing an earlier version of it. */
  put(id: string, state: TFilterState, place: MatchPlace | null = null): void {
    this.remove(id);
    const e = compile(id, state, place);
    this.entries.set(id, e);
    const r0 = Math.floor((e.south + 90) / CELL_DEG), r1 = Math.floor((Math.min(e.north, 89.999) + 90) / CELL_DEG);
    const wraps = e.west > e.east;
    const c0 = Math.floor((e.west + 180) / CELL_DEG), c1 = Math.floor((Math.min(e.east, 179.999) + 180) / CELL_DEG);
    const nCols = wraps ? COLS : c1 - c0 + 1;
    if (wraps || (r1 - r0 + 1) * nCols > MAX_CELLS) {
      this.wide.add(e);
      return;
    }
    e.cells = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
      const k = r * COLS + c;
      let set = this.grid.get(k);
      if (!set) this.grid.set(k, (set = new Set()));
      set.add(e);
      e.cells.push(k);
    }
  }

  /** Removes search `id` (nothing when it is not held). */
  remove(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    if (!e.cells) this.wide.delete(e);
    else for (const k of e.cells) {
      const set = this.grid.get(k)!;
      set.delete(e);
      if (!set.size) this.grid.delete(k);
    }
  }

  /** The ids of the searches listing `l` matches (inactive listings match none). */
  match(l: MatchListing): string[] {
    if (!l.is_active) return [];
    const out: string[] = [];
    const cell = this.grid.get(cellOf(l.lat, l.lng));
    if (cell) for (const e of cell) if (matches(e, l)) out.push(e.id);
    for (const e of this.wide) if (matches(e, l)) out.push(e.id);
    return out;
  }

  /** The ids of every search held. */
  ids(): string[] {
    return [...this.entries.keys()];
  }
}
