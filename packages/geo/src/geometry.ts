/** Planar point-in-polygon on GeoJSON coordinates (degrees, [lng, lat]); good enough at colonia and municipality scale. */
export type Ring = [number, number][];

/** Ray casting: true when (x, y) lies inside the closed ring. */
export function ringContains(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when (lng, lat) is inside a polygon given as [outer ring, ...holes]: inside the outer ring, in no hole. */
export function polygonContains(polygon: Ring[], lng: number, lat: number): boolean {
  if (!polygon[0] || !ringContains(polygon[0], lng, lat)) return false;
  return !polygon.slice(1).some((hole) => ringContains(hole, lng, lat));
}
