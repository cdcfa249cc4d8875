import { CURP_BORN_ABROAD, CURP_STATE_CODES } from '@nj/contracts/rents/person-constants';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { foldText } from '@nj/contracts/common/fold-text';

const BY_FOLDED = new Map<string, string>();
for (const state of MX_STATES) {
  const code = CURP_STATE_CODES[state.slug]!;
  for (const spelling of [state.slug, state.name, state.short, state.slug.replace(/_/g, ' ')]) BY_FOLDED.set(foldText(spelling), code);
  BY_FOLDED.set(foldText(code), code);
}
// Common short spellings people write for some states.
for (const [spelling, code] of [
  ['coahuila', 'CL'], ['michoacan', 'MN'], ['veracruz', 'VZ'], ['mexico', 'MC'], ['edomex', 'MC'], ['edo mex', 'MC'],
  ['cdmx', 'DF'], ['distrito federal', 'DF'], ['df', 'DF'], ['nl', 'NL'],
  ['extranjero', CURP_BORN_ABROAD], ['nacido en el extranjero', CURP_BORN_ABROAD], ['ne', CURP_BORN_ABROAD],
] as const) BY_FOLDED.set(spelling, code);

/**
 * The CURP state code (positions 12–13) of a birthplace_state as a person or the form writes it: a state slug of
 * MX_STATES ('nuevo_leon'), its name with or without accents ('Nuevo León'), its abbreviation ('N.L.'), the CURP
 * code itself ('NL'), or 'extranjero' → 'NE'. Returns the two-letter code, or null when it is not recognised (the
 * caller then skips the comparison). Never throws.
 */
export function resolveBirthState(birthplaceState: string | null | undefined): string | null {
  if (!birthplaceState) return null;
  return BY_FOLDED.get(foldText(birthplaceState)) ?? null;
}
