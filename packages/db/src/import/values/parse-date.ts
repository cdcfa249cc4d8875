import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError, normalizeText } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';

/**
 * What parseDate needs besides the text: `asOf`, the day relative dates count from and after which a date is
 * unknown (YYYY-MM-DD: `--as-of` or the file's modification day), and `order`, how the file writes numeric dates
 * (detectDateOrder over the column's samples; day first when absent).
 */
export type DateContext = { asOf: string; order?: 'dmy' | 'mdy' | undefined };

/** Spanish and English month names and abbreviations (normalised) → month number. */
const MONTHS: Record<string, number> = {
  ene: 1, enero: 1, feb: 2, febrero: 2, mar: 3, marzo: 3, abr: 4, abril: 4, may: 5, mayo: 5, jun: 6, junio: 6,
  jul: 7, julio: 7, ago: 8, agosto: 8, sep: 9, sept: 9, set: 9, septiembre: 9, setiembre: 9, oct: 10, octubre: 10,
  nov: 11, noviembre: 11, dic: 12, diciembre: 12, jan: 1, january: 1, february: 2, march: 3, apr: 4, april: 4,
  june: 6, july: 7, aug: 8, august: 8, september: 9, october: 10, november: 11, dec: 12, december: 12,
};
/** Units of 'hace N …' / 'N … ago' (normalised, singular and plural) → what to subtract. */
const UNITS: Record<string, 'day' | 'week' | 'month' | 'year' | 'now'> = {
  minuto: 'now', minutos: 'now', hora: 'now', horas: 'now', minute: 'now', minutes: 'now', hour: 'now', hours: 'now',
  dia: 'day', dias: 'day', day: 'day', days: 'day', semana: 'week', semanas: 'week', week: 'week', weeks: 'week',
  mes: 'month', meses: 'month', month: 'month', months: 'month', ano: 'year', anos: 'year', year: 'year', years: 'year',
};
const COUNT_WORDS: Record<string, number> = { un: 1, una: 1, uno: 1, a: 1, an: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6 };
/**
 * Dates before this are the empty values of spreadsheets and databases (1899-12-30, 1900-01-01, 1970-01-01), not a
 * publication day: no Mexican listing portal existed yet.
 */
const EARLIEST = '1990-01-01';
const NUMERIC = /(?:^|[^\d])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/;

/**
 * Reads a publication date in the many ways exports write one (issue 10 "Dates"): ISO '2024-11-17' (also with a time),
 * '2024/11/17', numeric '17/11/2024', '11/17/2024', '17-11-2024', '17.11.24' in `ctx.order` (when that order gives an
 * impossible date and the other does not, the other is used), Spanish or English month names '10 ene. 2024',
 * '30 sept 2024', '1 de marzo de 2024', '01-abr-24', 'Nov 17, 2024', a month alone 'enero 2024', '2024-11', '11/2024' (its first day),
 * relative texts counted back from `ctx.asOf` — 'hoy', 'Publicado hoy', 'ayer', 'anteayer', 'hace 13 días',
 * 'Publicado hace 5 meses' (calendar months), 'hace una semana', 'hace 1 año', 'hace más de 1 año', '3 days ago' — and
 * Excel day serials ('45612'). Two-digit years are 20yy unless that is after asOf's next year (then 19yy).
 * Returns YYYY-MM-DD; placeholders and zero dates ('0', '0000-00-00') → null; a date after `ctx.asOf` → null
 * (unknown, never a future publication); a date before 1990 → null (a spreadsheet's or database's empty value).
 * Throws RowError (Spanish) for present text that is not a date or names an impossible one ('31/02/2024').
 */
export function parseDate(text: string | null | undefined, ctx: DateContext): string | null {
  const raw = (text ?? '').trim();
  if (isPlaceholder(raw) || /^[0\s/.:T-]+$/.test(raw)) return null;
  const date = readDate(raw, ctx);
  if (date === undefined) throw new RowError(M.badDateText(raw));
  return date > ctx.asOf || date < EARLIEST ? null : date;
}

/**
 * Whether a file writes numeric dates day first or month first (issue 10 "decide by the impossible day, and by the
 * file's majority"): each sample like 'a/b/yyyy' with a > 12 votes day-first, with b > 12 votes month-first; the
 * larger vote wins; ties, no deciding sample and other formats → 'dmy' (the Mexican order).
 */
