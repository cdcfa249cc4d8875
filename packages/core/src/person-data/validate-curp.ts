import { CURP_BORN_ABROAD, CURP_STATE_CODES } from '@nj/contracts/rents/person-constants';
import { PERSON_MESSAGES as M } from '@nj/contracts/rents/person-messages';
import { computeCurpCheckDigit } from './compute-curp-check-digit.ts';
import { deriveCurpNameKey } from './derive-curp-name-key.ts';
import { error, isCalendarDate, isoDate, parseIsoDate, result, type IdCheck, type IdIssue } from './id-check.ts';
import type { PersonName } from './person-name.ts';
import { resolveBirthState } from './resolve-birth-state.ts';

const STATE_CODES = new Set([...Object.values(CURP_STATE_CODES), CURP_BORN_ABROAD]);

/** What a valid CURP says: birthdate (YYYY-MM-DD, the century from position 17), sex H/M/X, state code or NE. */
export interface CurpFacts {
  birthdate: string;
  sex: 'H' | 'M' | 'X';
  state: string;
  bornAbroad: boolean;
}

/** The person a CURP is compared with; every part is optional and a missing one is not compared. */
export interface CurpPerson extends Partial<PersonName> {
  /** YYYY-MM-DD. */
  birthdate?: string | null;
  /** 'male' or 'female' (spec 03 §3 lsex). */
  lsex?: string | null;
  /** A state slug, name, abbreviation or 'extranjero' (spec 03 §3 birthplace_state). */
  birthplace_state?: string | null;
}

function structureIssues(curp: string): IdIssue[] {
  const issues: IdIssue[] = [];
  if (!/^[A-Z]{4}$/.test(curp.slice(0, 4))) issues.push(error('curp_letters', M.curpLetters));
  else if (!/^[AEIOUX]$/.test(curp[1]!)) issues.push(error('curp_vowel', M.curpVowel));
  if (!/^\d{6}$/.test(curp.slice(4, 10))) issues.push(error('curp_date_digits', M.curpDateDigits));
  if (!/^[HMX]$/.test(curp[10]!)) issues.push(error('curp_sex', M.curpSex));
  if (!STATE_CODES.has(curp.slice(11, 13))) issues.push(error('curp_state', M.curpState));
  if (!/^[B-DF-HJ-NP-TV-Z]{3}$/.test(curp.slice(13, 16))) issues.push(error('curp_consonants', M.curpConsonants));
  if (!/^[0-9A-Z]$/.test(curp[16]!)) issues.push(error('curp_differentiator', M.curpDifferentiator));
  if (!/^\d$/.test(curp[17]!)) issues.push(error('curp_check_character', M.curpCheckCharacter));
  return issues;
}

/**
 * Checks a CURP by RENAPO's Instructivo Normativo para la Asignación de la CURP, and, when `person` is given, that it
 * is this person's (spec 03 §3 person data; issue 12 "CURP and RFC validated by their official structure and check
 * digit, and consistent with name and birthdate").
 *
 * Takes the CURP as typed (spaces removed, upper-cased) and optionally the person (names, birthdate YYYY-MM-DD, lsex,
 * birthplace_state; each compared only when present) and `today` (for "not born in the future"). Returns
 * `{ ok, value, issues, parsed }`: one issue per problem, each with a precise Spanish `msg` (length, the segment whose
 * structure is wrong, an impossible date, the check digit, then each mismatch: birthdate, century of position 17,
 * sex, state, letters 1–4, consonants 14–16); `parsed` (CurpFacts) when the structure and date are valid. All issues
 * are errors. Never throws.
 *
 * Name letters are compared with the key of `deriveCurpNameKey`; a CURP made without skipping MARÍA/JOSÉ, or with
 * an initial CH or LL read as one letter, is also accepted, since RENAPO has issued both (decision 012).
 */
export function validateCurp(input: string, person: CurpPerson = {}, today: Date = new Date()): IdCheck<CurpFacts> {
  const curp = (input ?? '').replace(/\s+/g, '').toUpperCase();
  if (curp.length === 0) return result(curp, [error('curp_required', M.curpRequired)]);
  if (curp.length !== 18) return result(curp, [error('curp_length', M.curpLength(curp.length))]);
  const structure = structureIssues(curp);
  if (structure.length > 0) return result(curp, structure);

  const yy = Number(curp.slice(4, 6));
  const month = Number(curp.slice(6, 8));
  const day = Number(curp.slice(8, 10));
  const year = (/\d/.test(curp[16]!) ? 1900 : 2000) + yy;
  const birthdate = isoDate(year, month, day);
  if (!isCalendarDate(year, month, day) || birthdate > isoDate(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate())) {
    return result(curp, [error('curp_date_invalid', M.curpDateInvalid)]);
  }
  if (computeCurpCheckDigit(curp) !== curp[17]) return result(curp, [error('curp_check_digit', M.curpCheckDigit)]);

  const facts: CurpFacts = { birthdate, sex: curp[10] as CurpFacts['sex'], state: curp.slice(11, 13), bornAbroad: curp.slice(11, 13) === CURP_BORN_ABROAD };
  const issues: IdIssue[] = [];
  const given = parseIsoDate(person.birthdate);
  if (given) {
    if (given.month !== month || given.day !== day || given.year % 100 !== yy) issues.push(error('curp_birthdate', M.curpBirthdate));
    else if (given.year !== year) issues.push(error('curp_century', M.curpCentury));
  }
  const expectedSex = person.lsex === 'male' ? 'H' : person.lsex === 'female' ? 'M' : null;
  if (expectedSex && facts.sex !== 'X' && facts.sex !== expectedSex) issues.push(error('curp_sex_mismatch', M.curpSexMismatch));
  const state = resolveBirthState(person.birthplace_state);
  if (state && state !== facts.state) issues.push(error('curp_state_mismatch', M.curpStateMismatch));
  if (person.first_name && person.first_last_name) {
    const names = person as PersonName;
    const keys = [deriveCurpNameKey(names), deriveCurpNameKey(names, true, true), deriveCurpNameKey(names, false), deriveCurpNameKey(names, false, true)];
    if (!keys.some((key) => key.letters === curp.slice(0, 4))) issues.push(error('curp_name_letters', M.curpNameLetters(keys[0]!.letters)));
    else if (!keys.some((key) => key.letters === curp.slice(0, 4) && key.consonants === curp.slice(13, 16))) {
      issues.push(error('curp_name_consonants', M.curpNameConsonants(keys.find((key) => key.letters === curp.slice(0, 4))!.consonants)));
    }
  }
  return result(curp, issues, facts);
}
