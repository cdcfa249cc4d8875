/**
 * `npm run bench:load [-- --pglite-only | --pg-only] [--no-baseline] [--duration S] [--cpu-prof] [--smoke]`
 *
 * Load benchmark (issue 7 "Under load"): starts the real server (`apps/server/src/main.ts`; the web app is built
 * first when it is not) on a free 127.0.0.1 port against its own database, and drives it with autocannon:
 *  - `home`: GET / alone, 50 connections;
 *  - `search`: POST /api/v1/properties/search alone, 50 connections, a spread of 1280×800 viewports at zooms 5–16
 *    centred where listings are (from the server's own country-wide clusters), a third with filters, `map=1`;
 *    100,000 viewports are drawn and each request takes the next one, so none repeats within a scenario;
 *  - `mix`: 200 connections for 60 s, each sending its next request as soon as the last one is answered (the
 *    worst case: throughput-bound): 20% home, 20% /propiedades, 40% search, 20% detail pages of real listings;
 *  - `visitors`: the same mix from 200 connections at 2 requests per second each (200 visitors reading pages and
 *    moving the map: 400 requests/s offered), for 60 s.
 * The server runs as deployed: `NODE_ENV=production` (production React; the development build renders several
 * times slower) with a random SESSION_SECRET. Every request sends a browser's User-Agent and `Accept-Encoding: gzip, deflate, br`; search calls carry a CSRF
 * cookie and header from a first GET. Reports, per scenario and route, requests, req/s, p50/p99 latency (ms) and
 * answers that were not 2xx, plus autocannon's errors and time-outs.
 *
 * Databases: PGlite in `.data/bench-load-pglite` and PostgreSQL database `nj_bench_load` on DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432), both filled by the server's first start with the demo data (about
 * a minute each, kept between runs). Baseline: unless `--no-baseline`, each database is run again with the server
 * as it was before issue 7's load work could be switched off (one process, no page cache: `WEB_CONCURRENCY=1
 * PAGE_CACHE_MS=0`) and the ratios printed. `--cpu-prof` writes V8 CPU profiles of every server process to
 * `.data/profiles/`.
 *
 * Smoke mode (`BENCH_SMOKE=1` or `--smoke`, for CI through `npm run bench:smoke`): 2,000 synthetic listings and the
 * shipped places in their own databases (no demo import), 2 s per scenario at 10–20 connections, no baseline;
 * exits 1 if a request failed. Only 127.0.0.1 is ever targeted, and every run is bounded in time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { databaseOptions, migrate, openDatabase, readDbConfig } from '@nj/db';
import { viewportBounds } from '@nj/core';
import { fillSyntheticListings, loadPlaces } from '@nj/core/search/bench/fill-listings';
import { prng } from '@nj/core/search/bench/generate-listings';
import { REPO, startBenchServer, stopBenchServer } from './bench-server.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : undefined;
};
const SMOKE = process.env.BENCH_SMOKE === '1' || flag('--smoke');
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SMOKE_ROWS = 2_000;

type RouteName = 'home' | 'propiedades' | 'search' | 'detail';
type Scenario = {
  name: string; connections: number; seconds: number; weights: Partial<Record<RouteName, number>>;
  /** Requests per second per connection (visitors reading pages); unset = each connection sends as fast as it can. */
  rate?: number;
};
type RouteStats = { count: number; non2xx: number; times: number[] };
type ScenarioResult = { scenario: Scenario; result: Result; routes: Map<RouteName, RouteStats>; errorKinds: Map<string, number> };
type Target = { label: string; env: Record<string, string> };

