import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PLACES_MESSAGES as M } from '@nj/contracts';
import { databaseOptions, migrate, openDatabase, readDbConfig } from '@nj/db';
import { importSepomexPlaces } from '../import-sepomex-places.ts';
import { loadShippedPlaces } from '../load-shipped-places.ts';

/**
 * `npm run import:places -- FILE [--force]`: imports the SEPOMEX catalogue into the database named by DATABASE_URL
 * or DATA_DIR (PGlite in DATA_DIR/pglite, like the server), migrating it and loading the shipped places first.
 * Shows progress, then a summary and every skipped row. Exit code 1 when the file is missing or unreadable.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.error(M.usage);
    return values.help ? 0 : 1;
  }
  const path = resolve(file);
  if (!existsSync(path)) {
    console.error(`No existe el archivo ${path}`);
    return 1;
  }
  const config = readDbConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    await migrate(database);
    await loadShippedPlaces(database, { log: (line) => console.log(line) });
    console.log(M.reading(path));
    console.log(M.licence);
    const tty = process.stdout.isTTY;
    let lastTenth = -1;
    const summary = await importSepomexPlaces(database, path, {
      force: values.force ?? false,
      onProgress: (done, total) => {
        if (tty) process.stdout.write(`\r${M.progress(done, total)}`);
        else if (Math.floor((done / Math.max(total, 1)) * 10) > lastTenth) {
          lastTenth = Math.floor((done / Math.max(total, 1)) * 10);
          console.log(M.progress(done, total));
        }
      },
    });
    if (tty) process.stdout.write('\n');
    if (summary.alreadyLoaded) {
      console.log(M.alreadyLoaded);
      return 0;
    }
    console.log(M.summary({ ...summary, skipped: summary.skipped.length, seconds: summary.ms / 1000 }));
    console.log(M.precision(summary.byPrecision));
    for (const s of summary.skipped) console.log(M.skippedLine(s.line, s.reason));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
