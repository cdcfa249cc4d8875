/**
 * `node --import tsx packages/core/src/screening/bench/bench-screening.ts [ENTRIES] [--postgres]`
 *
 * Screening at list scale (issue 12 'Investigation': fast enough for 100k entries; decision 017): builds a synthetic
 * 'Listado completo 69-B' of ENTRIES rows (default 100,000; invented names from common Mexican given names and
 * surnames, so many entries share tokens, as real lists do), imports it with importScreeningList into a fresh
 * embedded database in the system temp folder (or, with `--postgres`, a scratch database nj_bench_screening_* on
 * PG_TEST_URL's server, default the local one, dropped afterwards), then screens 200 people
 * (half of them listed) and prints the import time and the screening times (median, p95, max) in ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '@nj/db';
import { createScratchDatabase } from '@nj/db/testing/postgres-server';
import { importScreeningList } from '../import-screening-list.ts';
import { screenPerson } from '../screen-person.ts';

const GIVEN = ['JUAN', 'JOSE', 'MARIA', 'GUADALUPE', 'LUIS', 'CARLOS', 'ANA', 'JORGE', 'MIGUEL', 'ROSA', 'PEDRO', 'LAURA', 'FERNANDO', 'PATRICIA', 'RICARDO', 'ELENA', 'ALEJANDRO', 'SOFIA', 'DANIEL', 'GABRIELA', 'JAVIER', 'ADRIANA', 'RAUL', 'VERONICA', 'SERGIO', 'MONICA', 'ARTURO', 'CLAUDIA', 'FRANCISCO', 'DIANA'];
const SURNAMES = ['HERNANDEZ', 'GARCIA', 'MARTINEZ', 'LOPEZ', 'GONZALEZ', 'PEREZ', 'RODRIGUEZ', 'SANCHEZ', 'RAMIREZ', 'CRUZ', 'FLORES', 'GOMEZ', 'MORALES', 'VAZQUEZ', 'REYES', 'JIMENEZ', 'TORRES', 'DIAZ', 'GUTIERREZ', 'RUIZ', 'MENDOZA', 'AGUILAR', 'ORTIZ', 'MORENO', 'CASTILLO', 'ROMERO', 'ALVAREZ', 'MENDEZ', 'CHAVEZ', 'RIVERA', 'JUAREZ', 'RAMOS', 'DOMINGUEZ', 'HERRERA', 'MEDINA', 'CASTRO', 'VARGAS', 'GUZMAN', 'VELAZQUEZ', 'ROJAS'];

const args = process.argv.slice(2);
const entries = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const scratch = args.includes('--postgres') ? await createScratchDatabase('nj_bench_screening') : null;
const pgUrl = scratch?.url;
let seed = 12345;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

const people: string[] = [];
const rows: string[] = [];
for (let i = 1; i <= entries; i++) {
  const name = `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(GIVEN)}${random() < 0.4 ? ` ${pick(GIVEN)}` : ''}`;
  people.push(name);
  const rfc = `${name.slice(0, 4).replace(/\s/g, 'X')}${String(500101 + (i % 9000)).padStart(6, '0')}${String(i % 1000).padStart(3, '0')}`;
  rows.push(`${i},${rfc},"${name}",${random() < 0.8 ? 'Definitivo' : 'Presunto'},,,,,,,,,,,,,,,,`);
}
const csv = ['"Información actualizada al 31 de octubre de 2026",,,', 'No,RFC,Nombre del Contribuyente,Situación del contribuyente', ...rows].join('\r\n');

const folder = pgUrl ? null : mkdtempSync(join(tmpdir(), 'nj-bench-screening-'));
const database: Database = await openDatabase(pgUrl ? { url: pgUrl, poolSize: 2, slowQuery: false } : { dataDir: folder!, slowQuery: false });
try {
  await migrate(database);
  const started = performance.now();
  const result = await importScreeningList(database, { listId: 'sat-69b', files: { main: new TextEncoder().encode(csv) } });
  const importMs = performance.now() - started;
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < 200; i++) {
    const listed = i % 2 === 0;
    const name = listed ? people[Math.floor(random() * people.length)]!.split(' ').reverse().join(' ') : `${pick(GIVEN)} ${pick(SURNAMES)} ${pick(SURNAMES)}`;
    const t0 = performance.now();
    hits += (await screenPerson(database, { name })).length > 0 ? 1 : 0;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${result.entries} entries imported in ${(importMs / 1000).toFixed(1)} s; 200 screenings (${hits} with hits): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
} finally {
  await database.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  await scratch?.drop();
}
