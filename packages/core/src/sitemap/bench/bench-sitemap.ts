/**
 * `npm run bench:sitemap [-- ROWS] [--sepomex FILE] [--pglite]`
 *
 * The sitemap's place queries (issue 9): which colonias' pages show listings (propertiesRepository
 * .coloniaPagesWithListings: one GiST probe per distinct colonia area, decision 014) and which state, municipality
 * and town pages show listings of each type and operation (placePagesWithListings: one scan per place area,
 * decision 015), timed against the queries they replaced (kept here for the comparison: colonias matched to listings
 * by normalised name and municipality, `byName`; every state and large locality, `largePlaces`; category pages by
 * state and municipality names, `categoriesByName`). Data: ROWS synthetic listings of generate-listings.ts (default 1,000,000 on
 * PostgreSQL in database nj_bench_sitemap on DATABASE_URL's server or postgres://postgres@127.0.0.1:5432; 100,000
 * on PGlite in .data/bench-sitemap-pglite-N with `--pglite`), the shipped places with their colonia polygons, and
 * with `--sepomex FILE` the SEPOMEX colonias (~150,000, most known only by their town's point; the catalogue is not
 * shipped: packages/geo import-sepomex-places.ts). Data is kept between runs while it matches. Prints each query's
 * runs in ms (the first one cold), its row count, and how many colonias and distinct areas were asked about.
 */
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { migrate, openDatabase, type Database } from '@nj/db';
import { importSepomexPlaces } from '@nj/geo';
import { fillSyntheticListings, loadPlaces } from '../../search/bench/fill-listings.ts';
import { propertiesRepository } from '../../properties/properties-repository.ts';

const REPO = new URL('../../../../../', import.meta.url).pathname;
const RUNS = 5;
const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const sepomex = args.includes('--sepomex') ? args[args.indexOf('--sepomex') + 1] : undefined;
const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? (pglite ? 100_000 : 1_000_000));

/** The query the sitemap used before issue 9's fix: colonias whose normalised name and municipality a listing names. */
async function byName(database: Database): Promise<number> {
  const r = await sql<{ slug: string }>`
    SELECT pl.slug FROM places pl
    JOIN (SELECT DISTINCT nj_normalize(neighborhood) AS n, nj_normalize(municipality) AS m FROM properties
          WHERE is_active AND neighborhood IS NOT NULL) x
      ON x.n = pl.name_norm AND x.m = nj_normalize(pl.municipality_name)
    WHERE pl.kind = 'neighbourhood'`.execute(database.db);
  return r.rows.length;
}

/** The states and localities of 20,000+ people the sitemap listed before decision 015, whatever their pages show. */
async function largePlaces(database: Database): Promise<number> {
  const r = await sql<{ slug: string }>`
    SELECT slug FROM places WHERE kind = 'region' OR (kind = 'locality' AND population >= 20000) ORDER BY slug`.execute(database.db);
  return r.rows.length;
}

/** The category pages before decision 015: listings matched to states and municipalities by name (rows). */
async function categoriesByName(database: Database): Promise<number> {
  const r = await sql<{ slug: string }>`
    WITH x AS (
      SELECT nj_normalize(municipality) AS m, nj_normalize(state) AS s, property_type,
             bool_or(is_renta) AS rent, bool_or(is_venta) AS sale
      FROM properties WHERE is_active AND state IS NOT NULL GROUP BY 1, 2, 3)
    SELECT pl.slug, x.property_type, bool_or(x.rent) AS rent, bool_or(x.sale) AS sale
    FROM x JOIN places pl ON pl.kind = 'region' AND x.s LIKE nj_normalize(pl.state_name) || '%'
    GROUP BY 1, 2
    UNION ALL
    SELECT pl.slug, x.property_type, bool_or(x.rent), bool_or(x.sale)
    FROM x JOIN places pl ON pl.name_norm = x.m AND pl.id LIKE 'M%' AND x.s LIKE nj_normalize(pl.state_name) || '%'
    GROUP BY 1, 2`.execute(database.db);
  return r.rows.length;
}

async function time(label: string, run: () => Promise<number>): Promise<void> {
  const ms: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    count = await run();
    ms.push(Math.round(performance.now() - t));
  }
  const warm = ms.slice(1).sort((a, b) => a - b);
  console.log(`  ${label}: ${count.toLocaleString('es-MX')} filas · ms ${ms.join(', ')} · mediana en caliente ${warm[Math.floor(warm.length / 2)]}`);
}

async function open(): Promise<Database> {
  if (pglite) return openDatabase({ dataDir: join(REPO, '.data', `bench-sitemap-pglite-${rows}`), slowQuery: false });
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'nj_bench_sitemap'`)).rowCount === 0) {
    await admin.query('CREATE DATABASE nj_bench_sitemap');
  }
  await admin.end();
  const u = new URL(url);
  u.pathname = '/nj_bench_sitemap';
  return openDatabase({ url: u.toString(), slowQuery: false });
}

async function main(): Promise<void> {
  const database = await open();
  await migrate(database);
  await loadPlaces(database);
  if (sepomex) console.log(`  SEPOMEX: ${JSON.stringify(await importSepomexPlaces(database, sepomex))}`);
  await fillSyntheticListings(database, rows);
  const counts = await sql<{ colonias: number; areas: number }>`
    SELECT count(*)::int AS colonias,
           count(DISTINCT (CASE WHEN o.place_id IS NOT NULL THEN p.id END, p.min_lat, p.min_lng, p.max_lat, p.max_lng,
                           CASE WHEN p.min_lat IS NULL THEN p.lat END, CASE WHEN p.min_lat IS NULL THEN p.lng END))::int AS areas
    FROM places p LEFT JOIN place_outlines o ON o.place_id = p.id WHERE p.kind = 'neighbourhood'`.execute(database.db);
  console.log(`bench:sitemap · ${pglite ? 'PGlite' : 'PostgreSQL'} · ${rows.toLocaleString('es-MX')} propiedades · `
    + `${counts.rows[0]!.colonias.toLocaleString('es-MX')} colonias en ~${counts.rows[0]!.areas.toLocaleString('es-MX')} áreas distintas`);
  await time('colonias con anuncios en su área (coloniaPagesWithListings)', async () => (await propertiesRepository.coloniaPagesWithListings(database)).length);
  await time('estados, municipios y localidades grandes con anuncios en su área, por tipo (placePagesWithListings)', async () => (await propertiesRepository.placePagesWithListings(database, 20_000)).length);
  await time('antes: colonias por nombre', () => byName(database));
  await time('antes: estados y localidades grandes, todos (largePlaceSlugs)', () => largePlaces(database));
  await time('antes: categorías de estados y municipios por nombre (categoryPagesWithListings)', () => categoriesByName(database));
  await database.close();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
