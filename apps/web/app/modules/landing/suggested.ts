/**
 * Whether a resolved place really is the suggested neighbourhood a slug names (spec 01 §9): every significant word
 * of the slug ('colonia-' and particles like 'la', 'de' left out) starts a word of the place's name. Both inputs are
 * already normalised (lower-case, no accents). 'santa-tere' matches 'villasenor santa teresita'; 'condesa' does not
 * match 'ciudad de mexico' (a fallback to the city, which the landing page does not show as a colonia).
 */
export function placeMatchesSlug(slug: string, normalizedName: string): boolean {
  const stop = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'colonia']);
  const want = slug.split('-').filter((w) => w && !stop.has(w));
  const have = normalizedName.split(/[^a-z0-9]+/).filter(Boolean);
  return want.length > 0 && want.every((w) => have.some((h) => h.startsWith(w)));
}
