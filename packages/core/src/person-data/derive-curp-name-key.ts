import { CURP_INCONVENIENT_WORDS } from './inconvenient-words.ts';
import { firstInternalConsonant, firstInternalVowel, keyGivenName, keySurname } from './name-words.ts';
import { givenNames, type PersonName } from './person-name.ts';

/** The name-derived parts of a CURP: positions 1–4 (`letters`) and 14–16 (`consonants`). */
export interface CurpNameKey {
  letters: string;
  consonants: string;
}

const x = (letter: string | null | undefined): string => (!letter || letter === 'Ñ' ? 'X' : letter);

/**
 * The CURP letters a person's names give, by RENAPO's Instructivo Normativo para la Asignación de la CURP:
 * 1 the first letter of the first surname, 2 its first internal vowel, 3 the first letter of the second surname,
 * 4 the first letter of the given name; 14–16 the first internal consonant of each of the three. Particles
 * (DE, DEL, LA, LOS, Y, MC, VON…) are skipped; a compound given name starting with MARÍA or JOSÉ uses the next name;
 * Ñ is written X; a missing letter (no second surname, no internal vowel or consonant) is X; when 1–4 form a word of
 * RENAPO's inconvenient-words table, the second letter becomes X.
 *
 * Takes the person's names and `skipCommon` (false: the first given name even when it is MARÍA or JOSÉ); returns
 * `{ letters, consonants }`, e.g. Pérez Gómez, José Luis → `{ letters: 'PEGL', consonants: 'RMS' }`. Never throws;
 * an empty first surname or given name yields X in its places.
 */
export function deriveCurpNameKey(person: PersonName, skipCommon = true): CurpNameKey {
  const first = keySurname(person.first_last_name);
  const second = keySurname(person.other_last_names);
  const given = keyGivenName(givenNames(person), skipCommon);
  let letters = x(first[0]) + x(firstInternalVowel(first)) + x(second[0]) + x(given[0]);
  if (CURP_INCONVENIENT_WORDS.has(letters)) letters = `${letters[0]}X${letters.slice(2)}`;
  const consonants = x(firstInternalConsonant(first)) + x(second ? firstInternalConsonant(second) : null) + x(firstInternalConsonant(given));
  return { letters, consonants };
}
