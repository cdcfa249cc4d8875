/**
 * `npm run bench:place-areas [-- ROWS] [--no-area]` (smoke in CI: 20,000 rows)
 *
 * The place-area filter of the in-memory index alone (issue 9 §2–§3), without a database: ROWS (default 1,000,000)
 * synthetic listings of generate-listings.ts in a PropertyIndex, then for Guadalajara and Zapopan (INEGI
 * municipalities), Jalisco (a state of ~13,000 vertices) and Mexico City (a state), 200 searches each: its bbox at
 * its zoom, and 1280×800 px views at that zoom + 1..3 centred inside its bbox, one in six with each of bench:search's
 * filter mixes. Prints p50/p95/p99 of `PropertyIndex.query` in ms, per place and per zoom step, and the mean total.
 * `--no-area` runs the same viewports without the area (what the bbox alone costs). bench-search.ts measures the
 * whole product path with `place=` on a database; this one reaches the 1M-listing scale where only the index counts.
 */
import { placeOutline } from '@nj/geo/place-outline';
import { generateListings, prng } from './generate-listings.ts';
import { PropertyIndex, type IndexQuery } from '../index/property-index.ts';
import { compileArea } from '../index/search-area.ts';
import { latToY, lngToX, viewportBounds } from '../index/mercator.ts';

const rows = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const withArea = !process.argv.includes('--no-area');

/** Places by their `places` id, bbox (north, south, east, west; degrees, INEGI) and the zoom the site shows them at. */
const PLACES: { name: string; id: string; kind: string; bbox: [number, number, number, number]; zoom: number }[] = [
  { name: 'guadalajara', id: 'M14039', kind: 'locality', bbox: [20.751, 20.6037, -103.2638, -103.407], zoom: 11 },
  { name: 'zapopan', id: 'M14120', kind: 'locality', bbox: [20.9977, 20.5547, -103.2855, -103.7234], zoom: 10 },
  { name: 'jalisco', id: 'E14', kind: 'region', bbox: [22.7503, 18.9259, -101.5106, -105.6936], zoom: 7 },
  { name: 'ciudad-de-mexico', id: 'E09', kind: 'region', bbox: [19.5927, 19.0482, -98.9403, -99.3649], zoom: 9 },
];

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

const index = new PropertyIndex({ usd: 18.5, eur: 20 });
const t0 = performance.now();
for (let from = 0; from < rows; from += 50_000) {
  const c = generateListings(from, Math.min(50_000, rows - from));
  for (let i = 0; i < c.puid.length; i++) {
    index.upsert({
      puid: c.puid[i]!, slug: c.slug[i]!, lat: c.lat[i]!, lng: c.lng[i]!, is_renta: c.is_renta[i]!, is_venta: c.is_venta[i]!,
      is_active: c.is_active[i]!, property_type: c.property_type[i]!, rooms: c.rooms[i]!, bathrooms: c.bathrooms[i]!,
      parking_spots: c.parking_spots[i]!, rent_price: c.rent_price[i]!, rent_currency: c.rent_currency[i]!,
      sale_price: c.sale_price[i]!, sale_currency: c.sale_currency[i]!,
      amenities: c.amenities[i]!.replace(/[{}]/g, '').split(',').filter(Boolean), published_ms: Date.parse(c.published_at[i]!) || 0,
    });
  }
}
index.compact();
console.log(`bench-place-areas · ${rows.toLocaleString('es-MX')} propiedades en el índice (${Math.round(performance.now() - t0)} ms)${withArea ? '' : ' · sin área'}`);
const table = ['| place | vertices | compile ms | p50 ms | p95 ms | p99 ms | p95 by zoom step (+0, +1, +2, +3) | mean total |', '|---|---:|---:|---:|---:|---:|---|---:|'];
for (const p of PLACES) {
  const outline = placeOutline({ id: p.id, kind: p.kind, lat: 0, lng: 0, min_lat: null, max_lat: null, min_lng: null, max_lng: null, population: 0 });
  if (outline.source !== 'boundary') throw new Error(`bench: no shipped boundary for ${p.name}`);
  const c0 = performance.now();
  const area = compileArea(outline.polygons);
  const compileMs = performance.now() - c0;
  const rand = prng(5);
  const times: number[] = [];
  let totals = 0;
  for (let i = 0; i < 200; i++) {
    const z = p.zoom + (i % 4);
    const [n, s, e, w] = p.bbox;
    const view = i % 4 === 0 ? { north: n, south: s, east: e, west: w } : viewportBounds(s + rand() * (n - s), w + rand() * (e - w), z);
    const kind = i % 6;
    const q: IndexQuery = {
      minX: lngToX(view.west), maxX: lngToX(view.east), minY: latToY(view.north), maxY: latToY(view.south), zoom: z,
      op: kind === 1 ? 'rent' : kind === 3 ? 'sale' : null, priceMin: kind === 3 ? 2_000_000 : null, priceMax: kind === 1 ? 30_000 : null,
      minRooms: kind === 1 ? 2 : -1, minBathrooms: kind === 5 ? 2 : -1, minParking: -1, types: kind === 3 ? ['house'] : [],
      amenities: kind === 5 ? ['pool'] : [], active: true, orderBy: kind === 3 ? 'cheapest' : kind === 5 ? 'priciest' : 'newest',
      offset: 0, limit: 20, withClusters: true, area: withArea ? area : null,
    };
    const t = performance.now();
    totals += index.query(q).total;
    times.push(performance.now() - t);
  }
  const vertices = outline.polygons.flat().reduce((a, r) => a + r.length, 0);
  const bySteps = [0, 1, 2, 3].map((k) => pct(times.filter((_, i) => i % 4 === k), 95).toFixed(1)).join(', ');
  const f = (v: number) => v.toFixed(1);
  table.push(`| ${p.name} | ${vertices} | ${f(compileMs)} | ${f(pct(times, 50))} | ${f(pct(times, 95))} | ${f(pct(times, 99))} | ${bySteps} | ${Math.round(totals / 200)} |`);
}
console.log(table.join('\n'));
