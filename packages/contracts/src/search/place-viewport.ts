/** A map viewport in degrees. */
export type ViewportBounds = { north: number; south: number; east: number; west: number };

/** Six decimals (~0.1 m), as listing pages write bounds in their addresses and search queries. */
export function roundDegrees(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/**
 * The viewport a listing page opens on for a chosen place (issue 9 §2–§3; the browser's map and the server's first
 * search, and the sitemap, which lists a place's page only when this viewport and the place's area hold listings):
 * the place's own bounds when known (north > south), otherwise a box around its point sized for its map zoom (about
 * a 1000×700 px viewport with 512 px tiles: half-width 360 / 2^zoom degrees of longitude, half-height 0.7·cos(lat)
 * of that in latitude), rounded to six decimals. Takes and returns degrees; the bounds are returned as given.
 */
export function placeViewport(place: { lat: number; lng: number; bounds: ViewportBounds | null; zoom: number }): ViewportBounds {
  if (place.bounds && place.bounds.north > place.bounds.south) return place.bounds;
  const halfLng = 360 / 2 ** place.zoom;
  const halfLat = halfLng * 0.7 * Math.cos((place.lat * Math.PI) / 180);
  return {
    north: roundDegrees(place.lat + halfLat),
    south: roundDegrees(place.lat - halfLat),
    east: roundDegrees(place.lng + halfLng),
    west: roundDegrees(place.lng - halfLng),
  };
}