function scenarios(): Scenario[] {
  const d = option('--duration');
  if (SMOKE) {
    return [
      { name: 'home', connections: 10, seconds: 2, weights: { home: 1 } },
      { name: 'search', connections: 10, seconds: 2, weights: { search: 1 } },
      { name: 'mix', connections: 20, seconds: 2, weights: { home: 2, propiedades: 2, search: 4, detail: 2 } },
      { name: 'visitors', connections: 20, seconds: 2, rate: 2, weights: { home: 2, propiedades: 2, search: 4, detail: 2 } },
    ];
  }
  return [
    { name: 'home', connections: 50, seconds: d ?? 15, weights: { home: 1 } },
    { name: 'search', connections: 50, seconds: d ?? 30, weights: { search: 1 } },
    { name: 'mix', connections: 200, seconds: d ?? 60, weights: { home: 2, propiedades: 2, search: 4, detail: 2 } },
    { name: 'visitors', connections: 200, seconds: d ?? 60, rate: 2, weights: { home: 2, propiedades: 2, search: 4, detail: 2 } },
  ];
}

/** What the requests need from a running server: a CSRF token, search query strings, detail paths. */
async function discover(base: string): Promise<{ csrf: string; searches: string[]; details: string[] }> {
  const first = await fetch(`${base}/`, { headers: { 'user-agent': BROWSER_UA } });
  if (first.status !== 200) throw new Error(`GET / answered ${first.status}`);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('nj_csrf='));
  const csrf = cookie ? decodeURIComponent(cookie.slice('nj_csrf='.length).split(';')[0]!) : '';
  const headers = { 'user-agent': BROWSER_UA, cookie: `nj_csrf=${encodeURIComponent(csrf)}`, 'x-csrf-token': csrf };
  const search = async (q: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${base}/api/v1/properties/search?${qs}`, { method: 'POST', headers });
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()).data as { clusters: { lat: number; lng: number; count: number }[]; properties: { slug: string }[] };
  };
  const country = await search({ north: 33, south: 14, east: -86, west: -118, zoom: 5, map: 1, v: 2 });
  const centres = country.clusters;
  const weightTotal = centres.reduce((s, c) => s + c.count, 0);
  if (!weightTotal) throw new Error('no listings to search: the database is empty');
  const rand = prng(7);
  const pickCentre = () => {
    let r = rand() * weightTotal;
    for (const c of centres) {
      r -= c.count;
      if (r <= 0) return c;
    }
    return centres[centres.length - 1]!;
  };
  const searches: string[] = [];
  const details = new Set<string>();
  for (let i = 0; i < (SMOKE ? 60 : 100_000); i++) {
    const c = pickCentre();
    const zoom = 5 + (i % 12);
    const jitter = 0.5 / 2 ** Math.max(0, zoom - 8);
    const b = viewportBounds(c.lat + (rand() - 0.5) * jitter, c.lng + (rand() - 0.5) * jitter, zoom);
    const q: Record<string, string | number> = {
      north: b.north.toFixed(5), south: b.south.toFixed(5), east: b.east.toFixed(5), west: b.west.toFixed(5),
      zoom, map: 1, v: 2,
    };
    const kind = i % 6;
    if (kind === 1) Object.assign(q, { op_type: 'rent', price_max: 30_000, min_rooms: 2 });
    if (kind === 3) Object.assign(q, { op_type: 'sale', price_min: 2_000_000, property_types: 'house', order_by: 'cheapest' });
    if (kind === 5) Object.assign(q, { amenities: 'pool', min_bathrooms: 2, order_by: 'priciest' });
    searches.push(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString());
    if (details.size < (SMOKE ? 20 : 200) && zoom >= 9 && kind === 0) {
      for (const p of (await search(q)).properties.slice(0, 10)) details.add(`/propiedades/${p.slug}`);
    }
  }
  if (details.size === 0) for (const p of (await search({ north: 33, south: 14, east: -86, west: -118 })).properties) details.add(`/propiedades/${p.slug}`);
  return { csrf, searches, details: [...details] };
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runScenario(base: string, scenario: Scenario, data: Awaited<ReturnType<typeof discover>>): Promise<ScenarioResult> {
  const rand = prng(scenario.name.length * 31 + scenario.connections);
  const entries = Object.entries(scenario.weights) as [RouteName, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const page = { 'user-agent': BROWSER_UA, accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };
  const api = {
    'user-agent': BROWSER_UA, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br',
    cookie: `nj_csrf=${encodeURIComponent(data.csrf)}`, 'x-csrf-token': data.csrf,
  };
  let nextSearch = 0;
  const build = (route: RouteName): RequestSpec => {
    if (route === 'home') return { method: 'GET', path: '/', headers: page };
    if (route === 'propiedades') return { method: 'GET', path: '/propiedades', headers: page };
    if (route === 'detail') return { method: 'GET', path: data.details[Math.floor(rand() * data.details.length)]!, headers: page };
    // Each search a viewport not asked before in this scenario (caches see what a crowd moving maps would give).
    return { method: 'POST', path: `/api/v1/properties/search?${data.searches[nextSearch++ % data.searches.length]!}`, headers: api };
  };
  const routes = new Map<RouteName, RouteStats>(entries.map(([name]) => [name, { count: 0, non2xx: 0, times: [] }]));
  const instance = autocannon({
    url: base,
    connections: scenario.connections,
    duration: scenario.seconds,
    timeout: 10,
    ...(scenario.rate ? { connectionRate: scenario.rate } : {}),
    requests: [{
      setupRequest: (req, context) => {
        let r = rand() * total;
        let route = entries[0]![0];
        for (const [name, w] of entries) {
          r -= w;
          if (r <= 0) {
            route = name;
            break;
          }
        }
        context.route = route;
        return { ...req, ...build(route) };
      },
    }],
  });
  instance.on('response', (client, status, _bytes, ms) => {
    const route = client.requestIterator?.context?.route as RouteName | undefined;
    const stats = route ? routes.get(route) : undefined;
    if (!stats) return;
    stats.count++;
    stats.times.push(ms);
    if (status < 200 || status > 299) stats.non2xx++;
  });
  const errorKinds = new Map<string, number>();
  instance.on('reqError', (error) => {
    const kind = error.code ?? error.message;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  });
  const result = await instance;
  for (const stats of routes.values()) stats.times.sort((a, b) => a - b);
  return { scenario, result, routes, errorKinds };
}

function report(label: string, results: ScenarioResult[]): string[] {
  const f = (v: number) => (Number.isFinite(v) ? (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1)) : '–');
  const lines = [`\n### ${label}\n`, '| scenario | route | conn. | requests | req/s | p50 ms | p99 ms | non-2xx | errors | of which time-outs |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const { scenario, result, routes } of results) {
    const seconds = result.duration || scenario.seconds;
    lines.push(`| ${scenario.name} | **all** | ${scenario.connections} | ${result.requests.total} | ${f(result.requests.total / seconds)} | ${f(result.latency.p50)} | ${f(result.latency.p99)} | ${result.non2xx} | ${result.errors} | ${result.timeouts} |`);
    if (routes.size > 1) {
      for (const [name, s] of routes) {
        lines.push(`| ${scenario.name} | ${name} | | ${s.count} | ${f(s.count / seconds)} | ${f(pct(s.times, 50))} | ${f(pct(s.times, 99))} | ${s.non2xx} | | |`);
      }
    }
  }
  return lines;
}

