import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { openDatabase } from '../connect.ts';
import { databaseOptions, readDbConfig } from '../config.ts';
import { migrate } from '../migrate.ts';
import { importListingsFile } from '../import/import-listings.ts';
import { parseMapOption } from '../import/layouts.ts';

/**
 * `npm run import:listings -- FILE.csv[.gz] [--map col=field,…] [--source NAME]`: imports listings into the
 * database named by DATABASE_URL / DATA_DIR (migrating it first), with a progress bar on a terminal, then prints
 * the summary and every skipped row. Exit code 1 when the file cannot be read or its layout is refused.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { map: { type: 'string' }, source: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.error(M.usage);
    return values.help ? 0 : 1;
  }
  const map = parseMapOption(values.map);
  const database = await openDatabase(databaseOptions(readDbConfig()));
  try {
    await migrate(database);
    const bar = process.stdout.isTTY ? new cliProgress.SingleBar({ format: M.progressFormat }, cliProgress.Presets.shades_classic) : null;
    let started = false;
    let lastTenth = -1;
    const summary = await importListingsFile(database, resolve(file), {
      map,
      ...(values.source ? { source: values.source } : {}),
      onProgress: (done, total) => {
        if (bar) {
          if (!started) bar.start(total, done);
          else bar.update(done);
        } else if (Math.floor((done / Math.max(total, 1)) * 10) > lastTenth) {
          lastTenth = Math.floor((done / Math.max(total, 1)) * 10);
          console.log(`${done}/${total}`);
        }
        if (!started && done > 0) console.log(M.resuming(done));
        started = true;
      },
    });
    bar?.stop();
    console.log(M.summary({ ...summary, seconds: summary.ms / 1000 }));
    for (const s of summary.skippedRows) console.log(M.skippedLine(s.line, s.reason));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const msg = (error as { msg?: string }).msg ?? (error instanceof Error ? error.message : String(error));
    console.error(msg);
    process.exit(1);
  },
);
