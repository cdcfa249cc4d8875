import { AppError } from '@nj/contracts/common/app-error';
import type { Database } from '../connect.ts';
import { loadGeocoder } from './geocode/index.ts';
import type { ListingFacts } from './listing-fields.ts';
import { draftMapping, resolveMapping, suggestMapping, type MapSpec, type Mapping, type Target } from './mapping.ts';
import { cellsByHeader, mapSpecOf, readRow, resolveAsOf, surveyTable } from './read-row.ts';
import { openTable, type TableLimits, type TableSource } from './read-table.ts';

/** What a file holds and how it would be read (issue 10 import page: detected layout, guesses, preview). */
export type ImportPlan = {
  fileName: string;
  format: 'csv' | 'xlsx';
  /** Data rows in the file. */
  rows: number;
  /** The layout recognised by the header, else 'mapped' (guesses and the user's choices). */
  layout: string;
  /** Per column of the header: its guessed target, the target the mapping gives it now, and up to 3 sample values. */
  columns: { header: string; guess: Target | null; mapped: Target | null; samples: string[] }[];
  /** Required fields no column gives yet (op_type, property_type, price, location); empty when the file can import. */
  missing: string[];
  /** The mapping's refusal (Spanish, with a ready `--map`) when the columns are not enough; null otherwise. */
  error: string | null;
  /** The first five data rows: their cells by header and the listing they give, or why they would be skipped. */
  preview: { line: number; source: Record<string, string>; facts?: ListingFacts; reason?: string }[];
};

const PREVIEW_ROWS = 5;
const SAMPLES = 3;
/**
 * Reads a file's header and first rows without writing anything (issue 10, the import page's first step and each
 * change of its column choices): the format, the number of data rows, the layout recognised or the mapping `map`
 * applied over the guesses, per column its guess and samples, the required fields still missing, and the first five
 * rows read exactly as the import would read them (mapped, geocoded, checked). A mapping that is not enough yet is
 * not an error here: `missing` and `error` say what to choose.
 * Throws AppError BAD_REQUEST (Spanish) when the file is not a readable table or is over `limits`, or `map` is
 * malformed; NOT_FOUND for a missing path.
 */
export async function planImport(
  database: Database,
  source: TableSource,
  options: { map?: MapSpec | string; asOf?: string; limits?: Partial<TableLimits> } = {},
): Promise<ImportPlan> {
  const spec = mapSpecOf(options.map);
  const table = await openTable(source, options.limits);
  const guesses = suggestMapping(table.header);
  const draft = draftMapping(table.header, spec);
  let mapping: Mapping | null = null;
  let error: string | null = null;
  try {
    mapping = resolveMapping(table.header, spec);
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'BAD_REQUEST') throw e;
    error = e.msg;
  }
  const asOf = await resolveAsOf(source, options.asOf);
  const samples: string[][] = table.header.map(() => []);
  const firstRows: { line: number; cells: string[] }[] = [];
  for await (const row of table.rows()) {
    if (firstRows.length < PREVIEW_ROWS) firstRows.push(row);
    row.cells.forEach((cell, i) => {
      const list = samples[i];
      if (list && list.length < SAMPLES && cell.trim() !== '' && !list.includes(cell.trim())) list.push(cell.trim());
    });
    if (firstRows.length >= PREVIEW_ROWS && samples.every((s) => s.length >= SAMPLES)) break;
  }
  let rows = 0;
  let preview: ImportPlan['preview'] = firstRows.map((r) => ({ line: r.line, source: cellsByHeader(table.header, r.cells) }));
  if (mapping) {
    const survey = await surveyTable(source, mapping, options.limits);
    rows = survey.total;
    const geocoder = await loadGeocoder(database);
    const ctx = { mapping, fileName: table.fileName.replace(/\.gz$/i, ''), asOf, dateOrder: survey.dateOrder, keepImplausible: false, geocoder: () => geocoder };
    preview = firstRows.map((r) => {
      const outcome = readRow(r.cells, r.line, ctx);
      const sourceCells = cellsByHeader(table.header, r.cells);
      return 'facts' in outcome ? { line: r.line, source: sourceCells, facts: outcome.facts } : { line: r.line, source: sourceCells, reason: outcome.reason };
    });
  } else {
    const counted = await openTable(source, options.limits);
    for await (const _ of counted.rows()) rows++;
  }
  const mapped = (mapping ?? draft.mapping).columns;
  return {
    fileName: table.fileName,
    format: table.format,
    rows,
    layout: mapping?.layout ?? draft.mapping.layout,
    columns: table.header.map((header, i) => ({ header, guess: guesses[i]?.guess ?? null, mapped: mapped[i] ?? null, samples: samples[i] ?? [] })),
    missing: mapping ? [] : draft.missing,
    error,
    preview,
  };
}
