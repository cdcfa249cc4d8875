import { IMPORT_MESSAGES as M } from '@nj/contracts';
// The file, not the index: the error class sits in contracts so the database package needs nothing from core.
import { AppError } from '@nj/contracts/common/app-error';
import { FIELDS, IGNORE_WORDS, TARGETS, isField, isTarget, type Field, type Target } from './targets.ts';

/**
 * A parsed `--map` (issue 10 "--map can also set a constant, split a combined column and ignore a column"): what the
 * user said about columns (by their name in the file; target null = ignore) and the constants every row gets.
 */
export type MapSpec = {
  columns: { column: string; target: Target | null }[];
  constants: Partial<Record<Field, string>>;
};

/** Splits on commas outside double quotes; a doubled quote inside quotes is a literal quote. */
function splitEntries(text: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      if (quoted && text[i + 1] === '"') {
        current += '""';
        i++;
        continue;
      }
      quoted = !quoted;
      current += c;
    } else if (c === ',' && !quoted) {
      entries.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  if (quoted) throw new AppError('BAD_REQUEST', `${M.mapBadEntry(current.trim())} ${M.mapGrammar}`);
  entries.push(current);
  return entries.map((e) => e.trim()).filter((e) => e !== '');
}

/** A quoted name ('"Precio de venta"', '"Estatus ""real"""') or a bare one, and what follows it. */
function readName(entry: string): { name: string; rest: string } {
  if (!entry.startsWith('"')) return { name: '', rest: entry };
  let name = '';
  for (let i = 1; i < entry.length; i++) {
    const c = entry[i];
    if (c === '"' && entry[i + 1] === '"') {
      name += '"';
      i++;
    } else if (c === '"') {
      return { name, rest: entry.slice(i + 1).trim() };
    } else {
      name += c;
    }
  }
  throw new AppError('BAD_REQUEST', `${M.mapBadEntry(entry)} ${M.mapGrammar}`);
}

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/""/g, '"') : v;
}

function readTarget(text: string, entry: string): Target | null {
  const t = unquote(text).trim().toLowerCase();
  if (t === '') throw new AppError('BAD_REQUEST', `${M.mapBadEntry(entry)} ${M.mapGrammar}`);
  if (IGNORE_WORDS.includes(t)) return null;
  if (!isTarget(t)) throw new AppError('BAD_REQUEST', M.mapUnknownTarget(t, [...TARGETS]));
  return t;
}

/**
 * Reads the `--map` text (issue 10 design §3 grammar; entries separated by commas):
 * - `col=field` — the column holds that field (`precio=price`); the column name may be quoted, with "" for a quote
 *   inside (`"Precio de venta"=price`, `"Estatus ""real"""=type+op_type`);
 * - `field==constant` — every row gets that value (`op_type==venta`, `currency==usd`, `state==Jalisco`);
 * - `col=type+op_type` — one column with both ('Casa en Venta'); `col=address` — a whole address in one column;
 * - `col=-`, `col=ignorar` (or `ignore`) — the column is not read.
 * Targets are case-insensitive. Returns { columns: [{ column, target|null }], constants }; an empty text gives
 * an empty spec. Throws AppError BAD_REQUEST (Spanish) for an entry without '=', an unknown target (listing the valid
 * ones), a constant for something that is not a single field, or an unclosed quote.
 */
export function parseMapSpec(text: string): MapSpec {
  const spec: MapSpec = { columns: [], constants: {} };
  for (const entry of splitEntries(text ?? '')) {
    const { name, rest } = readName(entry);
    if (name !== '' || entry.startsWith('"')) {
      if (!rest.startsWith('=') || rest.startsWith('==')) throw new AppError('BAD_REQUEST', `${M.mapBadEntry(entry)} ${M.mapGrammar}`);
      spec.columns.push({ column: name, target: readTarget(rest.slice(1), entry) });
      continue;
    }
    const constant = /^([^=]+?)\s*==\s*(.*)$/.exec(entry);
    if (constant) {
      const field = (constant[1] ?? '').trim().toLowerCase();
      const value = unquote(constant[2] ?? '');
      if (!isField(field)) throw new AppError('BAD_REQUEST', M.mapBadConstantField(field, [...FIELDS]));
      if (value === '') throw new AppError('BAD_REQUEST', `${M.mapBadEntry(entry)} ${M.mapGrammar}`);
      spec.constants[field] = value;
      continue;
    }
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new AppError('BAD_REQUEST', `${M.mapBadEntry(entry)} ${M.mapGrammar}`);
    spec.columns.push({ column: entry.slice(0, eq).trim(), target: readTarget(entry.slice(eq + 1), entry) });
  }
  return spec;
}

/** A column name as written in a --map entry: bare when it can be, else quoted with "" for inner quotes. */
export function quoteColumn(name: string): string {
  return /^[\p{L}\p{N}_.\-/#]+$/u.test(name) && !IGNORE_WORDS.includes(name.toLowerCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** The --map text of column choices and constants (inverse of parseMapSpec). */
export function formatMapSpec(spec: MapSpec): string {
  const columns = spec.columns.map((c) => `${quoteColumn(c.column)}=${c.target ?? '-'}`);
  const constants = Object.entries(spec.constants).map(([f, v]) => `${f}==${/[,"]/.test(v ?? '') ? `"${(v ?? '').replace(/"/g, '""')}"` : v}`);
  return [...columns, ...constants].join(',');
}
