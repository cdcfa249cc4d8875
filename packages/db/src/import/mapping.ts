import { IMPORT_MESSAGES as M, IMPORT_TARGET_LABELS } from '@nj/contracts';
// The file, not the index: the error class sits in contracts so the database package needs nothing from core.
import { AppError } from '@nj/contracts/common/app-error';
import { LAYOUTS, type Layout } from './layouts.ts';
import { RowError } from './listing-fields.ts';
import { guessTarget, normalizeHeader } from './mapping/header-synonyms.ts';
import { formatMapSpec, parseMapSpec, quoteColumn, type MapSpec } from './mapping/map-spec.ts';
import { findPortalLayout, type PortalLayout } from './mapping/portal-layouts.ts';
import { headerOperation, readMappedRow, readValue, type MappedRowContext } from './mapping/read-mapped-row.ts';
import { ADDRESS_TARGETS, TARGETS, type Field, type Target } from './mapping/targets.ts';
import type { RowFacts } from './listing-fields.ts';

export { normalizeHeader, guessTarget, HEADER_SYNONYMS } from './mapping/header-synonyms.ts';
export { parseMapSpec, formatMapSpec, type MapSpec } from './mapping/map-spec.ts';
export { PORTAL_LAYOUTS, findPortalLayout, type PortalLayout } from './mapping/portal-layouts.ts';
export { FIELDS, TARGETS, COMBINED_TARGETS, type Field, type Target } from './mapping/targets.ts';
export type { MappedRowContext } from './mapping/read-mapped-row.ts';

/** The fixed layouts of layouts.ts (our normalised file, Inmuebles24 scrapes, Properati datasets), read by their own parsers. */
export type FixedLayoutName = Exclude<Layout['name'], 'mapped'>;

/**
 * How a file's columns are read (issue 10 design §3): the layout recognised ('normalised', 'inmuebles24_raw',
 * 'inmuebles24_normalised', 'properati_city', 'properati_national_state', 'properati_national_places', 'easybroker',
 * 'mercadolibre', 'inmuebles24', 'lamudi', 'vivanuncios') or 'mapped' (guesses and --map), the target of each header index (null =
 * ignored) and the constants of `field==value` entries.
 */
export type Mapping = {
  layout: string;
  columns: (Target | null)[];
  constants: Partial<Record<Field, string>>;
  /** The file's header (as given), to read rows by name for the fixed layouts and to take hints from names ('precio_usd'). */
  header?: string[];
  /** Set for the fixed layouts: their own parser reads the row; `overrides` marks the columns --map changed. */
  fixed?: FixedLayoutName;
  overrides?: boolean[];
  /** RowFacts.source for rows of a recognised portal layout (a `source` column or `--source` wins). */
  source?: string;
  /** Fields the layout reads from the row's title or URL ('Departamento en Venta en …'). */
  derived?: Field[];
};

/** The fixed layout whose required columns are all there and that knows every other named column (as detectLayout). */
function findFixedLayout(names: string[]): Layout | null {
  const present = new Set(names.filter(Boolean));
  for (const layout of LAYOUTS) {
    if (layout.name === 'mapped') continue;
    if (!layout.required.every((c) => present.has(c))) continue;
    if ([...present].every((c) => layout.known.includes(c))) return layout;
  }
  return null;
}

function cleanHeader(header: string[]): string[] {
  return header.map((h) => (h ?? '').replace(/^\uFEFF/, '').trim());
}

/** Each header's target as the recognised portal layout, else the synonym table, guesses it. */
function guesses(names: string[], portal: PortalLayout | null): (Target | null)[] {
  return names.map((name) => {
    const key = normalizeHeader(name);
    if (portal && key in portal.columns) return portal.columns[key] ?? null;
    return guessTarget(name);
  });
}

/**
 * The target the importer would guess for each column (issue 10 "proposes a mapping"; the import page shows these
 * in its dropdowns): [{ column: header as given, guess: Target | null }], by a recognised portal layout's columns,
 * else the header synonym table (see guessTarget).
 */
export function suggestMapping(header: string[]): { column: string; guess: Target | null }[] {
  const names = cleanHeader(header);
  const portal = findPortalLayout(names);
  const guessed = guesses(names, portal);
  return names.map((column, i) => ({ column, guess: guessed[i] ?? null }));
}

