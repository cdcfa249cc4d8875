import * as db from '@nj/db';
import type { Database } from '@nj/db';
import type { TImportPreviewRow, TImportReportGroup, TImportTarget, TListingImportPlan } from '@nj/contracts';

/**
 * The one place the import page talks to the importer's engine (packages/db/src/import, issue 10 design §5), so a
 * change of the engine's signatures touches only this file. The types below restate the engine's public contract.
 */

/** Where the engine reads the file from (the reader's TableSource). */
export type EngineSource = { path: string } | { bytes: Uint8Array; name: string };

/** The listing facts a preview row carries (a subset of the engine's ListingFacts). */
type EngineFacts = {
  opType: 'renta' | 'venta'; propertyType: string; price: number; currency: 'mxn' | 'usd';
  rooms: number | null; bathrooms: number | null; constructionArea: number | null; landArea: number | null;
  colonia: string | null; municipality: string | null; state: string | null; precision?: string;
};

/** The engine's ImportPlan. */
type EnginePlan = {
  fileName: string; format: 'csv' | 'xlsx'; rows: number; layout: string;
  columns: { header: string; guess: string | null; mapped: string | null; samples: string[] }[];
  missing: string[];
  preview: { line: number; source: Record<string, string>; facts?: EngineFacts; reason?: string }[];
};

/** The engine's ImportSummary (the fields the page uses). */
type EngineSummary = {
  total: number; imported: number; updated: number; skipped: number;
  skippedByReason: { reason: string; count: number; lines: number[] }[];
};

type EngineApi = {
  planImport(database: Database, source: EngineSource, options: { map?: string; asOf?: string }): Promise<EnginePlan>;
  importListings(database: Database, source: EngineSource, options: {
    map?: string; source?: string; asOf?: string; dryRun?: boolean; keepText?: boolean; ownerCuid?: string; importId?: string;
    onProgress?: (done: number, total: number) => void;
  }): Promise<EngineSummary>;
};

const engine = db as unknown as EngineApi;

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
  const plan = await engine.planImport(database, source, { map, asOf: options.asOf });
  return {
    format: plan.format,
    rows: plan.rows,
    layout: plan.layout,
    columns: plan.columns.map((c) => ({ header: c.header, guess: c.guess, mapped: c.mapped, samples: c.samples.slice(0, 3) })),
    missing: plan.missing,
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
  onProgress?: (done: number, total: number) => void;
}): Promise<EngineOutcome> {
  const summary = await engine.importListings(database, source, {
    map: options.choices?.length ? mapSpecText(options.choices) : undefined,
    source: `client-${options.ownerCuid}`,
    asOf: options.asOf,
    dryRun: options.dryRun ?? false,
    keepText: true,
    ownerCuid: options.ownerCuid,
    importId: options.importId,
    onProgress: options.onProgress,
  });
  return {
    total: summary.total, imported: summary.imported, updated: summary.updated, skipped: summary.skipped,
    report: summary.skippedByReason.map((g) => ({ reason: g.reason, count: g.count, lines: g.lines.slice(0, 10) })),
  };
}
