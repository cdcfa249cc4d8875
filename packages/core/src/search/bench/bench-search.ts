/**
 * `npm run bench:search [-- --pglite-only | --pg-only] [--rows N] [--viewports N] [--naive N] [--places-only]`
 *
 * Search benchmark (issue 2 §4). Fills a dedicated database with synthetic listings spread like the real ones
 * (PostgreSQL: database nj_bench on DATABASE_URL's server or postgres://postgres@127.0.0.1:5432, 1,000,000 rows;
 * PGlite: .data/bench-pglite-N, 100,000 rows), kept between runs while the row count matches. Then for every zoom
 * 5..16 it times `searchProperties` (the product path: index freshness check, one index pass for total + clusters
 * + page, page rows by puid, viewport locality) over random 1280×800 px viewports centred near listings, a third of
 * them with filters, and the naive SQL (bbox + GROUP BY grid + ORDER BY LIMIT) on the first viewports of each zoom.
 * Prints p50/p95/p99 in ms per zoom for both and the ratio of p95s.
 *
 * Place searches (issue 9 §2–§3, `place=`): for a municipality, a state, a colonia polygon and a place known by its
 * point (PLACE_CASES), viewports over the place at its zoom and 1–3 zooms in, with the same mix of filters; each
 * narrowed to the place's outline (bbox pass, then point-in-polygon). `--places-only` skips the zoom table.
 *
 * Drawn areas (issue 17, `area=` and `near=`): for zooms 10..16, the same viewports each with 1–3 freshly drawn
 * polygons (10–100 vertices, often concave, inside the viewport: compiled on every search, as a first search is)
 * and 'cerca de' circles of 1, 2, 5 and 10 km, with the same mix of filters, interleaved with the same viewports
 * without an area (the baseline of the same run). `--areas-only` runs only these.
 *
 * Smoke mode (`BENCH_SMOKE=1` or `--smoke`, used by `npm run bench:smoke` in CI): 2,000 listings in their own
 * databases (nj_bench_smoke, .data/bench-pglite-smoke-2000), 4 viewports per zoom, 2 naive; checks that every
 * path runs, not how fast.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '@nj/db';
import type { TSearchQuery } from '@nj/contracts';
import { createSearchService } from '../search-service.ts';
import { toIndexQuery } from '../search-properties.ts';
import { viewportBounds } from '../index/mercator.ts';
import { encodeDrawnArea, NEAR_RADII_KM, ZDrawnAreaParam, type TLngLat } from '@nj/contracts';
import { prng, randomPoint } from './generate-listings.ts';
import { fillSyntheticListings as fill, loadPlaces } from './fill-listings.ts';
import { naiveSearch } from './naive-search.ts';
import { findPlaceRowBySlug } from '@nj/geo/places-repository';
import { zoomForPlace } from '@nj/geo/to-place-suggestion';

const REPO = new URL('../../../../../', import.meta.url).pathname;
const RATES = { usd: 18.5, eur: 20 };

function flag(name: string): boolean {
  return process.argv.includes(name);
}
const SMOKE = process.env.BENCH_SMOKE === '1' || flag('--smoke');
function option(name: string): number | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : undefined;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

/** One query in six gets each of the three filter mixes (rent budget, sale houses, amenities), by its index `i`. */
function withFilterMix(q: TSearchQuery, i: number): void {
  const kind = i % 6;
  if (kind === 1) Object.assign(q, { op_type: 'rent', price_max: 30_000, min_rooms: 2 });
  if (kind === 3) Object.assign(q, { op_type: 'sale', price_min: 2_000_000, property_types: ['house'], order_by: 'cheapest' });
  if (kind === 5) Object.assign(q, { amenities: ['pool'], min_bathrooms: 2, order_by: 'priciest' });
}

/** The viewports of one zoom: centres near listings (same distribution), a third with filters. */
function viewports(zoom: number, count: number): TSearchQuery[] {
  const rand = prng(1000 + zoom);
  const out: TSearchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const p = randomPoint(rand);
    const b = viewportBounds(p.lat, p.lng, zoom);
    const q: TSearchQuery = { ...b, zoom, v: '2', map: '1' };
    withFilterMix(q, i);
    out.push(q);
  }
  return out;
}

/** The places of the `place=` cases: two municipalities, a state, Mexico City (a state of 16 alcaldías), a colonia, a town by its point. */
const PLACE_CASES = ['guadalajara', 'zapopan', 'jalisco', 'ciudad-de-mexico', 'providencia-guadalajara', 'cancun'];

