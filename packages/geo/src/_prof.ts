import { openDatabase } from '@nj/db';
import { sql } from 'kysely';
import { autocompletePlaces } from './autocomplete-places.ts';
const database = await openDatabase({ dataDir: '/tmp/geo-bench/pglite' });
const names = (await sql<{ name: string }>`SELECT name FROM places TABLESAMPLE SYSTEM (5) LIMIT 800`.execute(database.db)).rows;
const qs = names.map(({ name }, i) => name.slice(0, 1 + (i % 12)));
let times: [number, string, number][] = [];
for (let pass = 0; pass < 2; pass++) {
  times = [];
  for (const q of qs) {
    const t = performance.now();
    const r = await autocompletePlaces(database, { q });
    times.push([performance.now() - t, q, r.length]);
  }
}
times.sort((a, b) => b[0] - a[0]);
//console.log(times.slice(0, 40).map(([t, q, n]) => `${t.toFixed(1)} ${JSON.stringify(q)} ${n}`).join('\n'));
const t0 = performance.now();
for (let i = 0; i < 200; i++) await sql`select 1`.execute(database.db);
console.log('select 1 avg', ((performance.now() - t0) / 200).toFixed(2));
await database.close();
const db2 = await openDatabase({ dataDir: '/tmp/geo-bench/pglite' });
for (const q of ['Río San Pe', 'Luna del T', 'Valle de Tl', 'Pachu', 'L', 'Villa', 'Colonia Mor', 'Champa de C', 'Cd. C', 'providencia guadalajara', 'roma norte cdmx']) {
  const ts: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); await autocompletePlaces(db2, { q }); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(q, 'median', ts[7]!.toFixed(2), 'min', ts[0]!.toFixed(2));
}
await db2.close();
