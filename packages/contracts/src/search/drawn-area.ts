/**
 * The drawn search area and 'cerca de…' (issue 17 "Draw your area"; decision 038): the URL and API parameters that
 * carry them, their limits, encode/decode and zod schemas. Shared by the web app (URL ↔ filter state), the server
 * (search query) and saved searches.
 *
 * - `area=<polyline>,<polyline>,…` — one or more polygons (outer ring only, open: the closing vertex is implied),
 *   each an encoded polyline (Google's documented algorithm, precision 5: 1e-5° ≈ 1.1 m), separated by commas.
 *   The polyline alphabet is ASCII 63–126, so a comma never occurs inside one.
 * - `cerca=<lat>,<lng>,<km>` (page URL) / `near=<lat>,<lng>,<km>` (API): a circle of 1, 2, 5 or 10 km around a
 *   point; `cercaDe=<text>` is only the label the page shows (the address the visitor chose).
 * Coordinates are [lng, lat] degrees (GeoJSON order) in memory, rounded to 5 decimals so a round trip is exact.
 */
import { z } from '../common/zod-locale.ts';
import { DRAWN_AREA_MESSAGES as M } from './drawn-area-messages.ts';

/** Page URL and API parameter of the drawn polygons. */
export const DRAWN_AREA_PARAM = 'area';
/** Page URL parameter of 'cerca de…' ('lat,lng,km'); the API's is NEAR_API_PARAM. */
export const NEAR_PARAM = 'cerca';
/** Page URL parameter of the label of 'cerca de…' (display only, never used to search). */
export const NEAR_LABEL_PARAM = 'cercaDe';
/** API parameter of 'cerca de…' ('lat,lng,km'). */
export const NEAR_API_PARAM = 'near';

/** Limits of a drawn area: polygons per search, vertices per polygon, characters of the `area` value, precision. */
export const DRAWN_AREA_LIMITS = {
  maxPolygons: 5,
  minVertices: 3,
  maxVertices: 100,
  /** 5 polygons × 100 vertices × ~8 characters stays under it; keeps the URL far below browsers' limits. */
  maxEncodedLength: 4000,
  /** Decimal places kept (polyline precision 5). */
  precision: 5,
  /** Maximum characters of the 'cerca de' label. */
  maxLabelLength: 120,
} as const;

/** The radii 'cerca de…' offers, in kilometres. */
export const NEAR_RADII_KM = [1, 2, 5, 10] as const;
export type TNearRadiusKm = (typeof NEAR_RADII_KM)[number];
/** Vertices of the polygon that stands for a 'cerca de' circle (server side, search-area machinery). */
export const NEAR_CIRCLE_SEGMENTS = 64;

/** [lng, lat] degrees. */
export type TLngLat = [number, number];
/** One drawn polygon: its outer ring, open (first vertex not repeated), 3–100 vertices. */
export type TDrawnPolygon = TLngLat[];
/** 'cerca de…': a circle of `radiusKm` around (lat, lng); `label` is the chosen address (display only). */
export type TNearArea = { lat: number; lng: number; radiusKm: TNearRadiusKm; label: string | null };
/** The area a search is limited to beyond the map's viewport: drawn polygons, or a circle around a point. */
export type TSearchArea = { kind: 'polygons'; polygons: TDrawnPolygon[] } | ({ kind: 'near' } & TNearArea);

const FACTOR = 10 ** DRAWN_AREA_LIMITS.precision;
const round5 = (v: number) => Math.round(v * FACTOR) / FACTOR;

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/**
 * Encodes points as a polyline (Google's "Encoded Polyline Algorithm Format", precision 5, lat before lng).
 * Takes [lng, lat] degrees; returns the ASCII text (characters 63–126). [[-103.35, 20.67]] → '_cs|B~omvR'.
 */
export function encodePolyline(points: readonly TLngLat[]): string {
  let lastLat = 0;
  let lastLng = 0;
  let out = '';
  for (const [lng, lat] of points) {
    const la = Math.round(lat * FACTOR);
    const ln = Math.round(lng * FACTOR);
    out += encodeSigned(la - lastLat) + encodeSigned(ln - lastLng);
    lastLat = la;
    lastLng = ln;
  }
  return out;
}

/**
 * Decodes a polyline (precision 5) into [lng, lat] degrees. Returns null when the text is malformed: a character
 * outside 63–126, a value cut off at the end, or a coordinate off the globe (|lat| > 90, |lng| > 180).
 */
export function decodePolyline(text: string): TLngLat[] | null {
  const points: TLngLat[] = [];
  let i = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (i >= text.length || shift > 30) return null;
      const c = text.charCodeAt(i++) - 63;
      if (c < 0 || c > 63) return null;
      result |= (c & 0x1f) << shift;
      shift += 5;
      if (c < 0x20) break;
    }
    return result & 1 ? ~(result >>> 1) : result >>> 1;
  };
  while (i < text.length) {
    const dLat = next();
    if (dLat === null) return null;
    const dLng = next();
    if (dLng === null) return null;
    lat += dLat;
    lng += dLng;
    const la = lat / FACTOR;
    const ln = lng / FACTOR;
    if (Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
    points.push([ln, la]);
  }
  return points;
}