/** Viewports of a place: its bbox at its zoom, then 1280×800 px views at that zoom + 0..3 centred inside its bbox. */
async function placeViewports(database: Database, slug: string, count: number): Promise<TSearchQuery[]> {
  const row = await findPlaceRowBySlug(database.db, slug);
  if (!row) throw new Error(`bench: no place ${slug}`);
  const b = row.min_lat !== null && row.max_lat !== null && row.min_lng !== null && row.max_lng !== null
    ? { north: Number(row.max_lat), south: Number(row.min_lat), east: Number(row.max_lng), west: Number(row.min_lng) }
    : null;
  const zoom = zoomForPlace(row.kind, b);
  const rand = prng(7 + slug.length);
  const out: TSearchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const z = zoom + (i % 4);
    const lat = b ? b.south + rand() * (b.north - b.south) : Number(row.lat);
    const lng = b ? b.west + rand() * (b.east - b.west) : Number(row.lng);
    const view = i === 0 && b ? b : viewportBounds(lat, lng, z);
    const q: TSearchQuery = { ...view, zoom: z, v: '2', map: '1', place: slug };
    withFilterMix(q, i);
    out.push(q);
  }
  return out;
}

/** Runs each query once through the service: the time of each (ms) and the sum of their totals. */
async function timeSearches(service: Awaited<ReturnType<typeof createSearchService>>, qs: TSearchQuery[]): Promise<{ times: number[]; totals: number }> {
  const times: number[] = [];
  let totals = 0;
  for (const q of qs) {
    const t = performance.now();
    const r = await service.search(q);
    times.push(performance.now() - t);
    totals += r.total;
  }
  return { times, totals };
}

async function runPlaces(database: Database, service: Awaited<ReturnType<typeof createSearchService>>, perPlace: number) {
  const table: string[] = ['| place | searches | p50 ms | p95 ms | p99 ms | mean total |', '|---|---:|---:|---:|---:|---:|'];
  for (const slug of PLACE_CASES) {
    const qs = await placeViewports(database, slug, perPlace);
    await service.search(qs[0]!); // the place's first search compiles and keeps its outline
    const { times, totals } = await timeSearches(service, qs);
    const f = (v: number) => v.toFixed(1);
    table.push(`| ${slug} | ${qs.length} | ${f(pct(times, 50))} | ${f(pct(times, 95))} | ${f(pct(times, 99))} | ${Math.round(totals / qs.length)} |`);
    console.log(`  place=${slug}: p50 ${f(pct(times, 50))} p95 ${f(pct(times, 95))} p99 ${f(pct(times, 99))} ms`);
  }
  console.log(`\n${table.join('\n')}`);
}

/** 1–3 random drawn polygons (10–100 vertices, radii 20–100 % of a quarter of the view) inside a viewport. */
function drawnPolygons(rand: () => number, b: { north: number; south: number; east: number; west: number }): TLngLat[][] {
  const count = 1 + Math.floor(rand() * 3);
  const w = b.east - b.west;
  const h = b.north - b.south;
  return Array.from({ length: count }, () => {
    const cx = b.west + w * (0.3 + 0.4 * rand());
    const cy = b.south + h * (0.3 + 0.4 * rand());
    const n = 10 + Math.floor(rand() * 91);
    return Array.from({ length: n }, (_, i): TLngLat => {
      const a = (2 * Math.PI * i) / n;
      const d = 0.25 * (0.2 + 0.8 * rand());
      return [cx + d * w * Math.cos(a), cy + d * h * Math.sin(a)];
    });
  });
}

/** Issue 17: drawn polygons (`area`) and 'cerca de' circles (`near`) per zoom 10..16; prints a table. */
async function runAreas(service: Awaited<ReturnType<typeof createSearchService>>, perZoom: number) {
  const table: string[] = ['| zoom | área | búsquedas | p50 ms | p95 ms | p99 ms | total medio |', '|---:|---|---:|---:|---:|---:|---:|'];
  const f = (v: number) => v.toFixed(1);
  for (let zoom = 10; zoom <= 16; zoom++) {
    const rand = prng(5000 + zoom);
    const drawn = viewports(zoom, perZoom).map((q) => ({ ...q, area: drawnPolygons(rand, q) }));
    // As the API gets them: the polygons go through the URL encoding (5 decimals) first.
    for (const q of drawn) q.area = ZDrawnAreaParam.parse(encodeDrawnArea(q.area));
    const near = viewports(zoom, perZoom).map((q, i) => {
      const lat = (q.north + q.south) / 2;
      const lng = (q.east + q.west) / 2;
      return { ...q, near: { lat, lng, radiusKm: NEAR_RADII_KM[i % NEAR_RADII_KM.length]! } };
    });
    // The same viewports without an area, interleaved with the area searches so a busy machine weighs on both alike.
    const plain = viewports(zoom, perZoom);
    const kinds = [['límites (sin área)', plain], ['polígonos', drawn], ['cerca de', near]] as const;
    const times: number[][] = kinds.map(() => []);
    const totals = kinds.map(() => 0);
    for (let i = 0; i < perZoom; i++) {
      for (let k = 0; k < kinds.length; k++) {
        const t = performance.now();
        const r = await service.search(kinds[k]![1][i] as TSearchQuery);
        times[k]!.push(performance.now() - t);
        totals[k]! += r.total;
      }
    }
    kinds.forEach(([kind], k) => {
      const ts = times[k]!;
      table.push(`| ${zoom} | ${kind} | ${ts.length} | ${f(pct(ts, 50))} | ${f(pct(ts, 95))} | ${f(pct(ts, 99))} | ${Math.round(totals[k]! / ts.length)} |`);
      console.log(`  zoom ${zoom} ${kind}: p50 ${f(pct(ts, 50))} p95 ${f(pct(ts, 95))} p99 ${f(pct(ts, 99))} ms`);
    });
  }
  console.log(`\n${table.join('\n')}`);
}

