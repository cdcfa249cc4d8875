import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { generateListings } from './generate-listings.ts';

const REPO = new URL('../../../../../', import.meta.url).pathname;
const GENERATOR_VERSION = 'v1';

/**
 * Makes `properties` hold exactly `rows` synthetic listings (generate-listings.ts) for the benchmarks: kept when a
 * previous run left the same count and generator version (table bench_meta), else truncated (with what references
 * properties) and refilled in batches of 5,000. Logs progress; throws the database's errors. Benchmark databases
 * only: it empties the listings.
 */
export async function fillSyntheticListings(database: Database, rows: number): Promise<void> {
  await database.exec('CREATE TABLE IF NOT EXISTS bench_meta (version text, rows integer)');
  const meta = await sql<{ version: string; rows: number }>`SELECT version, rows FROM bench_meta`.execute(database.db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM properties`.execute(database.db);
  if (meta.rows[0]?.version === GENERATOR_VERSION && meta.rows[0]?.rows === rows && count.rows[0]?.n === rows) {
    console.log(`  datos en caché: ${rows.toLocaleString('es-MX')} propiedades`);
    return;
  }
  const started = performance.now();
  // CASCADE: a fresh database's likes, statistics and photos reference properties (the bench database is its own).
  await database.exec('TRUNCATE properties, property_tombstones CASCADE; DELETE FROM bench_meta;');
  const batch = 5000;
  for (let from = 0; from < rows; from += batch) {
    const c = generateListings(from, Math.min(batch, rows - from));
    await sql`INSERT INTO properties (puid, nj_uid, slug, source, source_id, title, property_type, is_renta, is_venta,
        is_active, rent_price, rent_currency, sale_price, sale_currency, lat, lng, rooms, bathrooms, parking_spots,
        construction_area, amenities, published_at, neighborhood, municipality)
      SELECT puid, nj_uid, slug, 'bench', source_id, title, property_type, is_renta, is_venta, is_active, rent_price,
        rent_currency, sale_price, sale_currency, lat, lng, rooms, bathrooms, parking_spots, construction_area,
        amenities::text[], published_at, neighborhood, municipality
      FROM unnest(${c.puid}::text[], ${c.nj_uid}::text[], ${c.slug}::text[], ${c.source_id}::text[], ${c.title}::text[],
        ${c.property_type}::text[], ${c.is_renta}::boolean[], ${c.is_venta}::boolean[], ${c.is_active}::boolean[],
        ${c.rent_price}::numeric[], ${c.rent_currency}::text[], ${c.sale_price}::numeric[], ${c.sale_currency}::text[],
        ${c.lat}::float8[], ${c.lng}::float8[], ${c.rooms}::smallint[], ${c.bathrooms}::smallint[],
        ${c.parking_spots}::smallint[], ${c.construction_area}::numeric[], ${c.amenities}::text[],
        ${c.published_at}::timestamptz[], ${c.neighborhood}::text[], ${c.municipality}::text[])
        AS t(puid, nj_uid, slug, source_id, title, property_type, is_renta, is_venta, is_active, rent_price,
          rent_currency, sale_price, sale_currency, lat, lng, rooms, bathrooms, parking_spots, construction_area,
          amenities, published_at, neighborhood, municipality)`.execute(database.db);
    if ((from / batch) % 20 === 19) process.stdout.write(`\r  insertadas ${(from + batch).toLocaleString('es-MX')}…`);
  }
  await database.exec('ANALYZE properties');
  await sql`INSERT INTO bench_meta (version, rows) VALUES (${GENERATOR_VERSION}, ${rows})`.execute(database.db);
  console.log(`\r  generadas ${rows.toLocaleString('es-MX')} propiedades en ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Loads the shipped places (for the answer's location and the autocomplete timing) when @nj/geo can. */
export async function loadPlaces(database: Database): Promise<void> {
  const file = join(REPO, 'packages/geo/src/load-shipped-places.ts');
  if (!existsSync(file)) return;
  try {
    const mod = (await import(file)) as { loadShippedPlaces?: (db: Database, o: { log: (l: string) => void }) => Promise<unknown> };
    await mod.loadShippedPlaces?.(database, { log: (l) => console.log(`  ${l}`) });
  } catch (error) {
    console.log(`  (lugares no cargados: ${(error as Error).message})`);
  }
}

