/**
 * Colonias split into numbered sections ('Polanco I Sección' … 'Polanco V Sección', 'San Juan de Aragón II Sección',
 * 'Andalucía 1er Sector') or into compass parts ('Narvarte Oriente' and 'Narvarte Poniente', 'Del Valle Centro',
 * 'Norte' and 'Sur'): people search the whole ('Polanco', 'Narvarte', 'Del Valle'), so the shipped data adds one
 * place per group (scripts/derive-data/derive-places.ts) and the listing counts of its parts are added up
 * (derive-colonias-from-listings.ts). Issue 9 §2.
 */

const NUMBER = String.raw`(?:[ivx]+|\d+\s*(?:a|er|ra|do|da|ro|to|ta|o)?)`;
const SECTION_WORD = String.raw`(?:seccion|secc|sector)`;
const COMPASS = String.raw`(?:norte|sur|oriente|poniente|centro)`;
const SECTION_TAIL = new RegExp(String.raw`^(.+?)\s+(?:${NUMBER}\s+${SECTION_WORD}|${SECTION_WORD}\s+${NUMBER}(?:\s+[a-z])?|${COMPASS})$`);

/** The smallest base worth grouping under ('la 1a seccion' has no real base). */
const MIN_BASE_CHARS = 4;

/**
 * The whole a part's normalised name belongs to: 'polanco ii seccion' → 'polanco', 'andalucia 1er sector' →
 * 'andalucia', 'los picos de iztacalco seccion 1 a' → 'los picos de iztacalco', 'narvarte oriente' → 'narvarte';
 * null for a name that is neither a numbered section nor a compass part ('gabriel ramos millan seccion bramadero').
 * A group is made only where two or more parts share a base and no colonia has the base's name. Takes normalised text
 * (normalizePlaceText); never throws.
 */
export function sectionBase(nameNorm: string): string | null {
  const m = SECTION_TAIL.exec(nameNorm);
  if (!m) return null;
  // 'arboledas de santa rosa 3er sector norte' is a part of a part: of 'arboledas de santa rosa'.
  const whole = sectionBase(m[1]!.trim());
  if (whole) return whole;
  // 'del valle sector oriente' is a part of 'del valle'.
  const base = m[1]!.replace(new RegExp(String.raw`\s+${SECTION_WORD}$`), '').trim();
  return base.length >= MIN_BASE_CHARS ? base : null;
}