async function runOn(label: string, database: Database, rows: number, perZoom: number, naivePerZoom: number) {
  console.log(`\n== ${label}: ${rows.toLocaleString('es-MX')} propiedades`);
  await fill(database, rows);
  await loadPlaces(database);
  const service = await createSearchService({ database, exchangeRates: RATES, log: (l) => console.log(`  ${l}`) });
  for (const q of viewports(8, 30)) await service.search(q); // warm-up
  const table: string[] = [];
  table.push('| zoom | búsquedas | p50 ms | p95 ms | p99 ms | total medio | naive n | naive p50 | naive p95 | naive p99 | p95 naive / índice |');
  table.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const results: { zoom: number; p95: number }[] = [];
  for (let zoom = 5; zoom <= (flag('--places-only') || flag('--areas-only') ? 4 : 16); zoom++) {
    const qs = viewports(zoom, perZoom);
    const { times, totals } = await timeSearches(service, qs);
    const naive: number[] = [];
    for (const q of qs.slice(0, naivePerZoom)) {
      const t = performance.now();
      await naiveSearch(database, toIndexQuery(q), RATES);
      naive.push(performance.now() - t);
    }
    const row = [zoom, qs.length, pct(times, 50), pct(times, 95), pct(times, 99), Math.round(totals / qs.length),
      naive.length, pct(naive, 50), pct(naive, 95), pct(naive, 99), pct(naive, 95) / pct(times, 95)];
    const f = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
    table.push(`| ${row.map(f).join(' | ')} |`);
    results.push({ zoom, p95: pct(times, 95) });
    console.log(`  zoom ${zoom}: p50 ${f(pct(times, 50))} p95 ${f(pct(times, 95))} p99 ${f(pct(times, 99))} ms · naive p95 ${f(pct(naive, 95))} ms`);
  }
  if (!flag('--places-only') && !flag('--areas-only')) console.log(`\n${table.join('\n')}`);
  if (!flag('--areas-only')) await runPlaces(database, service, perZoom);
  await runAreas(service, perZoom);
  return results;
}

async function benchAutocompleteIfPresent(database: Database): Promise<void> {
  const file = join(REPO, 'packages/geo/src/bench/bench-autocomplete.ts');
  if (!existsSync(file)) {
    console.log('  (autocompletado: @nj/geo aún no tiene benchAutocomplete)');
    return;
  }
  const mod = (await import(file)) as { benchAutocomplete?: (db: Database) => Promise<{ p95: number } | unknown> };
  if (!mod.benchAutocomplete) return;
  const r = (await mod.benchAutocomplete(database)) as { places?: number; queries?: number; p50Ms?: number; p95Ms?: number; p99Ms?: number };
  console.log(`  autocompletado de lugares (${r.places ?? '?'} lugares, ${r.queries ?? '?'} consultas): p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms`);
}

async function main(): Promise<void> {
  const perZoom = option('--viewports') ?? (SMOKE ? 4 : 200);
  const naivePerZoom = option('--naive') ?? (SMOKE ? 2 : 50);
  const rowsOption = option('--rows') ?? (SMOKE ? 2_000 : undefined);
  const dbName = SMOKE ? 'nj_bench_smoke' : 'nj_bench';
  console.log(`bench:search · ${perZoom} viewports por zoom, naive en los primeros ${naivePerZoom}`);
  if (!flag('--pglite-only')) {
    const rows = rowsOption ?? 1_000_000;
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    const database = await openDatabase({ url: u.toString() });
    await migrate(database);
    await runOn('PostgreSQL', database, rows, perZoom, naivePerZoom);
    if (!flag('--areas-only')) await benchAutocompleteIfPresent(database);
    await database.close();
  }
  if (!flag('--pg-only')) {
    const rows = rowsOption ?? 100_000;
    const database = await openDatabase({ dataDir: join(REPO, '.data', `bench-pglite-${SMOKE ? 'smoke-' : ''}${rows}`) });
    await migrate(database);
    await runOn('PGlite', database, rows, perZoom, naivePerZoom);
    if (!flag('--areas-only')) await benchAutocompleteIfPresent(database);
    await database.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
