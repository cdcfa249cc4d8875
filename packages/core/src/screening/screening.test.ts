import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { isAppError } from '../errors/app-error.ts';
import { downloadScreeningList, importScreeningList } from './import-screening-list.ts';
import { parseOfacSdn } from './parse-ofac-sdn.ts';
import { parseSat69b } from './parse-sat-69b.ts';
import { readCsvRecords } from './read-list-csv.ts';
import { screenPerson } from './screen-person.ts';
import { screeningRepository } from './screening-repository.ts';
import { tablesOf } from './screening-tables.ts';

// Fixtures in the lists' real formats with invented names (fixtures/): the SAT's Latin-1 'Listado completo 69-B' with
// its legend lines, OFAC's header-less sdn.csv/alt.csv with '-0-' nulls and the Ctrl-Z end.
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));
const sat = fixture('listado-completo-69-b.csv');
const sdn = fixture('sdn.csv');
const alt = fixture('alt.csv');

describe('list files in their real formats', () => {
  it('reads CSV records with quotes, doubled quotes, CR/CRLF records and the Ctrl-Z end', () => {
    expect([...readCsvRecords('a,"b, c","d ""e"""\r\n1,2\r3\n\u001a')]).toEqual([['a', 'b, c', 'd "e"'], ['1', '2'], ['3']]);
  });

  it('parses the SAT 69-B list: Latin-1 accents, the legend date, the header found by its cells', () => {
    const parsed = parseSat69b(sat);
    expect(parsed.sourceDate).toBe('2026-10-31');
    expect(parsed.entries).toHaveLength(5);
    expect(parsed.entries[1]).toEqual({ entryId: '2', listRef: '2', name: 'ZÚÑIGA PEÑA ESTEBAN', rfc: 'ZUPE700512QW3', curp: null, status: 'Definitivo', entityType: null });
    expect(parsed.entries[4]).toMatchObject({ name: 'SERVICIOS "EL GUAJOLOTE" SEGURA, S.C.', status: 'Sentencia Favorable' });
  });

  it('parses the same 69-B table saved as UTF-8', () => {
    const utf8 = new TextEncoder().encode(new TextDecoder('latin1').decode(sat));
    expect(parseSat69b(utf8).entries[1]!.name).toBe('ZÚÑIGA PEÑA ESTEBAN');
  });

  it('parses OFAC sdn.csv and alt.csv: nulls, programs, R.F.C./C.U.R.P. from Remarks, aliases, no vessels', () => {
    const parsed = parseOfacSdn(sdn, alt);
    expect(parsed.sourceDate).toBeNull();
    expect(parsed.entries.map((e) => e.entryId)).toEqual(['36', '9001', '9002', '9001/a101', '9001/a102', '9002/a103']);
    expect(parsed.entries[1]).toEqual({
      entryId: '9001', listRef: '9001', name: 'VILLAREAL QUINTERO, Jacinto Rogelio', rfc: 'VIQJ690214AB3', curp: 'VIQJ690214HSLLNC05',
      status: 'SDNTK, ILLICIT-DRUGS-EO14059', entityType: 'individual',
    });
    expect(parsed.entries[0]).toMatchObject({ entityType: 'entity', rfc: null, status: 'CUBA' });
    expect(parsed.entries[3]).toMatchObject({ name: 'VILLAREAL, Chinto', listRef: '9001', rfc: 'VIQJ690214AB3' });
  });

  it('refuses a file of another format with a Spanish message', () => {
    for (const attempt of [() => parseSat69b(sdn), () => parseOfacSdn(sat)]) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect(isAppError(error) && error.code).toBe('BAD_REQUEST');
      }
    }
  });

  it('a download that cannot reach the agency fails with the offline message (no network used)', async () => {
    const offline = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    }) as typeof fetch;
    await expect(downloadScreeningList('sat-69b', { fetchImpl: offline })).rejects.toMatchObject({ code: 'UNAVAILABLE', msg: expect.stringContaining('¿Hay conexión a internet?') });
    const notFound = (async () => new Response('no', { status: 404 })) as typeof fetch;
    await expect(downloadScreeningList('ofac-sdn', { fetchImpl: notFound })).rejects.toMatchObject({ msg: expect.stringContaining('HTTP 404') });
  });
});

