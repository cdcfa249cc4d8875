import { join } from 'node:path';
import { openDatabase, readDbConfig } from '@nj/db';
import { benchAutocomplete } from './bench-autocomplete.ts';

/**
 * Standalone runner: `node --import tsx packages/geo/src/bench/run-bench-autocomplete.ts [DATA_DIR]` times place
 * autocomplete on the configured database (DATABASE_URL, else the given PGlite folder, else DATA_DIR/pglite) and
 * prints p50/p95/p99 in ms. Load places first (server start, `npm run import:places -- FILE`).
 */
const config = readDbConfig(process.env);
const dataDir = process.argv[2] ?? join(config.dataDir, 'pglite');
const database = await openDatabase(config.url ? { url: config.url } : { dataDir });
try {
  const r = await benchAutocomplete(database);
  console.log(`Place autocomplete on ${database.kind} with ${r.places.toLocaleString('en')} places, ${r.queries} queries: ` +
    `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms; ${r.typoQueries} typos p95 ${r.typoP95Ms} ms`);
} finally {
  await database.close();
}