/**
 * A polygon as the contract keeps it: coordinates rounded to 5 decimals, consecutive repeats and the closing vertex
 * dropped. Takes [lng, lat] degrees; returns a new array.
 */
export function normalizeDrawnPolygon(ring: readonly TLngLat[]): TDrawnPolygon {
  const out: TDrawnPolygon = [];
  for (const [lng, lat] of ring) {
    const p: TLngLat = [round5(lng) + 0, round5(lat) + 0];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
  return out;
}

/** Twice the signed area of a ring in degrees² (shoelace); 0 for a degenerate ring. */
function doubleArea(ring: readonly TLngLat[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a;
}

/** The Spanish reason a list of polygons breaks the limits, or null when it is acceptable (normalised input). */
export function drawnAreaProblem(polygons: readonly TDrawnPolygon[]): string | null {
  if (polygons.length === 0) return M.invalidArea;
  if (polygons.length > DRAWN_AREA_LIMITS.maxPolygons) return M.tooManyPolygons(DRAWN_AREA_LIMITS.maxPolygons);
  for (const ring of polygons) {
    if (ring.length < DRAWN_AREA_LIMITS.minVertices) return M.tooFewVertices(DRAWN_AREA_LIMITS.minVertices);
    if (ring.length > DRAWN_AREA_LIMITS.maxVertices) return M.tooManyVertices(DRAWN_AREA_LIMITS.maxVertices);
    if (ring.some(([lng, lat]) => !Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lng) > 180)) return M.invalidArea;
    if (doubleArea(ring) === 0) return M.invalidArea;
  }
  return null;
}

/**
 * The `area` value for polygons: each normalised and encoded, joined by ','. Takes [lng, lat] rings (open or
 * closed). Does not check the limits (drawnAreaProblem does).
 */
export function encodeDrawnArea(polygons: readonly (readonly TLngLat[])[]): string {
  return polygons.map((ring) => encodePolyline(normalizeDrawnPolygon(ring))).join(',');
}

/**
 * Reads an `area` value. Returns { polygons } (normalised [lng, lat] rings) or { error } with the Spanish reason:
 * malformed polyline, more than 5 polygons, fewer than 3 or more than 100 distinct vertices, zero area, or more than
 * 4000 characters.
 */
export function decodeDrawnArea(text: string): { polygons: TDrawnPolygon[]; error?: undefined } | { error: string; polygons?: undefined } {
  if (text.length > DRAWN_AREA_LIMITS.maxEncodedLength) return { error: M.tooLong };
  const parts = text.split(',');
  if (parts.length > DRAWN_AREA_LIMITS.maxPolygons) return { error: M.tooManyPolygons(DRAWN_AREA_LIMITS.maxPolygons) };
  const polygons: TDrawnPolygon[] = [];
  for (const part of parts) {
    const points = decodePolyline(part);
    if (!points || points.length === 0) return { error: M.invalidArea };
    polygons.push(normalizeDrawnPolygon(points));
  }
  const problem = drawnAreaProblem(polygons);
  return problem ? { error: problem } : { polygons };
}

/** The `cerca`/`near` value: 'lat,lng,km' with 5 decimals. */
export function encodeNear(near: Pick<TNearArea, 'lat' | 'lng' | 'radiusKm'>): string {
  return `${round5(near.lat)},${round5(near.lng)},${near.radiusKm}`;
}

/** Reads a `cerca`/`near` value ('lat,lng,km', km one of 1, 2, 5, 10); null when malformed. */
export function decodeNear(text: string): { lat: number; lng: number; radiusKm: TNearRadiusKm } | null {
  const parts = text.split(',');
  if (parts.length !== 3 || parts.some((p) => p.trim() === '')) return null;
  const [lat, lng, km] = parts.map(Number) as [number, number, number];
  if (![lat, lng].every(Number.isFinite) || Math.abs(lat) > 85 || Math.abs(lng) > 180) return null;
  if (!(NEAR_RADII_KM as readonly number[]).includes(km)) return null;
  return { lat: round5(lat), lng: round5(lng), radiusKm: km as TNearRadiusKm };
}

const EARTH_RADIUS_KM = 6371.0088;

/**
 * The polygon standing for a 'cerca de' circle: `segments` vertices on the geodesic circle of `radiusKm` around
 * (lat, lng), [lng, lat] degrees, not rounded (the server compiles it with the place-area machinery). The vertices
 * lie on the circle, so the chords cut at most 0.12 % of the radius inward (64 segments).
 */
export function nearCirclePolygon(lat: number, lng: number, radiusKm: number, segments = NEAR_CIRCLE_SEGMENTS): TLngLat[] {
  const d = radiusKm / EARTH_RADIUS_KM;
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  const ring: TLngLat[] = [];
  for (let k = 0; k < segments; k++) {
    const θ = (2 * Math.PI * k) / segments;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
    const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI]);
  }
  return ring;
}

