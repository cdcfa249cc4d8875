import { encodeDrawnArea, encodeNear, nearCirclePolygon, type TDrawnPolygon, type TNearRadiusKm } from '@nj/contracts';
import { compileArea, type SearchArea } from './index/search-area.ts';

/** Most drawn areas kept compiled (a drawn polygon of ≤ 100 vertices compiles to a 64×64 grid, ~10 kB). */
const MAX_KEPT = 1000;
const kept = new Map<string, SearchArea>();

/**
 * The compiled area of a search's drawn polygons or 'cerca de' circle (issue 17; decision 038), for
 * PropertyIndex.query: `area` ([lng, lat] rings as ZDrawnAreaParam decodes them) is the union of the polygons;
 * `near` ({ lat, lng, radiusKm }) the 64-vertex polygon on the circle (nearCirclePolygon). Compiled with the place
 * outline machinery (search-area.ts) and kept by its encoded text, the most recent MAX_KEPT. Returns null when
 * neither is given. Never throws (the query schema already checked the limits).
 */
export function compileDrawnArea(input: {
  area?: TDrawnPolygon[] | undefined; near?: { lat: number; lng: number; radiusKm: TNearRadiusKm } | undefined;
}): SearchArea | null {
  const { area, near } = input;
  if (!area && !near) return null;
  const key = area ? `a:${encodeDrawnArea(area)}` : `n:${encodeNear(near!)}`;
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const rings = area ?? [nearCirclePolygon(near!.lat, near!.lng, near!.radiusKm)];
  const compiled = compileArea(rings.map((ring) => [ring]));
  kept.set(key, compiled);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return compiled;
}
