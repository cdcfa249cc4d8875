/**
 * `npm run bench:pages [-- --smoke]`
 *
 * Pages on a phone (issue 9 §8): Lighthouse's performance category, with its default mobile emulation and
 * simulated throttling (a mid-range phone on slow 4G, CPU slowed 4×), on three pages of a server this script starts:
 *  - `home`: `/`;
 *  - `propiedades`: `/propiedades` on a Guadalajara viewport at zoom 14;
 *  - `detalle`: the first listing's `/propiedades/{slug}` in the server's sitemap.
 * For each page it records the performance score (0–100), LCP, TBT, CLS, FCP and the bytes the page moved. Full mode
 * runs each page 3 times and reports the median of each figure on its own; smoke mode (`BENCH_SMOKE=1` or `--smoke`,
 * for CI through `npm run bench:smoke`) runs the home page once, so the bench is exercised without costing minutes.
 *
 * The server is the one the end-to-end run uses: `e2e/start-server.ts` (its own web build, its own copy of the demo
 * database from a template, removed when it stops), here with `NODE_ENV=production` as deployed, on a free
 * 127.0.0.1 port; the script waits for its `Listo:` line, fetches each page once to warm it, runs Lighthouse, then
 * stops it with SIGTERM. Its output goes to `.data/bench-pages-server.log`. Chrome is Debian's Chromium
 * (`CHROMIUM_PATH`, default /usr/bin/chromium), headless, a fresh instance per Lighthouse run.
 *
 * A run Lighthouse cannot measure (a broken trace, as NO_NAVSTART under load) is run once more, as Lighthouse advises.
 * Exits 1 only when the server does not start or Lighthouse fails twice running: a low score is a finding,
 * recorded in docs/benchmarks.md.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { REPO, startBenchServer, stopBenchServer } from './bench-server.ts';

const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
const RUNS = SMOKE ? 1 : 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const GUADALAJARA = '/propiedades?north=20.70&south=20.66&east=-103.36&west=-103.40&zoom=14';

type Figures = { score: number; lcp: number; tbt: number; cls: number; fcp: number; bytes: number; benchmarkIndex: number };
type Page = { name: string; path: string };

/** The first listing's detail path in the sitemap (the index, then its parts in order). */
async function firstListingPath(base: string): Promise<string> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname);
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return res.text();
  };
  const index = await get('/sitemap.xml');
  const parts = index.includes('<sitemapindex') ? locs(index) : ['/sitemap.xml'];
  for (const part of parts) {
    const detail = locs(part === '/sitemap.xml' ? index : await get(part)).find((p) => /^\/propiedades\/[^/]+$/.test(p));
    if (detail) return detail;
  }
  throw new Error('no /propiedades/{slug} in the sitemap: the database has no listings');
}

/** One Lighthouse run (performance only, default mobile settings) in a fresh headless Chromium. */
async function measure(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave no performance score for ${url}`);
    const value = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (v === undefined) throw new Error(`Lighthouse gave no ${id} for ${url}`);
      return v;
    };
    return {
      score: Math.round(score * 100),
      lcp: value('largest-contentful-paint'), tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'), bytes: value('total-byte-weight'), benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function medianFigures(runs: Figures[]): Figures {
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return {
    score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), fcp: pick('fcp'), bytes: pick('bytes'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
}

function printTable(rows: { page: Page; figures: Figures; runs: Figures[] }[]): void {
  const header = ['page', 'score', 'LCP s', 'TBT ms', 'CLS', 'FCP s', 'KB', 'scores of the runs'];
  const lines = rows.map(({ page, figures: f, runs }) => [
    page.name, String(f.score), (f.lcp / 1000).toFixed(1), String(Math.round(f.tbt)), f.cls.toFixed(3),
    (f.fcp / 1000).toFixed(1), String(Math.round(f.bytes / 1024)), runs.map((r) => r.score).join(' / '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

async function main(): Promise<number> {
  mkdirSync(join(REPO, '.data'), { recursive: true });
  const logFile = join(REPO, '.data/bench-pages-server.log');
  const started = Date.now();
  console.log(`bench:pages${SMOKE ? ' (smoke)' : ''}: starting e2e/start-server.ts (log: ${logFile})`);
  const { child: server, port } = await startBenchServer({ program: 'e2e/start-server.ts', logFile });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => void stopBenchServer(server).then(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const pages: Page[] = [{ name: 'home', path: '/' }];
    if (!SMOKE) pages.push({ name: 'propiedades', path: GUADALAJARA }, { name: 'detalle', path: await firstListingPath(base) });
    for (const page of pages) {
      const res = await fetch(`${base}${page.path}`); // warms the server's first render and page cache
      if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}`);
      await res.arrayBuffer();
    }
    const rows: { page: Page; figures: Figures; runs: Figures[] }[] = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = Date.now();
        let f: Figures;
        try {
          f = await measure(`${base}${page.path}`);
        } catch (error) {
          // Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP under load) is to run again: once.
          console.log(`  ${page.name} run ${i + 1}/${RUNS} failed, run again: ${(error as Error).message}`);
          f = await measure(`${base}${page.path}`);
        }
        console.log(`  ${page.name} ${page.path} run ${i + 1}/${RUNS}: score ${f.score}, LCP ${(f.lcp / 1000).toFixed(1)} s, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
        runs.push(f);
      }
      rows.push({ page, figures: medianFigures(runs), runs });
    }
    console.log(`\nLighthouse mobile (default emulation and simulated throttling), ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per page; benchmarkIndex ${Math.round(median(rows.flatMap((r) => r.runs.map((x) => x.benchmarkIndex))))}; targets: score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms`);
    printTable(rows);
    return 0;
  } finally {
    await stopBenchServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
