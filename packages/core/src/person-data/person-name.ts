/**
 * A person's names as spec 03 §3 keeps them: first_name and middle_names are the given names, first_last_name the
 * first (usually paternal) surname, other_last_names the second (usually maternal) one. Only first_name and
 * first_last_name are required (spec 03 §5).
 */
export interface PersonName {
  first_name: string;
  middle_names?: string | null;
  first_last_name: string;
  other_last_names?: string | null;
}

/** The given names in one string ('José' + 'Luis' → 'José Luis'). */
export function givenNames(person: PersonName): string {
  return [person.first_name, person.middle_names ?? ''].join(' ').trim();
}
