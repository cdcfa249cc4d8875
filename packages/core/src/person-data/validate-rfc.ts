import { PERSON_MESSAGES as M } from '@nj/contracts/rents/person-messages';
import { computeRfcCheckDigit } from './compute-rfc-check-digit.ts';
import { deriveRfcNameKeys } from './derive-rfc-name-key.ts';
import { error, isCalendarDate, parseIsoDate, result, warning, type IdCheck, type IdIssue } from './id-check.ts';
import type { PersonName } from './person-name.ts';

/** What a valid RFC says: persona física or moral, and its date as YYMMDD (the century is not in an RFC). */
export interface RfcFacts {
  kind: 'fisica' | 'moral';
  yymmdd: string;
}

/** The person an RFC is compared with; a missing part is not compared. */
export interface RfcPerson extends Partial<PersonName> {
  /** YYYY-MM-DD. */
  birthdate?: string | null;
}

/** The SAT's generic RFCs (público en general, extranjeros): valid on invoices, never a person's own. */
const GENERIC_RFCS = new Set(['XAXX010101000', 'XEXX010101000']);

/**
 * Checks an RFC by the SAT's rules (13 characters for a persona física: 4 letters, YYMMDD birthdate, 2-character
 * homoclave and a check digit; 12 for a persona moral: 3 letters and its constitution date), and, when `person` is
 * given, that it is this person's: the date against the birthdate, the letters against the names by the SAT's
 * instructivo (`deriveRfcNameKeys`).
 *
 * Takes the RFC as typed (spaces and hyphens removed, upper-cased), `kind` ('fisica' for the people of a rent, the
 * default; 'moral'; 'any'), and optionally the person. Returns `{ ok, value, issues, parsed }`, one issue per problem
 * with a precise Spanish `msg`: length, kind, the segment whose structure is wrong, an impossible date, a generic RFC,
 * birthdate and name mismatches (errors); a check digit that does not match is a warning only, because the SAT has
 * issued RFCs whose last character does not follow its own algorithm (decision 012). The homoclave's first two
 * characters are the SAT's homonymy code, assigned at registration; they are not compared with the name. Never throws.
 */
export function validateRfc(input: string, kind: 'fisica' | 'moral' | 'any' = 'fisica', person: RfcPerson = {}): IdCheck<RfcFacts> {
  const rfc = (input ?? '').replace(/[\s-]+/g, '').toUpperCase();
  if (rfc.length === 0) return result(rfc, [error('rfc_required', M.rfcRequired)]);
  if (rfc.length !== 12 && rfc.length !== 13) return result(rfc, [error('rfc_length', M.rfcLength(rfc.length))]);
  const actual = rfc.length === 13 ? 'fisica' : 'moral';
  if (kind === 'fisica' && actual === 'moral') return result(rfc, [error('rfc_not_person', M.rfcNotPerson)]);
  if (kind === 'moral' && actual === 'fisica') return result(rfc, [error('rfc_not_company', M.rfcNotCompany)]);

  const letterCount = actual === 'fisica' ? 4 : 3;
  const letters = rfc.slice(0, letterCount);
  const yymmdd = rfc.slice(letterCount, letterCount + 6);
  const homoclave = rfc.slice(letterCount + 6);
  const issues: IdIssue[] = [];
  if (!(actual === 'fisica' ? /^[A-ZÑ]{4}$/ : /^[A-ZÑ&]{3}$/).test(letters)) {
    issues.push(error('rfc_letters', actual === 'fisica' ? M.rfcLettersPerson : M.rfcLettersCompany));
  }
  if (!/^\d{6}$/.test(yymmdd)) issues.push(error('rfc_date_digits', M.rfcDateDigits));
  else {
    const [yy, month, day] = [Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))];
    if (!isCalendarDate(1900 + yy, month, day) && !isCalendarDate(2000 + yy, month, day)) issues.push(error('rfc_date_invalid', M.rfcDateInvalid));
  }
  if (!/^[A-Z0-9]{2}$/.test(homoclave.slice(0, 2))) issues.push(error('rfc_homoclave', M.rfcHomoclave));
  if (!/^[0-9A]$/.test(homoclave[2]!)) issues.push(error('rfc_check_character', M.rfcCheckCharacter));
  if (issues.length > 0) return result(rfc, issues);
  if (GENERIC_RFCS.has(rfc)) return result(rfc, [error('rfc_generic', M.rfcGeneric)]);

  if (computeRfcCheckDigit(rfc.slice(0, -1)) !== rfc.at(-1)) issues.push(warning('rfc_check_digit', M.rfcCheckDigit));
  if (actual === 'fisica') {
    const birthdate = parseIsoDate(person.birthdate);
    if (birthdate) {
      const expected = `${String(birthdate.year % 100).padStart(2, '0')}${String(birthdate.month).padStart(2, '0')}${String(birthdate.day).padStart(2, '0')}`;
      if (expected !== yymmdd) issues.push(error('rfc_birthdate', M.rfcBirthdate));
    }
    if (person.first_name && person.first_last_name) {
      const keys = deriveRfcNameKeys(person as PersonName);
      if (!keys.includes(letters)) issues.push(error('rfc_name_letters', M.rfcNameLetters(keys[0]!)));
    }
  }
  return result(rfc, issues, { kind: actual, yymmdd });
}