function ratios(label: string, now: ScenarioResult[], before: ScenarioResult[]): string[] {
  const lines = [`\n### ${label}: this server ÷ baseline (one process, no page cache) in the same run\n`,
    '| scenario | req/s × | p99 × (lower is better) | baseline req/s | baseline p99 ms | baseline errors + non-2xx |', '|---|---:|---:|---:|---:|---:|'];
  for (const n of now) {
    const b = before.find((x) => x.scenario.name === n.scenario.name);
    if (!b) continue;
    const rps = (r: ScenarioResult) => r.result.requests.total / (r.result.duration || r.scenario.seconds);
    lines.push(`| ${n.scenario.name} | ${(rps(n) / rps(b)).toFixed(2)} | ${(n.result.latency.p99 / b.result.latency.p99).toFixed(2)} | ${Math.round(rps(b))} | ${Math.round(b.result.latency.p99)} | ${b.result.errors + b.result.non2xx} |`);
  }
  return lines;
}

/** Prepares a smoke database: migrations, shipped places, SMOKE_ROWS synthetic listings (no demo import). */
async function seedSmoke(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseOptions(readDbConfig(env)));
  try {
    await migrate(database);
    await loadPlaces(database);
    await fillSyntheticListings(database, SMOKE_ROWS);
  } finally {
    await database.close();
  }
}

