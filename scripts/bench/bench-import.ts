/**
 * `npm run bench:import [-- --rows N]` (issue 10 "Performance and limits"): how long an import of N rows takes on
 * the embedded database (PGlite, in memory) with geocoding, and whether memory stays flat.
 *
 * Data: synthetic listings the bench writes itself to a temporary CSV with Spanish headers and no coordinates
 * ('Tipo', 'Operación', 'Precio', 'Recámaras', 'Baños', 'Superficie construida', 'Colonia', 'Municipio', 'Estado',
 * 'Fecha de publicación'), each row naming a real colonia (or, one row in four, only a municipality) of the shipped
 * places, so every row goes through the geocoder. Baseline, in the same process: the same rows with 'Latitud' and
 * 'Longitud' columns (no geocoding). A third run imports a file ten times smaller, to compare peak memory: flat
 * memory means the large file's peak RSS is close to the small one's (the importer streams; only the geocoder's
 * places and one batch are held).
 *
 * Prints, per run: rows, seconds, rows/s, peak RSS (MB, sampled every 50 ms) and the ratios. Default 20,000 rows;
 * `BENCH_SMOKE=1` (CI through `npm run bench:smoke`): 1,000 rows. Exits 1 when an import skips more than 1 % of its rows
 * (the synthetic rows are all valid; a few municipality names are ambiguous within their state and are skipped). `BENCH_IMPORT_KEEP=1` keeps the generated files and prints where.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importListingsFile, migrate, openDatabase, type Database } from '@nj/db';
import { loadShippedPlaces } from '@nj/geo';

const { values } = parseArgs({ options: { rows: { type: 'string' } } });
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = Number(values.rows ?? (SMOKE ? 1000 : 20_000));

type Place = { kind: string; name: string; municipality: string; state: string; lat: number; lng: number };

/** A small deterministic generator (mulberry32), so every run writes the same file. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** Writes `rows` listings to a CSV; with `coordinates`, adds the place's point (the baseline file). */
function writeFile(path: string, places: Place[], rows: number, coordinates: boolean): void {
  const next = random(42);
  const types = [['Departamento', 'apartment'], ['Casa', 'house'], ['Casa en condominio', 'house'], ['Oficina', 'office']] as const;
  const header = ['Clave', 'Tipo', 'Operación', 'Precio', 'Recámaras', 'Baños', 'Superficie construida', 'Colonia', 'Municipio', 'Estado', 'Fecha de publicación'];
  if (coordinates) header.push('Latitud', 'Longitud');
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    const place = places[Math.floor(next() * places.length)]!;
    const renta = next() < 0.4;
    const type = types[Math.floor(next() * types.length)]!;
    const price = renta ? 6000 + Math.round(next() * 60) * 500 : 900_000 + Math.round(next() * 200) * 25_000;
    const day = 1 + Math.floor(next() * 28);
    const cells: (string | number)[] = [
      `B-${i + 1}`, type[0], renta ? 'Renta' : 'Venta', `$${price.toLocaleString('en-US')}`, `${1 + Math.floor(next() * 4)} recámaras`,
      `${1 + Math.floor(next() * 3)}`, `${45 + Math.floor(next() * 250)} m2`,
      place.kind === 'colonia' && next() < 0.75 ? place.name : '', place.municipality, place.state, `${day}/10/2024`,
    ];
    if (coordinates) cells.push(place.lat.toFixed(6), place.lng.toFixed(6));
    lines.push(cells.map(csvCell).join(','));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Runs one import into its own fresh in-memory database; returns seconds, peak RSS (MB) and the summary. */
async function run(label: string, path: string, template: (db: Database) => Promise<void>): Promise<{ label: string; rows: number; seconds: number; peakMb: number; skipped: number }> {
  const database = await openDatabase({});
  try {
    await migrate(database);
    await template(database);
    globalThis.gc?.();
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const summary = await importListingsFile(database, path, { source: 'bench', asOf: '2024-11-01' });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (summary.skipped > 0) console.log(`  ${label}: ${summary.skipped} filas omitidas`, summary.skippedByReason.slice(0, 3));
    return { label, rows: summary.total, seconds, peakMb: peak / 1024 / 1024, skipped: summary.skipped };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'nj-bench-import-'));
  try {
    // The places the rows name: colonias and municipalities of the shipped data, read once from a scratch database.
    const scratch = await openDatabase({});
    await migrate(scratch);
    await loadShippedPlaces(scratch, { log: () => {} });
    const places = (await scratch.db
      .selectFrom('places')
      .select(['kind', 'name', 'municipality_name', 'state_name', 'lat', 'lng'])
      .where('kind', 'in', ['neighbourhood', 'locality'])
      .where('municipality_name', 'is not', null)
      .execute()) as unknown as { kind: string; name: string; municipality_name: string; state_name: string; lat: number; lng: number }[];
    await scratch.close();
    const pool: Place[] = places
      .filter((p) => p.state_name)
      .map((p) => ({ kind: p.kind === 'neighbourhood' ? 'colonia' : 'municipality', name: p.name, municipality: p.municipality_name, state: p.state_name, lat: p.lat, lng: p.lng }));
    console.log(`bench:import — ${ROWS} filas, ${pool.length} lugares de origen`);
    const geocoded = join(dir, 'sin-coordenadas.csv');
    const baseline = join(dir, 'con-coordenadas.csv');
    const small = join(dir, 'pequeno.csv');
    writeFile(geocoded, pool, ROWS, false);
    writeFile(baseline, pool, ROWS, true);
    writeFile(small, pool, Math.max(100, Math.round(ROWS / 10)), false);
    const withPlaces = async (db: Database) => {
      await loadShippedPlaces(db, { log: () => {} });
    };
    const results = [];
    results.push(await run('con coordenadas (línea base)', baseline, withPlaces));
    results.push(await run('sin coordenadas (geocodificadas)', geocoded, withPlaces));
    results.push(await run('sin coordenadas, archivo 10× menor', small, withPlaces));
    console.log('| importación | filas | s | filas/s | RSS pico (MB) |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.label} | ${r.rows} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${r.peakMb.toFixed(0)} |`);
    const [base, geo, tenth] = results as [typeof results[0], typeof results[0], typeof results[0]];
    console.log(`geocodificar / línea base (tiempo): ${(geo.seconds / base.seconds).toFixed(2)}×`);
    console.log(`RSS pico, archivo completo / 10× menor: ${(geo.peakMb / tenth.peakMb).toFixed(2)}×`);
    // A few names are ambiguous inside their state (two 'San Pedro Mixtepec' in Oaxaca): the geocoder skips those.
    return results.some((r) => r.skipped > r.rows / 100) ? 1 : 0;
  } finally {
    if (process.env.BENCH_IMPORT_KEEP === '1') console.log(`archivos en ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