/** Header indices a --map column name points at: the exact name first, else the same normalised words. */
function columnIndices(names: string[], column: string): number[] {
  const exact = names.flatMap((n, i) => (n === column.trim() ? [i] : []));
  if (exact.length > 0) return exact;
  const key = normalizeHeader(column);
  return names.flatMap((n, i) => (key !== '' && normalizeHeader(n) === key ? [i] : []));
}

/** The required fields (issue 10 design §3) not provided by the columns, constants or the layout's derived fields. */
function missingRequired(names: string[], columns: (Target | null)[], constants: Partial<Record<Field, string>>, derived: readonly Field[]): string[] {
  const priceSaysOperation = columns.some((t, i) => t === 'price' && headerOperation(names[i]) !== null);
  const has = (t: Target) => columns.includes(t) || (t in constants) || (derived as readonly string[]).includes(t)
    || (t === 'op_type' && priceSaysOperation);
  const missing: string[] = [];
  if (!has('op_type') && !has('type+op_type')) missing.push('op_type');
  if (!has('property_type') && !has('type+op_type')) missing.push('property_type');
  if (!has('price')) missing.push('price');
  const point = (has('lat') && has('lng')) || has('lat_lng');
  if (!point && !ADDRESS_TARGETS.some(has)) missing.push('location');
  return missing;
}

/** Checks each constant by reading it as a cell of its field would be read; throws AppError with the reason. */
function checkConstants(constants: Partial<Record<Field, string>>): void {
  for (const [field, value] of Object.entries(constants) as [Field, string][]) {
    try {
      readValue(field, value, { asOf: '2100-01-01', dateOrder: 'dmy' });
    } catch (error) {
      if (error instanceof RowError) throw new AppError('BAD_REQUEST', M.mapBadConstant(field, value, error.message));
      throw error;
    }
  }
}

/**
 * How to read a file with this header (issue 10 design §3), given the user's --map (text or parsed):
 * 1. a fixed layout (normalised, Inmuebles24, Properati: exact header names) is read by its own parser; --map entries
 *    that change a column's target or add constants override those facts;
 * 2. a portal layout recognised by its headers (EasyBroker, Mercado Libre, Inmuebles24's Navent postings, Lamudi,
 *    Vivanuncios; see PORTAL_LAYOUTS);
 * 3. otherwise each header is guessed from the synonym table ('mapped').
 * In 2 and 3 the --map entries replace the guess of their columns and add constants. Returns the Mapping.
 * Throws AppError BAD_REQUEST (Spanish) for a malformed --map, a --map column that is not in the file, an unreadable
 * constant, or — when op_type, property_type, price or a location (lat+lng, lat_lng or an address part) is still
 * missing — a refusal that lists the missing fields first, then a ready-to-paste `--map '…'` with every column it
 * could guess, then the columns it could not guess, then the grammar and the field names.
 */
export function resolveMapping(header: string[], spec?: MapSpec | string): Mapping {
  const parsed = typeof spec === 'string' ? parseMapSpec(spec) : spec;
  const { mapping, missing } = draftMapping(header, parsed);
  if (missing.length === 0) return mapping;
  const names = mapping.header ?? [];
  const ignored = new Set((parsed?.columns ?? []).filter((c) => c.target === null).flatMap((c) => columnIndices(names, c.column)));
  throw new AppError('BAD_REQUEST', refusal(names, mapping.columns, mapping.constants, missing, ignored));
}

/**
 * What resolveMapping would read with this header and --map, without refusing an incomplete one (for the import page,
 * which shows the choices so far): { mapping (as resolveMapping's, its layout 'mapped' when no known layout
 * matched), missing: the required fields still without a column or constant — 'op_type', 'property_type', 'price',
 * 'location' — empty when the file can be imported }. Throws AppError BAD_REQUEST like resolveMapping for a malformed
 * --map, a --map column not in the file or an unreadable constant.
 */