/** The polygons a search area stands for ([lng, lat] rings): the drawn ones, or the circle of 'cerca de'. */
export function searchAreaPolygons(area: TSearchArea): TLngLat[][] {
  return area.kind === 'polygons' ? area.polygons : [nearCirclePolygon(area.lat, area.lng, area.radiusKm)];
}

/** The bounding box of a search area (degrees), to fit the map to it. */
export function searchAreaBounds(area: TSearchArea): { north: number; south: number; east: number; west: number } {
  let north = -90, south = 90, east = -180, west = 180;
  for (const ring of searchAreaPolygons(area)) {
    for (const [lng, lat] of ring) {
      north = Math.max(north, lat); south = Math.min(south, lat); east = Math.max(east, lng); west = Math.min(west, lng);
    }
  }
  return { north, south, east, west };
}

/** API query field `area` (search, saved searches): an `area` value → normalised polygons, or a Spanish 400. */
export const ZDrawnAreaParam = z.string({ error: M.invalidArea }).transform((text, ctx) => {
  const decoded = decodeDrawnArea(text.trim());
  if (decoded.error !== undefined) {
    ctx.addIssue({ code: 'custom', message: decoded.error });
    return z.NEVER;
  }
  return decoded.polygons;
});

/** API query field `near`: 'lat,lng,km' → { lat, lng, radiusKm }, or a Spanish 400. */
export const ZNearParam = z.string({ error: M.invalidNear }).transform((text, ctx) => {
  const near = decodeNear(text.trim());
  if (!near) {
    ctx.addIssue({ code: 'custom', message: M.invalidNear });
    return z.NEVER;
  }
  return near;
});

const ZLngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/**
 * The search area as JSON (a saved search's filter state): { kind: 'polygons', polygons } or { kind: 'near', lat,
 * lng, radiusKm, label }. Polygons are normalised and checked against the limits (Spanish message when not).
 */
export const ZSearchArea = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('polygons'),
    polygons: z.array(z.array(ZLngLat).max(DRAWN_AREA_LIMITS.maxVertices + 1, M.tooManyVertices(DRAWN_AREA_LIMITS.maxVertices)))
      .max(DRAWN_AREA_LIMITS.maxPolygons, M.tooManyPolygons(DRAWN_AREA_LIMITS.maxPolygons)),
  }).transform((a, ctx) => {
    const polygons = a.polygons.map((r) => normalizeDrawnPolygon(r as TLngLat[]));
    const problem = drawnAreaProblem(polygons);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return { kind: 'polygons' as const, polygons };
  }),
  z.object({
    kind: z.literal('near'),
    lat: z.number().min(-85, M.invalidNear).max(85, M.invalidNear),
    lng: z.number().min(-180, M.invalidNear).max(180, M.invalidNear),
    radiusKm: z.union(NEAR_RADII_KM.map((km) => z.literal(km)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<5>, z.ZodLiteral<10>], { error: M.invalidNear }),
    label: z.string().trim().max(DRAWN_AREA_LIMITS.maxLabelLength).nullable(),
  }),
], { error: M.invalidArea });

/** Reads the search area of a page URL: `area` polygons, else `cerca` (+ `cercaDe` label); invalid values → null. */
export function searchAreaFromQuery(params: URLSearchParams): TSearchArea | null {
  const area = params.get(DRAWN_AREA_PARAM);
  if (area) {
    const decoded = decodeDrawnArea(area);
    if (decoded.polygons) return { kind: 'polygons', polygons: decoded.polygons };
  }
  const near = params.get(NEAR_PARAM);
  if (near) {
    const decoded = decodeNear(near);
    if (decoded) {
      const label = (params.get(NEAR_LABEL_PARAM) ?? '').trim().slice(0, DRAWN_AREA_LIMITS.maxLabelLength);
      return { kind: 'near', ...decoded, label: label || null };
    }
  }
  return null;
}

/** Writes the search area into a page URL's parameters (`area`, or `cerca` and `cercaDe`); null writes nothing. */
export function searchAreaToQuery(area: TSearchArea | null, p: URLSearchParams): void {
  if (!area) return;
  if (area.kind === 'polygons') p.set(DRAWN_AREA_PARAM, encodeDrawnArea(area.polygons));
  else {
    p.set(NEAR_PARAM, encodeNear(area));
    if (area.label) p.set(NEAR_LABEL_PARAM, area.label);
  }
}

/** The API parameters of a search area: `area` for polygons, `near` for 'cerca de'. */
export function searchAreaToSearchParams(area: TSearchArea | null): Record<string, string> {
  if (!area) return {};
  return area.kind === 'polygons' ? { [DRAWN_AREA_PARAM]: encodeDrawnArea(area.polygons) } : { [NEAR_API_PARAM]: encodeNear(area) };
}
