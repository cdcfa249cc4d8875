import { foldText } from '@nj/contracts';

/**
 * Normalises place text the way the database's `nj_normalize()` does (migration 001): accents removed, lower case,
 * every run of characters other than a–z and 0–9 turned into one space, trimmed. 'Providéncia,' → 'providencia';
 * 'Ñuñoa' → 'nunoa'. Used for `places.name_norm`, `label_norm` and every query (spec 01 §2: matching ignores accents,
 * case and punctuation). Never throws; anything that is not a string gives ''.
 */
export function normalizePlaceText(text: unknown): string {
  if (typeof text !== 'string' || text === '') return '';
  return foldText(text);
}

/** A URL slug from place text: normalised words joined by '-' ('Ladrón de Guevara' → 'ladron-de-guevara'). */
export function slugifyPlace(text: string): string {
  return normalizePlaceText(text).replace(/ /g, '-');
}

/** Words that never start a searchable word-start on their own ('de chapultepec' is not indexed, 'chapultepec' is). */
export const PLACE_STOP_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e', 'en', 'al', 'a']);

/** Settlement-type words users put before a colonia name ('col. Providencia', 'fracc. Chapalita'). */
const SETTLEMENT_PREFIXES = /^(colonia|col|fraccionamiento|fracc|frac|barrio|unidad habitacional)\s+/;

/** Drops a leading settlement-type word from normalised text ('colonia roma norte' → 'roma norte'). */
export function stripSettlementPrefix(normalized: string): string {
  const stripped = normalized.replace(SETTLEMENT_PREFIXES, '');
  return stripped === '' ? normalized : stripped;
}

/**
 * A colonia name as people read it, without a leading settlement word and extra spaces:
 * 'Fraccionamiento Ladrón de Guevara' → 'Ladrón de Guevara', 'col.  Moderna' → 'Moderna'. '' when nothing is left.
 */
export function cleanColoniaName(raw: string | null | undefined): string {
  if (!raw) return '';
  const text = raw.replace(/\s+/g, ' ').trim();
  const stripped = text.replace(/^(colonia|col\.?|fraccionamiento|fracc?\.?)\s+/i, '').trim();
  return stripped || text;
}
