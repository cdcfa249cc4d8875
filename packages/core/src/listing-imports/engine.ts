import type { Database } from '@nj/db';
import { importListings } from '@nj/db/import/import-listings';
import { planImport } from '@nj/db/import/plan-import';
import type { TableLimits, TableSource } from '@nj/db/import/read-table';
import { LISTING_IMPORT_LIMITS, type TImportPreviewRow, type TImportReportGroup, type TImportTarget, type TListingImportPlan } from '@nj/contracts';

/**
 * The one place the import page talks to the importer's engine (packages/db/src/import, issue 10 design §5:
 * planImport and importListings), so a change of the engine's signatures touches only this file.
 */

/** Where the engine reads the file from (the reader's TableSource). */
export type EngineSource = TableSource;

/** The reader's bounds for a page upload: 20 MB and 20,000 data rows (LISTING_IMPORT_LIMITS). */
const PAGE_LIMITS: Partial<TableLimits> = { maxBytes: LISTING_IMPORT_LIMITS.maxBytes, maxRows: LISTING_IMPORT_LIMITS.maxRows };

/** The user's choice for one column: its header and target (null = not imported). */
export type ColumnChoice = { header: string; target: TImportTarget | null };

/**
 * The `--map` text (the command's grammar: `"column"=field`, `"column"=-` to ignore, entries separated by commas) of
 * the user's column choices. Column names are always quoted; a double quote inside a name is doubled.
 */
export function mapSpecText(choices: readonly ColumnChoice[]): string {
  return choices.map((c) => `"${c.header.replace(/"/g, '""')}"=${c.target ?? '-'}`).join(',');
}

/** Counts and grouped skip report of an engine run. */
export type EngineOutcome = { total: number; imported: number; updated: number; skipped: number; report: TImportReportGroup[] };

/**
 * The plan of a file (design §5 planImport) as the page shows it: layout, columns with guesses and samples, the
 * required fields no column gives, and the first rows parsed (their facts or the Spanish reason they would be
 * skipped). `choices` are the user's columns (none: the engine's own recognition and guesses). `asOf` (YYYY-MM-DD)
 * dates relative texts ('hace 13 días').
 * @throws AppError BAD_REQUEST (Spanish) from the engine's reader for a file that is not a table or is too large
 */
export async function planFile(database: Database, source: EngineSource, options: { choices?: readonly ColumnChoice[]; asOf: string }): Promise<TListingImportPlan> {
  const map = options.choices?.length ? mapSpecText(options.choices) : undefined;
  const plan = await planImport(database, source, { map, asOf: options.asOf, limits: PAGE_LIMITS });
  return {
    format: plan.format,
    rows: plan.rows,
    layout: plan.layout,
    columns: plan.columns.map((c) => ({ header: c.header, guess: c.guess, mapped: c.mapped, samples: c.samples.slice(0, 3) })),
    missing: plan.missing,
    error: plan.error,
    preview: plan.preview.slice(0, 5).map((p): TImportPreviewRow => ({
      line: p.line,
      source: p.source,
      listing: p.facts ? {
        opType: p.facts.opType, propertyType: p.facts.propertyType, price: p.facts.price, currency: p.facts.currency,
        rooms: p.facts.rooms, bathrooms: p.facts.bathrooms, constructionArea: p.facts.constructionArea, landArea: p.facts.landArea,
        colonia: p.facts.colonia, municipality: p.facts.municipality, state: p.facts.state, precision: p.facts.precision ?? null,
      } : null,
      reason: p.facts ? null : (p.reason ?? null),
    })),
  };
}

/**
 * Runs the engine over a file for one import (design §5 importListings): the listings become `ownerCuid`'s, carry
 * `importId`, and their source is the owner's own (`client-<cuid>`), so a re-import of the same file updates that
 * client's listings and never anybody else's. `dryRun` writes nothing. `onProgress(done, total)` after every
 * committed batch (rows). An interrupted run of the same file and options resumes where it stopped.
 * @returns counts by outcome and the skipped rows grouped by reason (first line numbers of each)
 * @throws AppError BAD_REQUEST from the reader or the mapping; database errors
 */
export async function runFile(database: Database, source: EngineSource, options: {
  choices?: readonly ColumnChoice[]; asOf: string; ownerCuid: string; importId: string; dryRun?: boolean;
  onProgress?: (done: number, total: number) => void | Promise<void>;
}): Promise<EngineOutcome> {
  const summary = await importListings(database, source, {
    map: options.choices?.length ? mapSpecText(options.choices) : undefined,
    source: `client-${options.ownerCuid}`,
    asOf: options.asOf,
    dryRun: options.dryRun ?? false,
    keepText: true,
    ownerCuid: options.ownerCuid,
    importId: options.importId,
    limits: PAGE_LIMITS,
    onProgress: options.onProgress,
  });
  return {
    total: summary.total, imported: summary.imported, updated: summary.updated, skipped: summary.skipped,
    report: summary.skippedByReason.map((g) => ({ reason: g.reason, count: g.count, lines: g.lines.slice(0, 10) })),
  };
}
