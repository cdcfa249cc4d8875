/**
 * Names as RENAPO's and the SAT's rules read them (Instructivo Normativo para la Asignación de la CURP; SAT's
 * instructivo for the RFC of personas físicas): upper case, accents and diaeresis removed (Ü → U) but Ñ kept,
 * apostrophes joined (D'ANGELO → DANGELO), any other punctuation a word break (PÉREZ-GÓMEZ → PEREZ GOMEZ, MA. → MA).
 */

/**
 * Articles, prepositions, conjunctions and contractions the rules skip in surnames and given names (DE LA GARZA →
 * GARZA, MC GREGOR → GREGOR, GÓMEZ Y FARÍAS → GÓMEZ FARÍAS, MARÍA DE LOS ÁNGELES → MARÍA ÁNGELES).
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'DA', 'DAS', 'DE', 'DEL', 'DER', 'DI', 'DIE', 'DD', 'EL', 'LA', 'LAS', 'LE', 'LES', 'LOS', 'MAC', 'MC', 'VAN', 'VON', 'Y',
]);

/** Given names so common that the rules take the next given name instead (MARÍA, JOSÉ and their abbreviations). */
export const COMMON_GIVEN_NAMES: ReadonlySet<string> = new Set(['MARIA', 'MA', 'M', 'JOSE', 'J']);

const VOWELS = 'AEIOU';

/**
 * The words of a name part, normalized as above: `'  María  de los Ángeles '` → `['MARIA', 'DE', 'LOS', 'ANGELES']`.
 * Takes any string (null or undefined → []); returns upper-case words of A–Z and Ñ only. Never throws.
 */
export function nameWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .toUpperCase()
    .replace(/N\u0303/g, 'Ñ')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`´]/g, '')
    .replace(/[^A-ZÑ]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
}

/** The words that count for the key: particles dropped, unless nothing else is left (a surname 'DEL' stays). */
export function significantWords(words: string[]): string[] {
  const kept = words.filter((word) => !NAME_PARTICLES.has(word));
  return kept.length > 0 ? kept : words;
}

/**
 * The given name the key is made from: the first significant one, or the second when the first is MARÍA or JOSÉ
 * (or MA, M, J) and another follows ('JOSÉ LUIS' → LUIS, 'MARÍA' → MARIA, 'MARÍA DE LOS ÁNGELES' → ANGELES).
 * `skipCommon: false` keeps the first one (some older keys were made that way). Returns '' for no name.
 */
export function keyGivenName(givenNames: string, skipCommon = true): string {
  const words = significantWords(nameWords(givenNames));
  if (skipCommon && words.length > 1 && COMMON_GIVEN_NAMES.has(words[0]!)) return words[1]!;
  return words[0] ?? '';
}

/** The surname the key is made from: its first significant word ('DE LA GARZA' → GARZA); '' when absent. */
export function keySurname(surname: string | null | undefined): string {
  return significantWords(nameWords(surname))[0] ?? '';
}

/** The first vowel after the first letter ('IBARRA' → A, 'GARCÍA' → A), or null when there is none ('NG'). */
export function firstInternalVowel(word: string): string | null {
  for (const letter of word.slice(1)) if (VOWELS.includes(letter)) return letter;
  return null;
}

/** The first consonant after the first letter ('MUÑOZ' → Ñ, 'ABARCA' → B), or null when there is none ('OA'). */
export function firstInternalConsonant(word: string): string | null {
  for (const letter of word.slice(1)) if (!VOWELS.includes(letter)) return letter;
  return null;
}
