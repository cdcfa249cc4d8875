/**
 * `npm run bench:alerts` (issue 17; decision 037): matching one new or changed listing against 100,000 saved
 * searches with the in-memory SearchMatcher must take under 50 ms. Builds the searches (city-sized boxes around
 * Mexico's big cities with random filters, one in ten a drawn polygon, one in fifty with no area), then times the
 * matching of 2,000 random listings. BENCH_SMOKE=1: 10,000 searches and 500 listings (part of `npm run bench:smoke`).
 * Prints the build time (after 50 untimed warm-up matches), p50/p95/max per listing and the mean matches; exits 1 when p95 is 50 ms or more.
 */
import { DEFAULT_FILTER_STATE, type TFilterState } from '@nj/contracts';
import { SearchMatcher, type MatchListing } from '../search-matcher.ts';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SEARCHES = SMOKE ? 10_000 : Number(process.env.BENCH_SEARCHES ?? 100_000);
const LISTINGS = SMOKE ? 500 : 2_000;
const BUDGET_MS = 50;
const CITIES: [number, number][] = [[20.67, -103.35], [19.43, -99.13], [25.67, -100.31], [21.16, -86.85], [19.04, -98.2], [20.97, -89.62], [32.52, -117.04], [21.88, -102.29]];

let seed = 17;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function randomSearch(i: number): TFilterState {
  const [clat, clng] = pick(CITIES);
  const lat = clat + (rnd() - 0.5) * 0.4, lng = clng + (rnd() - 0.5) * 0.4, span = 0.01 + rnd() * 0.12;
  const renta = rnd() < 0.6;
  const s: TFilterState = {
    ...DEFAULT_FILTER_STATE, opType: renta ? 'renta' : 'venta',
    minBudget: Math.round(rnd() * (renta ? 15_000 : 3_000_000)), maxBudget: renta ? 15_000 + Math.round(rnd() * 60_000) : 35_000_000,
    minNumberRooms: rnd() < 0.5 ? -1 : 1 + Math.floor(rnd() * 3), propertyTypes: rnd() < 0.5 ? [] : [pick(['house', 'apartment'] as const)],
    bounds: { north: lat + span, south: lat - span, east: lng + span, west: lng - span },
  };
  if (i % 50 === 0) return { ...s, bounds: null };
  if (i % 10 === 0) {
    const ring: [number, number][] = [];
    const n = 6 + Math.floor(rnd() * 20);
    for (let k = 0; k < n; k++) {
      const a = (k / n) * 2 * Math.PI, r = span * (0.5 + rnd() * 0.5);
      ring.push([Math.round((lng + r * Math.cos(a)) * 1e5) / 1e5, Math.round((lat + r * Math.sin(a)) * 1e5) / 1e5]);
    }
    return { ...s, bounds: null, area: { kind: 'polygons', polygons: [ring] } };
  }
  return s;
}

function randomListing(i: number): MatchListing {
  const [clat, clng] = pick(CITIES);
  const renta = rnd() < 0.6;
  return {
    puid: `p_${i}`, lat: clat + (rnd() - 0.5) * 0.5, lng: clng + (rnd() - 0.5) * 0.5, is_active: true, is_renta: renta, is_venta: !renta,
    rent_mxn: renta ? 5_000 + rnd() * 50_000 : 0, sale_mxn: renta ? 0 : 500_000 + rnd() * 8_000_000,
    property_type: pick(['house', 'apartment', 'land']), rooms: Math.floor(rnd() * 5), bathrooms: 1, parking_spots: 1, amenities: [],
  };
}

const matcher = new SearchMatcher();
const t0 = performance.now();
for (let i = 0; i < SEARCHES; i++) matcher.put(String(i), randomSearch(i));
const buildMs = performance.now() - t0;
// Warm-up (JIT), not timed.
for (let i = 0; i < 50; i++) matcher.match(randomListing(-i));
const times: number[] = [];
let matched = 0;
for (let i = 0; i < LISTINGS; i++) {
  const l = randomListing(i);
  const s = performance.now();
  matched += matcher.match(l).length;
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(`bench:alerts ${SEARCHES.toLocaleString('en')} saved searches, ${LISTINGS} listings: build ${buildMs.toFixed(0)} ms; per listing p50 ${q(0.5).toFixed(3)} ms, p95 ${q(0.95).toFixed(3)} ms, max ${q(1).toFixed(3)} ms; ${(matched / LISTINGS).toFixed(1)} matches per listing on average (budget ${BUDGET_MS} ms)`);
if (q(0.95) >= BUDGET_MS) {
  console.error(`bench:alerts: p95 ${q(0.95).toFixed(1)} ms is over the ${BUDGET_MS} ms budget`);
  process.exit(1);
}
