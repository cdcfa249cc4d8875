import { stat } from 'node:fs/promises';
import { IMPORT_MESSAGES as M, foldText } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import { plausibilityIssues } from './check-plausibility.ts';
import type { Geocoder } from './geocode/index.ts';
import { RowError, type ListingFacts, type RowFacts } from './listing-fields.ts';
import { parseMapSpec, parseMappedRow, type MapSpec, type Mapping } from './mapping.ts';
import { openTable, type TableLimits, type TableSource } from './read-table.ts';
import { detectDateOrder } from './values/index.ts';

/** Rows whose dates decide a file's day/month order. */
const DATE_SAMPLE_ROWS = 2000;

/**
 * Shared steps of the importer's engine (import-listings.ts) and its plan (plan-import.ts), issue 10: the day relative
 * dates count from, the first pass over a file, and one row read into a listing (mapped, placed, checked).
 */

/** The day relative dates count from: `asOf` when given (checked), else the file's modification day, else today. */
export async function resolveAsOf(source: TableSource, asOf: string | undefined): Promise<string> {
  if (asOf !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))) throw new AppError('BAD_REQUEST', M.badAsOf(asOf));
    return asOf;
  }
  if ('path' in source) {
    const info = await stat(source.path).catch(() => null);
    if (info) return info.mtime.toISOString().slice(0, 10);
  }
  return new Date().toISOString().slice(0, 10);
}

/** The mapping of the options (`--map` text or parsed), parsed; undefined when none. */
export function mapSpecOf(map: MapSpec | string | undefined): MapSpec | undefined {
  return typeof map === 'string' ? parseMapSpec(map) : map;
}

/** The cells of a row keyed by the file's header (for samples and previews). */
export function cellsByHeader(header: string[], cells: string[]): Record<string, string> {
  const row: Record<string, string> = {};
  header.forEach((name, i) => {
    if (name) row[name] = cells[i] ?? '';
  });
  return row;
}

/**
 * First pass over a table (streaming): counts its data rows and decides the order of its slash dates
 * (day/month or month/day) from the published_at column's first DATE_SAMPLE_ROWS values.
 */
export async function surveyTable(source: TableSource, mapping: Mapping, limits: Partial<TableLimits> | undefined): Promise<{ total: number; dateOrder: 'dmy' | 'mdy' }> {
  const table = await openTable(source, limits);
  const dateColumn = mapping.columns.indexOf('published_at');
  const samples: string[] = [];
  let total = 0;
  for await (const row of table.rows()) {
    total++;
    if (dateColumn >= 0 && samples.length < DATE_SAMPLE_ROWS) {
      const value = row.cells[dateColumn];
      if (value) samples.push(value);
    }
  }
  return { total, dateOrder: detectDateOrder(samples) };
}

/** A row that passed every check, or why it is skipped. */
export type RowOutcome = { line: number; facts: ListingFacts; active: boolean; cells: string[] } | { line: number; reason: string };

/**
 * Reads one row into the listing it describes: maps it, places it (its coordinates, else the geocoder), checks
 * plausibility. Returns the facts or the Spanish reason it is skipped; never throws for a bad row.
 */
export function readRow(
  cells: string[],
  line: number,
  ctx: { mapping: Mapping; fileName: string; source?: string | undefined; asOf: string; dateOrder: 'dmy' | 'mdy'; keepImplausible: boolean; geocoder: () => Geocoder },
): RowOutcome {
  let row: RowFacts;
  try {
    row = parseMappedRow(cells, ctx.mapping, {
      fileName: ctx.fileName,
      rawLine: cells.join('\u001f'),
      line,
      ...(ctx.source ? { source: ctx.source } : {}),
      asOf: ctx.asOf,
      dateOrder: ctx.dateOrder,
    });
  } catch (error) {
    if (error instanceof RowError) return { line, reason: error.message };
    throw error;
  }
  row = { ...row, colonia: searchableColonia(row) };
  let facts: ListingFacts;
  if (row.lat !== null && row.lng !== null) {
    facts = { ...row, lat: row.lat, lng: row.lng, precision: row.precision ?? 'exact' };
  } else {
    const place = ctx.geocoder().locate(row);
    if (!place) return { line, reason: M.notPlaceable };
    facts = { ...row, lat: place.lat, lng: place.lng, precision: place.precision };
  }
  const referenceYear = facts.publishedAt ? Number(facts.publishedAt.slice(0, 4)) : Number(ctx.asOf.slice(0, 4));
  const issues = plausibilityIssues(facts, referenceYear);
  if (issues.length > 0 && !ctx.keepImplausible) return { line, reason: M.implausible(issues) };
  return { line, facts, active: issues.length === 0, cells };
}


const ADDRESS_WORDS = /^(calle|c\.|av\.?|avenida|blvd\.?|boulevard|bulevar|calz\.?|calzada|carretera|carr\.?|km\.?|kil[oó]metro|privada|priv\.?|andador|circuito|perif[eé]rico|eje)\b/i;

/**
 * The row's colonia when it reads as a colonia's name, else null (issue 10: "only real colonia names (matched or
 * clean) become searchable colonias"; listings' colonias become places, see @nj/geo deriveColoniasFromListings). Not a
 * name: text with a comma, a postal code or a street word at its start (a whole address), more than 8 words or 60
 * characters, or the row's own municipality, locality or state repeated.
 */
export function searchableColonia(row: Pick<RowFacts, 'colonia' | 'municipality' | 'locality' | 'state'>): string | null {
  const colonia = row.colonia?.trim();
  if (!colonia) return null;
  if (/[,;]|\bc\.?\s?p\.?\s?\d|\b\d{5}\b/i.test(colonia) || ADDRESS_WORDS.test(colonia)) return null;
  if (colonia.length > 60 || colonia.split(/\s+/).length > 8) return null;
  const key = foldText(colonia);
  if ([row.municipality, row.locality, row.state].some((other) => other && foldText(other) === key)) return null;
  return colonia;
}
