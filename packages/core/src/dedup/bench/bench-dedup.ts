/**
 * `npm run bench:dedup` — cross-source de-duplication on the demo data (issue 16; decision 034).
 *
 * Full mode: the 25,145 demo listings (data/listings/demo-listings.csv.gz) in a PGlite database kept in
 * .data/bench-dedup-pglite (imported on the first run, about a minute), then:
 * - the full grouping (regroupAllListings) three times: the first writes the groups, the next ones find nothing to
 *   change (read + group + compare only); the time of the grouping step alone (groupDuplicates, in memory);
 * - how many groups and grouped listings, groups by size and by sources;
 * - the incremental run (regroupChangedListings) after 100 listings changed price, and after views of 1,000
 *   listings (counter writes: nothing queued).
 * Smoke mode (BENCH_SMOKE=1, part of `npm run bench:smoke`): 20,000 synthetic listings with 10 % repeats in memory,
 * grouped once, checked against the repeats planted. Prints figures; asserts nothing but the smoke's plant.
 */
import { sql } from 'kysely';
import { ensureDemoData, migrate, openDatabase } from '@nj/db';
import { groupDuplicates } from '../group-duplicates.ts';
import { dedupRepository } from '../dedup-repository.ts';
import { regroupAllListings } from '../regroup-all-listings.ts';
import { regroupChangedListings } from '../regroup-changed-listings.ts';
import type { DupCandidate } from '../duplicate-rule.ts';

const RATES = { usd: 18.5, eur: 20 };
const REPO = new URL('../../../../../', import.meta.url).pathname;

function smoke(): void {
  let seed = 42;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const list: DupCandidate[] = [];
  let planted = 0;
  for (let i = 0; i < 20_000; i++) {
    const base: DupCandidate = {
      puid: `p_${i}`, source: 'inmuebles24', owner_cuid: null, lat: 19 + rnd() * 2, lng: -104 + rnd() * 5, approximate: false,
      is_renta: true, is_venta: false, property_type: 'apartment', rent_price: 8_000 + Math.round(rnd() * 40_000), rent_currency: 'mxn',
      sale_price: null, sale_currency: 'mxn', rooms: 1 + Math.floor(rnd() * 4), construction_area: 40 + Math.round(rnd() * 200), land_area: null,
      images: 0, verified: false, published_ms: 0, filled: 0,
    };
    list.push(base);
    if (i % 10 === 0) {
      planted++;
      list.push({ ...base, puid: `p_${i}_kw`, source: 'kw', lat: base.lat + 0.0003, rent_price: base.rent_price! * 1.01 });
    }
  }
  const started = performance.now();
  const groups = groupDuplicates(list, RATES);
  const ms = performance.now() - started;
  const groupCount = new Set([...groups.values()].map((g) => g.group)).size;
  console.log(`smoke: ${list.length} listings, ${planted} repeats planted → ${groupCount} groups (${groups.size} listings) in ${ms.toFixed(1)} ms`);
  if (groupCount < planted) throw new Error(`bench:dedup smoke: expected at least ${planted} groups`);
}

async function full(): Promise<void> {
  const database = await openDatabase({ dataDir: `${REPO}.data/bench-dedup-pglite` });
  await migrate(database);
  await ensureDemoData(database, { log: (l) => console.log(l) });
  // Start from no groups, so the first run is the first start's.
  await sql`UPDATE properties SET dup_group = NULL, dup_hidden = false WHERE dup_group IS NOT NULL`.execute(database.db);
  for (let run = 1; run <= 3; run++) {
    const r = await regroupAllListings(database, RATES);
    console.log(`full grouping #${run}: ${r.listings} active listings → ${r.groups} groups holding ${r.grouped} listings (${r.grouped - r.groups} cards hidden); ${r.written} rows written; ${r.ms.toFixed(0)} ms`);
  }
  const candidates: DupCandidate[] = [];
  let after = '';
  for (;;) {
    const rows = await dedupRepository.activeCandidatesAfter(database.db, after, 20_000);
    candidates.push(...rows);
    if (rows.length < 20_000) break;
    after = rows[rows.length - 1]!.puid;
  }
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    groupDuplicates(candidates, RATES);
    times.push(performance.now() - t);
  }
  console.log(`grouping step alone (in memory, ${candidates.length} listings): ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  const sizes = await sql<{ size: number; groups: number }>`SELECT size, count(*)::int AS groups FROM (SELECT dup_group, count(*)::int AS size
    FROM properties WHERE dup_group IS NOT NULL GROUP BY 1) g GROUP BY 1 ORDER BY 1`.execute(database.db);
  console.log(`groups by size: ${sizes.rows.map((r) => `${r.size}: ${r.groups}`).join(', ')}`);
  const sources = await sql<{ sources: string; groups: number }>`SELECT sources, count(*)::int AS groups FROM (SELECT dup_group,
    string_agg(DISTINCT source, '+' ORDER BY source) AS sources FROM properties WHERE dup_group IS NOT NULL GROUP BY 1) g GROUP BY 1 ORDER BY 2 DESC`.execute(database.db);
  console.log(`groups by sources: ${sources.rows.map((r) => `${r.sources}: ${r.groups}`).join(', ')}`);
  // Incremental: 100 listings change price by 1 %.
  await sql`UPDATE properties SET rent_price = rent_price * 1.01, sale_price = sale_price * 1.01
    WHERE puid IN (SELECT puid FROM properties WHERE is_active ORDER BY md5(puid) LIMIT 100)`.execute(database.db);
  const t = performance.now();
  const inc = await regroupChangedListings(database, RATES);
  console.log(`incremental run after 100 changed listings: ${JSON.stringify(inc)} in ${(performance.now() - t).toFixed(0)} ms`);
  // Counter writes (views of 1,000 listings) queue nothing: the next run reads an empty queue.
  await database.db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(trx);
    await sql`UPDATE properties SET views = views + 1 WHERE puid IN (SELECT puid FROM properties WHERE is_active ORDER BY md5(puid) DESC LIMIT 1000)`.execute(trx);
  });
  const t2 = performance.now();
  const quiet = await regroupChangedListings(database, RATES);
  console.log(`incremental run after views of 1,000 listings: ${JSON.stringify(quiet)} in ${(performance.now() - t2).toFixed(0)} ms`);
  await database.close();
}

if (process.env.BENCH_SMOKE) smoke();
else await full();
