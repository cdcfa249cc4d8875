import { CURP_INCONVENIENT_WORDS } from './inconvenient-words.ts';
import { firstInternalConsonant, firstInternalVowel, keyGivenName, keySurname } from './name-words.ts';
import { givenNames, type PersonName } from './person-name.ts';

/** The name-derived parts of a CURP: positions 1–4 (`letters`) and 14–16 (`consonants`). */
export interface CurpNameKey {
  letters: string;
  consonants: string;
}

const x = (letter: string | null | undefined): string => (!letter || letter === 'Ñ' ? 'X' : letter);

/** The internal consonant, reading an initial CH or LL as one letter when `compound` ('CHÁVEZ' → V instead of H). */
function internalConsonant(word: string, compound: boolean): string | null {
  return compound && /^(CH|LL)/.test(word) ? firstInternalConsonant(word.slice(1)) : firstInternalConsonant(word);
}

/**
 * The CURP letters a person's names give, by RENAPO's Instructivo Normativo para la Asignación de la CURP:
 * 1 the first letter of the first surname, 2 its first internal vowel, 3 the first letter of the second surname,
 * 4 the first letter of the given name; 14–16 the first internal consonant of each of the three. Particles
 * (DE, DEL, LA, LOS, Y, MC, VON…) are skipped; a compound given name starting with MARÍA or JOSÉ uses the next name;
 * Ñ is written X; a missing letter (no second surname, no internal vowel or consonant) is X; when 1–4 form a word of
 * RENAPO's inconvenient-words table, the second letter becomes X.
 *
 * Takes the person's names, `skipCommon` (false: the first given name even when it is MARÍA or JOSÉ) and
 * `compoundInitials` (true: an initial CH or LL counts as one letter when looking for the internal consonant, as
 * older registrations did: CHÁVEZ → V instead of H); returns
 * `{ letters, consonants }`, e.g. Pérez Gómez, José Luis → `{ letters: 'PEGL', consonants: 'RMS' }`. Never throws;
 * an empty first surname or given name yields X in its places.
 */
export function deriveCurpNameKey(person: PersonName, skipCommon = true, compoundInitials = false): CurpNameKey {
  const first = keySurname(person.first_last_name);
  const second = keySurname(person.other_last_names);
  const given = keyGivenName(givenNames(person), skipCommon);
  let letters = x(first[0]) + x(firstInternalVowel(first)) + x(second[0]) + x(given[0]);
  if (CURP_INCONVENIENT_WORDS.has(letters)) letters = `${letters[0]}X${letters.slice(2)}`;
  const consonant = (word: string) => x(word ? internalConsonant(word, compoundInitials) : null);
  const consonants = consonant(first) + consonant(second) + consonant(given);
  return { letters, consonants };
}
