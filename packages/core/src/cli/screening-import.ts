/**
 * `npm run screening:import -- --list sat-69b|ofac-sdn [--file PATH] [--alt PATH] [--date YYYY-MM-DD]` (issue 12
 * 'Investigation'; decision 017): replaces one screening list on the database the server uses (DATABASE_URL, or
 * the embedded one in DATA_DIR) with the official file, downloaded from the agency (SAT: Listado completo 69-B;
 * OFAC: sdn.csv and alt.csv) or read from `--file` (and `--alt` for OFAC's aliases). `--date` gives the publication
 * date when the file carries none (OFAC's; the SAT's legend states it). An interrupted import is resumed by running
 * the command again with the same file; until it ends the previous list stays in use. Prints one line (Spanish) with
 * the entries; exits 1 with the reason (offline, wrong file, bad arguments). The embedded database is one process's:
 * stop the server first when it runs on PGlite.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { databaseOptions, migrate, openDatabase, readDbConfig } from '@nj/db';
import { isAppError } from '../errors/app-error.ts';
import { downloadScreeningList, importScreeningList, type ScreeningListFiles } from '../screening/import-screening-list.ts';
import { SCREENING_LISTS, type ScreeningListId } from '../screening/screening-lists.ts';

const USAGE = 'Uso: npm run screening:import -- --list sat-69b|ofac-sdn [--file RUTA] [--alt RUTA_ALT_CSV] [--date AAAA-MM-DD]';

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { list: { type: 'string' }, file: { type: 'string' }, alt: { type: 'string' }, date: { type: 'string' } } }));
  } catch {
    console.error(USAGE);
    return 1;
  }
  const listId = values.list as ScreeningListId | undefined;
  if (!listId || !(listId in SCREENING_LISTS) || (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) || (values.alt && !values.file)) {
    console.error(USAGE);
    return 1;
  }
  const database = await openDatabase(databaseOptions(readDbConfig(process.env)));
  try {
    let files: ScreeningListFiles;
    let sourceUrl: string | null = null;
    let sourceDate = values.date ?? null;
    if (values.file) {
      files = { main: new Uint8Array(readFileSync(values.file)), alt: values.alt ? new Uint8Array(readFileSync(values.alt)) : undefined };
    } else {
      console.log(`Descargando ${SCREENING_LISTS[listId].urls.join(' y ')} …`);
      const downloaded = await downloadScreeningList(listId);
      files = downloaded.files;
      sourceUrl = downloaded.sourceUrl;
      sourceDate ??= downloaded.lastModified;
    }
    await migrate(database);
    const result = await importScreeningList(database, { listId, files, sourceUrl, sourceDate });
    const date = result.sourceDate ? `, publicada el ${result.sourceDate}` : '';
    if (result.unchanged) console.log(`La lista ${listId} ya estaba al día: ${result.entries} entradas${date}.`);
    else console.log(`Lista ${listId} reemplazada: ${result.entries} entradas${date}${result.resumedFrom ? ` (reanudada desde la ${result.resumedFrom})` : ''}.`);
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error(error.msg);
      return 1;
    }
    if ((error as { code?: string }).code === 'ENOENT') {
      console.error(`No existe el archivo: ${(error as { path?: string }).path}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
