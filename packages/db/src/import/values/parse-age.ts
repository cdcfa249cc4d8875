import type { ListingAge } from '../listing-fields.ts';

/** An age in years / 'building' / 'first_use', or a construction year. Stub. */
export function parseAgeOrYear(text: string | null | undefined, ctx?: { asOf?: string }): { age: ListingAge } | { year: number } | null {
  void ctx;
  const n = Number.parseInt(text ?? '', 10);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n >= 1800 ? { year: n } : { age: n };
}

/** The age only (a year becomes asOf's year − year). Stub. */
export function parseAgeText(text: string | null | undefined, ctx?: { asOf?: string }): ListingAge | null {
  const r = parseAgeOrYear(text, ctx);
  return r && 'age' in r ? r.age : null;
}

/** A construction year ('1998'); an age in years becomes asOf's year − age. Stub. */
export function parseConstructionYear(text: string | null | undefined, ctx?: { asOf?: string }): number | null {
  const r = parseAgeOrYear(text, ctx);
  return r && 'year' in r ? r.year : null;
}
