import { gunzipSync } from 'node:zlib';
import { readBoundaryFile } from '@nj/geo';
import { locateColoniaPolygon, readColoniaPolygons } from '@nj/geo/locate-colonia-polygon';
import { polygonContains, type Ring } from '@nj/geo/geometry';

/**
 * The picture a listing without photos shows (issue 9 §4 "something informative rather than the same generic
 * house"): the outline of the colonia the listing is in (shipped colonia polygons), else of its municipality (INEGI
 * municipalities), with a dot at the listing — drawn from the boundaries in data/boundaries, no map service.
 */

/** Size of the picture, px: the card's 4:3 (spec 01 §9 card carousel ratio). */
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 300;
const PAD = 28;

/**
 * An outline that contains the point: its polygons ([outer ring, ...holes] each, [lng, lat] degrees), and the
 * neighbouring colonias' polygons drawn faintly around it for context.
 */
export type Outline = { kind: 'colonia' | 'municipality'; polygons: Ring[][]; neighbours?: Ring[][][] };

type Area = { polygons: Ring[][]; minLng: number; minLat: number; maxLng: number; maxLat: number };
let municipalities: Area[] | null = null;

/** The shipped municipality polygons with their bounding boxes, read once per process ([] when the file is missing). */
function readMunicipalities(): Area[] {
  if (municipalities) return municipalities;
  const entry = readBoundaryFile('municipalities');
  const areas: Area[] = [];
  if (entry) {
    const fc = JSON.parse(gunzipSync(entry.gzipped).toString('utf8')) as { features: { geometry: { type: string; coordinates: unknown } | null }[] };
    for (const f of fc.features) {
      const g = f.geometry;
      const polygons = (g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : []) as Ring[][];
      let minLng = Infinity, minLat = Infinity, maxLng = -Infinity, maxLat = -Infinity;
      for (const p of polygons) for (const [x, y] of p[0] ?? []) {
        minLng = Math.min(minLng, x); maxLng = Math.max(maxLng, x); minLat = Math.min(minLat, y); maxLat = Math.max(maxLat, y);
      }
      if (polygons.length) areas.push({ polygons, minLng, minLat, maxLng, maxLat });
    }
  }
  return (municipalities = areas);
}

/**
 * The smallest shipped outline containing (lat, lng) in degrees: its colonia when the colonia layers cover the
 * place (Guadalajara, Zapopan and the other shipped cities), else its municipality; null outside every outline.
 */
export function findOutline(lat: number, lng: number): Outline | null {
  const colonias = readColoniaPolygons();
  const colonia = locateColoniaPolygon(colonias, lat, lng);
  if (colonia) {
    // Neighbours: colonias whose box meets the colonia's box grown by its own size on each side.
    const w = colonia.maxLng - colonia.minLng, h = colonia.maxLat - colonia.minLat;
    const neighbours = colonias.filter((c) => c !== colonia && c.maxLng >= colonia.minLng - w && c.minLng <= colonia.maxLng + w
      && c.maxLat >= colonia.minLat - h && c.minLat <= colonia.maxLat + h).map((c) => c.rings);
    return { kind: 'colonia', polygons: colonia.rings, neighbours };
  }
  for (const m of readMunicipalities()) {
    if (lng < m.minLng || lng > m.maxLng || lat < m.minLat || lat > m.maxLat) continue;
    if (m.polygons.some((p) => polygonContains(p, lng, lat))) return { kind: 'municipality', polygons: m.polygons };
  }
  return null;
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * An SVG picture (THUMB_WIDTH × THUMB_HEIGHT, 4:3) of `outline` (null: a plain background) fitted with a margin,
 * with a dot at (lat, lng). Projection: equirectangular with longitudes scaled by cos(latitude), which is
 * shape-true at this scale; vertices closer than 0.8 px to the previous one are dropped. Colours: the brand's.
 */
export function locationThumbnailSvg(point: { lat: number; lng: number }, outline: Outline | null): string {
  const k = Math.cos((point.lat * Math.PI) / 180);
  let minX = point.lng * k, maxX = minX, minY = -point.lat, maxY = minY;
  for (const poly of outline?.polygons ?? []) for (const [lng, lat] of poly[0] ?? []) {
    minX = Math.min(minX, lng * k); maxX = Math.max(maxX, lng * k); minY = Math.min(minY, -lat); maxY = Math.max(maxY, -lat);
  }
  // At least ≈ 1 km across, so a tiny outline (or none) is not blown up.
  const scale = Math.min((THUMB_WIDTH - 2 * PAD) / Math.max(maxX - minX, 0.01), (THUMB_HEIGHT - 2 * PAD) / Math.max(maxY - minY, 0.0075));
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const project = (lng: number, lat: number): [number, number] =>
    [THUMB_WIDTH / 2 + (lng * k - cx) * scale, THUMB_HEIGHT / 2 + (-lat - cy) * scale];
  const pathOf = (polygons: Ring[][]): string => {
    const paths: string[] = [];
    for (const poly of polygons) {
      for (const ring of poly) {
        let d = '';
        let last: [number, number] | null = null;
        for (const [lng, lat] of ring) {
          const p = project(lng, lat);
          if (last && Math.abs(p[0] - last[0]) < 0.8 && Math.abs(p[1] - last[1]) < 0.8) continue;
          d += `${d ? 'L' : 'M'}${fmt(p[0])} ${fmt(p[1])}`;
          last = p;
        }
        if (d) paths.push(`${d}Z`);
      }
    }
    return paths.join('');
  };
  const main = pathOf(outline?.polygons ?? []);
  const around = pathOf((outline?.neighbours ?? []).flat());
  const [x, y] = project(point.lng, point.lat);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" viewBox="0 0 ${THUMB_WIDTH} ${THUMB_HEIGHT}">`,
    '<defs><pattern id="g" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20 0H0V20" fill="none" stroke="#d5e9e5" stroke-width="1"/></pattern></defs>',
    `<rect width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" fill="#f2f8f7"/><rect width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" fill="url(#g)"/>`,
    around ? `<path d="${around}" fill="#fff" fill-opacity="0.6" stroke="#a9d3cc" stroke-width="1.2" stroke-linejoin="round"/>` : '',
    main ? `<path d="${main}" fill="#cdebe7" fill-opacity="0.85" fill-rule="evenodd" stroke="#00796a" stroke-width="2.5" stroke-linejoin="round"/>` : '',
    `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="18" fill="#00796a" fill-opacity="0.18"/>`,
    `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="8" fill="#00695b" stroke="#fff" stroke-width="3"/>`,
    '</svg>',
  ].join('');
}
