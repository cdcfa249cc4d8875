/**
 * Prints the size of the JavaScript every page loads (the client entry, the root route and every chunk they import,
 * as React Router's browser manifest lists them), raw and gzip, and what share of it each package is, with the
 * `@nj/contracts` modules it holds one by one. Issue 8 part 5 ("the shared chunk every page loads shrinks; measure
 * before and after in docs/benchmarks.md").
 *
 * Run: `npm run bundle:report -w @nj/web` (builds with the module-sizes plugin into
 * `apps/web/node_modules/.cache/nj-bundle-report`, then runs this file). Reads `<build>/client/assets/manifest-*.js`
 * and `<build>/bundle-report/modules.json`; prints Markdown tables.
 * Sizes are bytes as written to disk (raw) and gzip at zlib's default level (what Vite's build log prints).
 * Per-package shares are estimates: each package's modules are minified together on their own with the minifier
 * Vite uses (oxc), then gzipped; the chunk minifies all of them at once, so shares do not add up exactly.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync } from 'vite';
import type { TChunkModules } from './module-sizes-plugin.ts';

type TManifestEntry = { module: string; imports?: string[] };
type TManifest = { entry: TManifestEntry; routes: Record<string, TManifestEntry & { id: string }> };

// npm run bundle:report builds into a private folder (NJ_WEB_BUILD_DIR), so it never empties apps/web/build under a
// server or an end-to-end run using it.
const buildDir = process.env.NJ_WEB_BUILD_DIR || join(import.meta.dirname, '..', 'build');

/** Reads React Router's browser manifest (`window.__reactRouterManifest=…;`). Throws when the build is missing. */
function readManifest(): TManifest {
  const assets = join(buildDir, 'client', 'assets');
  const file = readdirSync(assets).find((name) => name.startsWith('manifest-') && name.endsWith('.js'));
  if (!file) throw new Error(`no React Router manifest in ${assets}: run the build first`);
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as TManifest;
}

/** Chunk file names (relative to build/client, no leading slash) a route entry loads: its module and imports. */
function chunksOf(entry: TManifestEntry): string[] {
  return [entry.module, ...(entry.imports ?? [])].map((path) => path.replace(/^\//, ''));
}

/** Raw and gzip bytes of one emitted file under build/client. */
function fileSizes(fileName: string): { raw: number; gzip: number } {
  const bytes = readFileSync(join(buildDir, 'client', fileName));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

/** The package a module id belongs to: `@nj/contracts`, `app`, an npm package name, or `other`. */
export function packageOf(id: string): string {
  if (id.includes('/packages/contracts/src/')) return '@nj/contracts';
  if (id.includes('/packages/')) return '@nj/' + id.split('/packages/')[1]!.split('/')[0];
  if (id.includes('/apps/web/app/')) return 'app (apps/web/app)';
  const nodeModules = id.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = id.slice(nodeModules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return 'other';
}

/** Minified and gzip bytes of a piece of code (estimate of its share of a minified chunk). */
function minifiedSizes(code: string): { min: number; gzip: number } {
  const min = minifySync('part.js', code, { compress: true, mangle: true }).code;
  return { min: Buffer.byteLength(min), gzip: gzipSync(min).length };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

function main(): void {
  const manifest = readManifest();
  const root = manifest.routes['root'];
  if (!root) throw new Error('the manifest has no root route');
  const shared = [...new Set([...chunksOf(manifest.entry), ...chunksOf(root)])];

  console.log('## JavaScript every page loads (client entry + root route and their imports)\n');
  console.log('| chunk | raw kB | gzip kB |\n|---|---:|---:|');
  let raw = 0;
  let gzip = 0;
  for (const chunk of shared.map((fileName) => ({ fileName, ...fileSizes(fileName) })).sort((a, b) => b.raw - a.raw)) {
    raw += chunk.raw;
    gzip += chunk.gzip;
    console.log(`| ${chunk.fileName.replace('assets/', '')} | ${kB(chunk.raw)} | ${kB(chunk.gzip)} |`);
  }
  console.log(`| **total (${shared.length} files)** | **${kB(raw)}** | **${kB(gzip)}** |\n`);

  const chunks = JSON.parse(readFileSync(join(buildDir, 'bundle-report', 'modules.json'), 'utf8')) as TChunkModules[];
  const sharedSet = new Set(shared);
  const byPackage = new Map<string, string[]>();
  const contracts = new Map<string, string>();
  for (const chunk of chunks) {
    if (!sharedSet.has(chunk.fileName)) continue;
    for (const [id, code] of Object.entries(chunk.modules)) {
      if (!code) continue;
      const name = packageOf(id);
      byPackage.set(name, [...(byPackage.get(name) ?? []), code]);
      if (name === '@nj/contracts') contracts.set(id.split('/packages/contracts/src/')[1]!, code);
    }
  }
  console.log('## Share of it by package (each minified on its own, estimate)\n');
  console.log('| package | modules | minified kB | gzip kB |\n|---|---:|---:|---:|');
  const rows = [...byPackage].map(([name, codes]) => ({ name, count: codes.length, ...minifiedSizes(codes.join('\n')) }));
  for (const row of rows.sort((a, b) => b.min - a.min)) {
    console.log(`| ${row.name} | ${row.count} | ${kB(row.min)} | ${kB(row.gzip)} |`);
  }
  console.log('\n## @nj/contracts modules in it\n');
  console.log('| module | minified kB |\n|---|---:|');
  const modules = [...contracts].map(([id, code]) => ({ id, ...minifiedSizes(code) }));
  for (const row of modules.sort((a, b) => b.min - a.min)) console.log(`| ${row.id} | ${kB(row.min)} |`);

  console.log('\n## JavaScript per page (shared + the route module and its imports)\n');
  console.log('| route | raw kB | gzip kB |\n|---|---:|---:|');
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root') continue;
    const files = [...new Set([...shared, ...chunksOf(route)])];
    const sizes = files.map(fileSizes);
    const sum = (key: 'raw' | 'gzip') => sizes.reduce((total, size) => total + size[key], 0);
    console.log(`| ${route.id.replace('routes/', '')} | ${kB(sum('raw'))} | ${kB(sum('gzip'))} |`);
  }
}

main();