async function runTarget(target: Target, out: string[]): Promise<boolean> {
  console.log(`\n== ${target.label}`);
  const runs: { label: string; env: Record<string, string> }[] = [{ label: target.label, env: target.env }];
  if (!SMOKE && !flag('--no-baseline')) {
    runs.push({ label: `${target.label}, baseline`, env: { ...target.env, WEB_CONCURRENCY: '1', PAGE_CACHE_MS: '0' } });
  }
  const results: ScenarioResult[][] = [];
  let ok = true;
  for (const run of runs) {
    const logFile = join(REPO, '.data', `bench-load-${run.label.replace(/\W+/g, '-').toLowerCase()}${SMOKE ? '-smoke' : ''}.log`);
    console.log(`  servidor: ${run.label} (registro en ${logFile})`);
    const { child, port } = await startBenchServer({
      program: 'apps/server/src/main.ts', logFile, env: run.env,
      nodeArgs: flag('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${join(REPO, '.data/profiles')}`] : [],
      onLine: (line) => { if (/Migraciones|Importad|importad|Lugares|Índice/.test(line)) console.log(`    ${line.trim()}`); },
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const data = await discover(base);
      console.log(`  ${data.searches.length} búsquedas, ${data.details.length} fichas`);
      const done: ScenarioResult[] = [];
      for (const s of scenarios()) {
        process.stdout.write(`  ${s.name}: ${s.connections} conexiones, ${s.seconds} s… `);
        const r = await runScenario(base, s, data);
        const seconds = r.result.duration || s.seconds;
        const kinds = [...r.errorKinds].map(([k, n]) => `${k} ×${n}`).join(', ');
        console.log(`${Math.round(r.result.requests.total / seconds)} req/s, p50 ${r.result.latency.p50} ms, p99 ${r.result.latency.p99} ms, errores ${r.result.errors} (tiempo agotado ${r.result.timeouts}${kinds ? `; ${kinds}` : ''}), no-2xx ${r.result.non2xx}`);
        if (r.result.errors + r.result.non2xx > 0 || r.result.requests.total === 0) ok = false;
        done.push(r);
      }
      results.push(done);
      out.push(...report(run.label, done));
    } finally {
      await stopBenchServer(child, 15_000);
    }
  }
  if (results.length === 2) out.push(...ratios(target.label, results[0]!, results[1]!));
  return ok;
}

async function main(): Promise<void> {
  mkdirSync(join(REPO, '.data'), { recursive: true });
  // A clean clone has no built web app; the server refuses to start without it.
  if (!existsSync(join(REPO, 'apps/web/build/server/index.js'))) {
    console.log('  construyendo la app web (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const out: string[] = [];
  let ok = true;
  const suffix = SMOKE ? '-smoke' : '';
  const common: Record<string, string> = SMOKE ? { SKIP_DEMO_IMPORT: '1' } : {};
  if (!flag('--pg-only')) {
    const dataDir = join(REPO, '.data', `bench-load-pglite${suffix}`);
    if (SMOKE) await seedSmoke({ DATA_DIR: dataDir });
    ok = (await runTarget({ label: 'PGlite', env: { ...common, DATA_DIR: dataDir, DATABASE_URL: '' } }, out)) && ok;
  }
  if (!flag('--pglite-only')) {
    const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `nj_bench_load${suffix.replace('-', '_')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    if (SMOKE) await seedSmoke({ DATABASE_URL: u.toString() });
    ok = (await runTarget({ label: 'PostgreSQL', env: { ...common, DATABASE_URL: u.toString() } }, out)) && ok;
  }
  console.log(out.join('\n'));
  if (SMOKE && !ok) {
    console.error('\nbench:load (smoke): some requests failed');
    process.exit(1);
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
