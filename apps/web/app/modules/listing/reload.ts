import type { Bounds } from './filters.ts';

/**
 * Whether the map moved enough to reload properties and clusters (spec 01 §4 "Map movement"): the viewport centre
 * left the inner quarter of the loaded bounds (the box inset by a quarter of the span on each side), the viewport
 * now reaches outside the loaded bounds by more than a quarter of their span, or the zoom changed by half a level
 * or more (clusters depend on zoom). Degrees and zoom levels.
 */
export function needsReload(loaded: Bounds, loadedZoom: number, view: Bounds, zoom: number): boolean {
  if (Math.abs(zoom - loadedZoom) >= 0.5) return true;
  const latSpan = loaded.north - loaded.south;
  const lngSpan = loaded.east - loaded.west;
  const cLat = (view.north + view.south) / 2;
  const cLng = (view.east + view.west) / 2;
  const inner = {
    north: loaded.north - latSpan / 4, south: loaded.south + latSpan / 4,
    east: loaded.east - lngSpan / 4, west: loaded.west + lngSpan / 4,
  };
  if (cLat > inner.north || cLat < inner.south || cLng > inner.east || cLng < inner.west) return true;
  const outside = Math.max(view.north - loaded.north, loaded.south - view.south) > latSpan / 4
    || Math.max(view.east - loaded.east, loaded.west - view.west) > lngSpan / 4;
  return outside;
}

/** Creates a guard that lets `fn` through at most once every `ms` milliseconds (the 2 s scroll guard). */
export function createGuard(ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
