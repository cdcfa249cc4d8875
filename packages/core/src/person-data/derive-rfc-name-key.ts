import { RFC_INCONVENIENT_WORDS } from './inconvenient-words.ts';
import { firstInternalVowel, keyGivenName, keySurname } from './name-words.ts';
import { givenNames, type PersonName } from './person-name.ts';

const two = (word: string): string => word.slice(0, 2).padEnd(2, 'X');

function replaceInconvenient(key: string): string {
  return RFC_INCONVENIENT_WORDS.has(key) ? `${key.slice(0, 3)}X` : key;
}

/**
 * The four letters of a persona física's RFC by the SAT's instructivo (reglas de formación de la clave):
 * - usual case: first letter and first internal vowel of the first surname, first letter of the second surname,
 *   first letter of the given name (PÉREZ GÓMEZ JUAN → PEGJ);
 * - a first surname of one or two letters: its first letter, the second surname's first letter and the first two
 *   letters of the given name (DE LA O LOZANO ÁLVARO → OLAL);
 * - one surname only: its first two letters and the given name's first two (MARTÍNEZ JUAN → MAJU);
 * - particles skipped, MARÍA/JOSÉ in a compound given name skipped (as for the CURP), and a result in the SAT's
 *   inconvenient-words table gets X as its last letter (PEDO → PEDX).
 * Unlike the CURP, an Ñ stays Ñ.
 *
 * Takes the person's names; returns the primary key first, then the spellings older registrations also used (Ñ
 * written X; with one surname, the CURP-like letter + vowel + X + initial); never throws.
 */
export function deriveRfcNameKeys(person: PersonName): string[] {
  const first = keySurname(person.first_last_name);
  const second = keySurname(person.other_last_names);
  const given = keyGivenName(givenNames(person));
  const keys: string[] = [];
  if (!second) {
    keys.push(two(first) + two(given));
    keys.push((first[0] ?? 'X') + (firstInternalVowel(first) ?? 'X') + 'X' + (given[0] ?? 'X'));
  } else if (first.length <= 2) {
    keys.push((first[0] ?? 'X') + second[0] + two(given));
  } else {
    keys.push(first[0] + (firstInternalVowel(first) ?? 'X') + second[0] + (given[0] ?? 'X'));
  }
  const all = keys.flatMap((key) => [replaceInconvenient(key), replaceInconvenient(key.replace(/Ñ/g, 'X'))]);
  return [...new Set(all)];
}