export function draftMapping(header: string[], spec?: MapSpec | string): { mapping: Mapping; missing: string[] } {
  const names = cleanHeader(header);
  const parsed: MapSpec = typeof spec === 'string' ? parseMapSpec(spec) : (spec ?? { columns: [], constants: {} });
  const chosen = new Map<number, Target | null>();
  // a name repeated in the file and in --map (the page sends every column): the k-th entry is the k-th such column
  const entriesPerName = new Map<string, number>();
  for (const { column } of parsed.columns) entriesPerName.set(column.trim(), (entriesPerName.get(column.trim()) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const { column, target } of parsed.columns) {
    const indices = columnIndices(names, column);
    if (indices.length === 0) throw new AppError('BAD_REQUEST', M.mapUnknownColumn(column, names.filter(Boolean)));
    const k = seen.get(column.trim()) ?? 0;
    seen.set(column.trim(), k + 1);
    const repeated = (entriesPerName.get(column.trim()) ?? 1) > 1 && indices.length > 1;
    for (const i of repeated ? indices.slice(k, k + 1) : indices) chosen.set(i, target);
  }
  const constants = { ...parsed.constants };
  checkConstants(constants);

  const fixed = findFixedLayout(names);
  if (fixed) {
    const shown = guesses(names, null);
    const overrides = names.map((_, i) => chosen.has(i) && chosen.get(i) !== shown[i]);
    const columns = shown.map((t, i) => (chosen.has(i) ? (chosen.get(i) ?? null) : t));
    return { mapping: { layout: fixed.name, columns, constants, header: names, fixed: fixed.name as FixedLayoutName, overrides }, missing: [] };
  }

  const portal = findPortalLayout(names);
  const columns = guesses(names, portal).map((t, i) => (chosen.has(i) ? (chosen.get(i) ?? null) : t));
  const derived = [...(portal?.derived ?? [])];
  const missing = missingRequired(names, columns, constants, derived);
  const mapping: Mapping = { layout: portal?.name ?? 'mapped', columns, constants, header: names, derived };
  if (portal) mapping.source = portal.source;
  return { mapping, missing };
}

/** The Spanish refusal with the missing fields first and the --map to copy (see resolveMapping). */
function refusal(names: string[], columns: (Target | null)[], constants: Partial<Record<Field, string>>, missing: string[], ignored: Set<number>): string {
  const guessed: MapSpec = { columns: [], constants };
  const unguessed: string[] = [];
  names.forEach((name, i) => {
    if (name === '') return;
    const target = columns[i] ?? null;
    // columns the user already ignored stay ignored in the --map to copy
    if (target || ignored.has(i)) guessed.columns.push({ column: name, target });
    else unguessed.push(name);
  });
  const text = formatMapSpec(guessed).replace(/'/g, `'\\''`);
  return M.mapRefusal({
    missing: missing.map((f) => M.mapRequiredLabels[f] ?? f),
    mapText: text === '' ? null : text,
    unguessed,
    grammar: M.mapGrammar,
    fields: TARGETS.map((t) => {
      const label = (IMPORT_TARGET_LABELS as Record<string, string>)[t];
      return label ? `${t} (${label.charAt(0).toLowerCase()}${label.slice(1)})` : t;
    }),
  });
}

/**
 * Reads one data row into RowFacts (issue 10 design §3) with a Mapping from resolveMapping. `cells` are the row's
 * cells in header order; `ctx`: { fileName (no folders, no '.gz'), rawLine (the row's text, for stable ids), line,
 * source? (--source), asOf (YYYY-MM-DD, for relative dates and ages), dateOrder ('dmy'|'mdy', the file's) }.
 * Fixed layouts go through their own parser (then --map overrides). Mapped and portal rows: combined columns are
 * split (type+op_type, address: explicit colonia/municipality/state… columns win over the split parts; lat_lng);
 * price currency = currency column, else the one in the price text, else one named in the price header
 * ('precio_usd'), else MXN; source_id = the id column, else 'h' + a stable hash of (file name, row text);
 * placeholders and zeros → null; an age column holding a year, or a construction_year column, gives
 * constructionYear; operation and type missing from the row are read from its title (then URL) when the text names
 * them; title, description and URL are always kept (the engine drops them without --keep-text); lat/lng stay null
 * when the row has no point (the engine geocodes). Throws RowError (Spanish reason) for a row whose cell count
 * differs from the header's (shifted columns), an unknown property type (naming it), a missing operation,
 * type or price, and any present but unreadable value.
 */
export function parseMappedRow(cells: string[], mapping: Mapping, ctx: MappedRowContext): RowFacts {
  const width = mapping.header?.length ?? mapping.columns.length;
  if (cells.length !== width) {
    // empty cells past the header's width are no shift
    const extra = cells.slice(width);
    if (cells.length < width || extra.some((c) => (c ?? '').trim() !== '')) throw new RowError(M.rowShifted(cells.length, width));
    cells = cells.slice(0, width);
  }
  return readMappedRow(cells, mapping, ctx, fixedParser(mapping));
}

function fixedParser(mapping: Mapping): Layout['parse'] | null {
  if (!mapping.fixed) return null;
  return LAYOUTS.find((l) => l.name === mapping.fixed)?.parse ?? null;
}

export { quoteColumn };