describe('importing and screening (database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('an interrupted import leaves the old list in place and resumes where it stopped', async () => {
    const first = await importScreeningList(database, { listId: 'sat-69b', files: { main: sat } });
    expect(first).toMatchObject({ entries: 5, resumedFrom: 0, unchanged: false, sourceDate: '2026-10-31' });
    expect(await importScreeningList(database, { listId: 'sat-69b', files: { main: sat } })).toMatchObject({ unchanged: true });

    // A new edition (one row fewer) stopped after its first batch of 2: screening still answers from the first one.
    const text = new TextDecoder('latin1').decode(sat).replace(/\r\n5,.*\r\n$/, '\r\n');
    const edition = Uint8Array.from(text, (c) => c.charCodeAt(0));
    await expect(importScreeningList(database, {
      listId: 'sat-69b', files: { main: edition }, batchSize: 2,
      afterBatch: (written) => {
        if (written === 2) throw new Error('killed');
      },
    })).rejects.toThrow('killed');
    expect((await screeningRepository.lists(database)).find((l) => l.list_id === 'sat-69b')).toMatchObject({ entries_count: 5 });
    expect(await screenPerson(database, { name: 'Esteban Zúñiga Peña' })).toHaveLength(1);

    const resumed = await importScreeningList(database, { listId: 'sat-69b', files: { main: edition }, batchSize: 2 });
    expect(resumed).toMatchObject({ entries: 4, resumedFrom: 2, unchanged: false });
    expect((await screeningRepository.lists(database)).find((l) => l.list_id === 'sat-69b')).toMatchObject({ entries_count: 4, source_date: '2026-10-31' });
    const rows = await tablesOf(database).selectFrom('screening_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(4);
  });

  it('matches names whatever their accents and order, RFC and CURP exactly; cleared taxpayers never', async () => {
    await importScreeningList(database, { listId: 'ofac-sdn', files: { main: sdn, alt }, sourceDate: '2026-11-20' });
    const zuniga = await screenPerson(database, { name: 'esteban zuniga pena' });
    expect(zuniga).toEqual([expect.objectContaining({ listId: 'sat-69b', listKind: 'blacklist', entryStatus: 'Definitivo', score: 1, by: 'name', strength: 'strong' })]);

    expect(await screenPerson(database, { name: 'Alguien Distinto', rfc: 'zupe-700512-qw3' })).toEqual([expect.objectContaining({ entryId: '2', by: 'rfc', strength: 'strong' })]);
    const byCurp = await screenPerson(database, { name: 'Otro Nombre', curp: 'VIQJ690214HSLLNC05' });
    expect(byCurp.map((h) => h.entryId)).toContain('9001');
    expect(byCurp.every((h) => h.by === 'curp' && h.listKind === 'pld')).toBe(true);

    const ofac = await screenPerson(database, { name: 'Jacinto Rogelio Villarreal Quintero' });
    expect(ofac[0]).toMatchObject({ listId: 'ofac-sdn', entryId: '9001', by: 'name', strength: 'strong' });
    expect(ofac[0]!.score).toBeGreaterThan(0.95);
    const partial = await screenPerson(database, { name: 'Jacinto Villareal Quintero' });
    expect(partial[0]).toMatchObject({ entryId: '9001', strength: 'weak', score: 0.857 });
    // Same name, another RFC: a homonym, so only weak.
    expect((await screenPerson(database, { name: 'Esteban Zúñiga Peña', rfc: 'ZUPE900101AAA' }))[0]).toMatchObject({ strength: 'weak' });

    expect(await screenPerson(database, { name: 'Armando Torres Valdés' })).toEqual([]); // Desvirtuado
    expect(await screenPerson(database, { name: 'María López' })).toEqual([]);
  });
});
