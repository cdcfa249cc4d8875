import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { openDatabase } from '../connect.ts';
import { databaseOptions, readDbConfig } from '../config.ts';
import { migrate } from '../migrate.ts';
import { importListingsFile, type ImportSummary } from '../import/import-listings.ts';
import { parseMapSpec } from '../import/mapping.ts';

/**
 * `npm run import:listings -- FILE [--map SPEC] [--source NAME] [--as-of YYYY-MM-DD] [--dry-run] [--keep-text]
 * [--keep-implausible]` (issue 10): imports a CSV, gzip'd CSV or XLSX of listings into the database named by
 * DATABASE_URL / DATA_DIR (migrating it first), with a progress bar on a terminal, then prints the summary, the
 * skipped rows grouped by reason with their first line numbers, and with --dry-run five parsed rows beside their
 * source. Exit code 1 when the file cannot be read or its columns cannot be mapped (the message says how to map them).
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      map: { type: 'string' },
      source: { type: 'string' },
      'as-of': { type: 'string' },
      'dry-run': { type: 'boolean' },
      'keep-text': { type: 'boolean' },
      'keep-implausible': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.error(M.usage);
    return values.help ? 0 : 1;
  }
  const map = values.map ? parseMapSpec(values.map) : undefined;
  const database = await openDatabase(databaseOptions(readDbConfig()));
  try {
    await migrate(database);
    const bar = process.stdout.isTTY && !values['dry-run'] ? new cliProgress.SingleBar({ format: M.progressFormat }, cliProgress.Presets.shades_classic) : null;
    let started = false;
    let lastTenth = -1;
    const summary = await importListingsFile(database, resolve(file), {
      ...(map ? { map } : {}),
      ...(values.source ? { source: values.source } : {}),
      ...(values['as-of'] ? { asOf: values['as-of'] } : {}),
      dryRun: values['dry-run'] === true,
      keepText: values['keep-text'] === true,
      keepImplausible: values['keep-implausible'] === true,
      onProgress: (done, total) => {
        if (bar) {
          if (!started) bar.start(total, done);
          else bar.update(done);
        } else if (!values['dry-run'] && Math.floor((done / Math.max(total, 1)) * 10) > lastTenth) {
          lastTenth = Math.floor((done / Math.max(total, 1)) * 10);
          console.log(`${done}/${total}`);
        }
        if (!started && done > 0) console.log(M.resuming(done));
        started = true;
      },
    });
    bar?.stop();
    printSummary(summary);
    return 0;
  } finally {
    await database.close();
  }
}

/** Prints what the run did (or would do), the skipped rows by reason and, on a dry run, the sample rows. */
function printSummary(summary: ImportSummary): void {
  console.log(M.layoutDetected(summary.layout, summary.format, summary.total));
  if (summary.dryRun) {
    console.log(M.dryRunTitle);
    console.log(M.dryRunOutcome({ wouldImport: summary.imported, wouldUpdate: summary.updated, skipped: summary.skipped, implausibleKept: summary.implausibleKept }));
  } else {
    console.log(M.summary({ ...summary, seconds: summary.ms / 1000 }));
  }
  const placed = Object.entries(summary.precision).filter(([, n]) => n > 0);
  if (placed.length > 0) console.log(placed.map(([p, n]) => `  ${n} × ${M.precisionLabels[p as keyof typeof M.precisionLabels]}`).join('\n'));
  if (summary.skippedByReason.length > 0) {
    console.log(M.reportGroupsTitle);
    for (const g of summary.skippedByReason) console.log(M.reportGroup(g.count, g.examples.length === 1 ? g.examples[0]! : g.reason, g.lines));
  }
  if (summary.dryRun && summary.sample.length > 0) {
    console.log(M.sampleTitle);
    for (const s of summary.sample) {
      console.log(M.sampleRow(s.line));
      const facts = Object.fromEntries(Object.entries(s.facts).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)));
      const left = Object.entries(s.source).map(([k, v]) => `${k}: ${v}`);
      const right = Object.entries(facts).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(';') : String(v)}`);
      const width = Math.min(60, Math.max(...left.map((l) => l.length), 10));
      for (let i = 0; i < Math.max(left.length, right.length); i++) {
        console.log(`    ${(left[i] ?? '').slice(0, width).padEnd(width)}  │ ${right[i] ?? ''}`);
      }
    }
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
