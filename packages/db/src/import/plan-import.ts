import { AppError } from '@nj/contracts/common/app-error';
import type { Database } from '../connect.ts';
import { loadGeocoder } from './geocode/index.ts';
import type { ListingFacts } from './listing-fields.ts';
import { resolveMapping, suggestMapping, type MapSpec, type Mapping, type Target } from './mapping.ts';
import { cellsByHeader, mapSpecOf, readRow, resolveAsOf, surveyTable } from './read-row.ts';
import { openTable, type TableLimits, type TableSource } from './read-table.ts';

/** What a file holds and how it would be read (issue 10 import page: detected layout, guesses, preview). */
export type ImportPlan = {
  fileName: string;
  format: 'csv' | 'xlsx';
  /** Data rows in the file. */
  rows: number;
  /** The layout recognised by the header, 'mapped' when the mapping applies, '' when the columns are not enough yet. */
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
const LOCATION_TARGETS = new Set<string>(['lat_lng', 'address', 'colonia', 'postal_code', 'municipality', 'locality']);

/** The required fields (issue 10 design §3) `targets` and `constants` leave without a column. */
function missingFields(targets: (Target | null)[], constants: Record<string, unknown>): string[] {
  const has = (field: string) => targets.includes(field as Target) || field in constants;
  const missing: string[] = [];
  if (!has('op_type') && !has('type+op_type')) missing.push('op_type');
  if (!has('property_type') && !has('type+op_type')) missing.push('property_type');
  if (!has('price')) missing.push('price');
  const located = (has('lat') && has('lng')) || targets.some((t) => t !== null && LOCATION_TARGETS.has(t));
  if (!located) missing.push('location');
  return missing;
}

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
  const mapped = mapping ? mapping.columns : table.header.map(() => null);
  return {
    fileName: table.fileName,
    format: table.format,
    rows,
    layout: mapping?.layout ?? '',
    columns: table.header.map((header, i) => ({ header, guess: guesses[i]?.guess ?? null, mapped: mapped[i] ?? null, samples: samples[i] ?? [] })),
    missing: mapping ? [] : missingFields(guesses.map((g) => g.guess), {}),
    error,
    preview,
  };
}
