import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { RowError, normalizeText, type ListingAge } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';

/** What the age parsers need besides the text: the import's reference day (YYYY-MM-DD) to turn ages into years. */
export type AgeContext = { asOf?: string | undefined };

/**
 * Reads an age column (issue 10 "an age of 0 or unknown is no construction year"): 'A estrenar' / 'Nuevo' →
 * { age: 'first_use' }, 'En construcción' / 'Preventa' → { age: 'building' }, '15 años' / '15' / 'Más de 15 años' →
 * { age: 15 }, '18 meses' → { age: 1 } (under a year → null), and a 4-digit year written where the age goes ('1998',
 * 'Construido en 1998', '2021 años') → { year: 1998 } — a year after `ctx.asOf`'s year means it is still being built
 * ({ age: 'building' }). '0', '0 años', placeholders ('sin dato', 'N/A') and 'menos de N años' → null: unknown, never
 * "built this year". Throws RowError (Spanish) for present text that is none of these, an age over 200 years or a
 * year before 1800.
 */
export function parseAgeOrYear(text: string | null | undefined, ctx: AgeContext = {}): { age: ListingAge } | { year: number } | null {
  const raw = (text ?? '').trim();
  if (isPlaceholder(raw)) return null;
  const words = normalizeText(raw);
  const asOfYear = ctx.asOf ? Number(ctx.asOf.slice(0, 4)) : undefined;
  const year = /\b(\d{4})\b/.exec(words);
  if (year) {
    const y = Number(year[1]);
    if (y < 1800 || y > (asOfYear ?? 2100) + 10) throw new RowError(M.badYearText(raw));
    if (asOfYear !== undefined && y > asOfYear) return { age: 'building' };
    return { year: y };
  }
  if (words === 'first use' || /\b(?:estrenar|nuevo|nueva|new)\b/.test(words)) return { age: 'first_use' };
  if (words === 'building' || /\b(?:construccion|preventa|pre venta|obra|remodelacion)\b/.test(words)) return { age: 'building' };
  const n = /^(?:(?:mas de|aprox|aproximadamente|cerca de) )?(\d{1,3})(?: (anos?|meses|mes))?(?: (?:de antiguedad|antiguedad))?$/.exec(words)
    ?? /^(?:antiguedad )?(\d{1,3})(?: (anos?|meses|mes))?$/.exec(words);
  if (/^menos de\b/.test(words)) return null;
  if (!n) throw new RowError(M.badAgeText(raw));
  const value = Number(n[1]);
  const years = n[2]?.startsWith('mes') ? Math.floor(value / 12) : value;
  if (years > 200) throw new RowError(M.badAgeText(raw));
  return years > 0 ? { age: years } : null;
}

/**
 * The age alone (ListingAge: years, 'building' or 'first_use') from an age column; a year is turned into
 * `ctx.asOf`'s year − year (the current year gives 'first_use'), or null without `ctx.asOf`. Same nulls and errors as
 * parseAgeOrYear.
 */
export function parseAgeText(text: string | null | undefined, ctx: AgeContext = {}): ListingAge | null {
  const read = parseAgeOrYear(text, ctx);
  if (read === null) return null;
  if ('age' in read) return read.age;
  if (!ctx.asOf) return null;
  const age = Number(ctx.asOf.slice(0, 4)) - read.year;
  return age > 0 ? age : 'first_use';
}

/**
 * A construction year from a year column ('1998', 'Año 1998', '1998.0'); an age in years written there instead
 * ('15 años') becomes `ctx.asOf`'s year − 15 (null without `ctx.asOf`). 'A estrenar', 'En construcción', '0' and
 * placeholders → null (those are ages: read them with parseAgeOrYear). Throws RowError as parseAgeOrYear does.
 */
export function parseConstructionYear(text: string | null | undefined, ctx: AgeContext = {}): number | null {
  const read = parseAgeOrYear((text ?? '').replace(/^(\d{4})\.0+$/, '$1'), ctx);
  if (read === null) return null;
  if ('year' in read) return read.year;
  if (typeof read.age !== 'number' || !ctx.asOf) return null;
  return Number(ctx.asOf.slice(0, 4)) - read.age;
}
