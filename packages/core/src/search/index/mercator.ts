/**
 * Web-Mercator helpers. Positions are normalised to 0..1 (x grows east, y grows south), so a pixel at zoom z is
 * `x * 256 * 2^z`. Latitudes are clamped to ±85.05112878°, the projection's limit.
 */
export const MAX_LAT = 85.05112878;
export const TILE_PX = 256;

/** Longitude in degrees → normalised x (0..1). */
export function lngToX(lng: number): number {
  return (lng + 180) / 360;
}

/** Latitude in degrees → normalised y (0..1, 0 at the north limit). */
export function latToY(lat: number): number {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  return Math.max(0, Math.min(1, y));
}

/** Normalised x → longitude in degrees. */
export function xToLng(x: number): number {
  return x * 360 - 180;
}

/** Normalised y → latitude in degrees. */
export function yToLat(y: number): number {
  const n = Math.PI - 2 * Math.PI * y;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

/**
 * The bounds (degrees) of a `widthPx` × `heightPx` map centred on (lat, lng) at `zoom`, as a map library would show
 * them with 256 px tiles. Used by the benchmark and by tests.
 */
export function viewportBounds(lat: number, lng: number, zoom: number, widthPx = 1280, heightPx = 800) {
  const worldPx = TILE_PX * 2 ** zoom;
  const cx = lngToX(lng);
  const cy = latToY(lat);
  const hw = widthPx / 2 / worldPx;
  const hh = heightPx / 2 / worldPx;
  return {
    north: yToLat(Math.max(0, cy - hh)),
    south: yToLat(Math.min(1, cy + hh)),
    west: Math.max(-180, xToLng(cx - hw)),
    east: Math.min(180, xToLng(cx + hw)),
  };
}

/** The zoom at which bounds `westX..eastX` (normalised) fill `widthPx` pixels; fractional. */
export function zoomForWidth(spanX: number, widthPx = 1280): number {
  if (spanX <= 0) return 22;
  return Math.log2(widthPx / TILE_PX / spanX);
}