export function detectDateOrder(samples: string[]): 'dmy' | 'mdy' {
  let dmy = 0;
  let mdy = 0;
  for (const sample of samples) {
    const m = NUMERIC.exec(sample.trim());
    if (!m || /^\d{4}/.test(sample.trim())) continue;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  return mdy > dmy ? 'mdy' : 'dmy';
}

/** The date `raw` names (YYYY-MM-DD), null-free: undefined when it is not a date. */
function readDate(raw: string, ctx: DateContext): string | undefined {
  const asOfYear = Number(ctx.asOf.slice(0, 4));
  const words = normalizeText(raw);

  const relative = readRelative(words, ctx.asOf);
  if (relative !== undefined) return relative;

  if (/^\d{5}(?:\.\d+)?$/.test(raw)) {
    const serial = Math.floor(Number(raw));
    if (serial >= 20_000 && serial <= 80_000) return shiftDays('1899-12-30', serial);
    return undefined;
  }

  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?=$|[T\s])/.exec(raw);
  if (iso) return isoFrom(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const monthYear = /^(\d{4})[-/](\d{1,2})$/.exec(raw) ?? /^(\d{1,2})[-/](\d{4})$/.exec(raw);
  if (monthYear) {
    const [a = '', b = ''] = monthYear.slice(1);
    return a.length === 4 ? isoFrom(Number(a), Number(b), 1) : isoFrom(Number(b), Number(a), 1);
  }

  const numeric = NUMERIC.exec(raw);
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2]);
    const year = fullYear(numeric[3] ?? '', asOfYear);
    const [first, second] = ctx.order === 'mdy' ? [[b, a], [a, b]] : [[a, b], [b, a]];
    return isoFrom(year, first?.[1] ?? 0, first?.[0] ?? 0) ?? isoFrom(year, second?.[1] ?? 0, second?.[0] ?? 0);
  }

  const tokens = words.split(' ').filter((w) => w !== 'de' && w !== 'del' && w !== 'of');
  const at = tokens.findIndex((w) => MONTHS[w] !== undefined);
  if (at < 0) return undefined;
  const month = MONTHS[tokens[at] ?? ''] ?? 0;
  const before = tokens[at - 1];
  const after = tokens.slice(at + 1).filter((w) => /^\d+$/.test(w));
  let day = 1;
  let yearText: string | undefined;
  if (before !== undefined && /^\d{1,2}$/.test(before)) {
    day = Number(before);
    yearText = after[0];
  } else if (after.length >= 2 && /^\d{1,2}$/.test(after[0] ?? '')) {
    day = Number(after[0]);
    yearText = after[1];
  } else {
    yearText = after[0];
  }
  if (yearText === undefined || !/^(?:\d{2}|\d{4})$/.test(yearText)) return undefined;
  return isoFrom(fullYear(yearText, asOfYear), month, day);
}

/** 'hoy', 'ayer', 'hace 5 meses', '3 days ago' (normalised) → the date counted back from asOf; else undefined. */
function readRelative(words: string, asOf: string): string | undefined {
  if (/\b(?:hoy|today|justo ahora|recien publicado)\b/.test(words)) return asOf;
  if (/\b(?:anteayer|antier)\b/.test(words)) return shiftDays(asOf, -2);
  if (/\b(?:ayer|yesterday)\b/.test(words)) return shiftDays(asOf, -1);
  const m = /\bhace (?:mas de |casi |unos |unas |aprox |aproximadamente )?(\d+|un|una|uno|dos|tres|cuatro|cinco|seis) ([a-z]+)\b/.exec(words)
    ?? /\b(\d+|a|an) ([a-z]+) ago\b/.exec(words);
  if (!m) return undefined;
  const count = /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : (COUNT_WORDS[m[1] ?? ''] ?? 1);
  const unit = UNITS[m[2] ?? ''];
  if (unit === undefined) return undefined;
  if (unit === 'now') return asOf;
  if (unit === 'day') return shiftDays(asOf, -count);
  if (unit === 'week') return shiftDays(asOf, -7 * count);
  return shiftMonths(asOf, -(unit === 'year' ? 12 : 1) * count);
}

function fullYear(text: string, asOfYear: number): number {
  if (text.length === 4) return Number(text);
  const yy = Number(text);
  return 2000 + yy <= asOfYear + 1 ? 2000 + yy : 1900 + yy;
}

/** YYYY-MM-DD when year/month/day name a real day (years 1800–2199), else undefined. */
function isoFrom(year: number, month: number, day: number): string | undefined {
  if (year < 1800 || year > 2199 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.toISOString().slice(0, 10);
}

function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar months later (negative: earlier); the day is clamped to the target month's last day. */
function shiftMonths(iso: string, months: number): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
