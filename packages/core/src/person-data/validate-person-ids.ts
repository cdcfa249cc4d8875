import { PERSON_MESSAGES as M } from '@nj/contracts/rents/person-messages';
import { error, parseIsoDate, type IdIssue } from './id-check.ts';
import { validateCurp } from './validate-curp.ts';
import { validateIdmex } from './validate-idmex.ts';
import { validateRfc } from './validate-rfc.ts';

/** A rent person's data as spec 03 §3 keeps it (the parts these checks read); every part optional. */
export interface PersonIdsInput {
  first_name?: string | null;
  middle_names?: string | null;
  first_last_name?: string | null;
  other_last_names?: string | null;
  /** YYYY-MM-DD. */
  birthdate?: string | null;
  /** 'male' or 'female'. */
  lsex?: string | null;
  birthplace_state?: string | null;
  curp?: string | null;
  rfc?: string | null;
  idmex_code?: string | null;
}

export type PersonIdField = 'curp' | 'rfc' | 'idmex_code';

/** Per field, the first error's Spanish text and the warnings' texts; `values` holds each identifier normalized. */
export interface PersonIdsReport {
  ok: boolean;
  errors: Partial<Record<PersonIdField, string>>;
  warnings: Partial<Record<PersonIdField, string[]>>;
  values: Partial<Record<PersonIdField, string>>;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Checks the identifiers of one person of a rent (renter, second renter or aval: spec 03 §3 "Person data", §5;
 * issue 12 "The proposal") against each other's rules and against the person's names, birthdate, sex and birth state:
 * `curp` by validateCurp, `rfc` by validateRfc (persona física), `idmex_code` by validateIdmex. Only identifiers that
 * are present are checked (spec 03 §5: an empty value is not saved); names, birthdate, lsex and birthplace_state are
 * compared only when present. Without a birthdate, a valid RFC's date must equal a valid CURP's (both are the
 * birthdate).
 *
 * Takes the person and `today` (for births in the future); returns `{ ok, errors, warnings, values }`: per field, the
 * first error's Spanish message, the warnings' messages, and the normalized value to store. Never throws (see
 * assertPersonIds for the throwing form).
 */
export function validatePersonIds(person: PersonIdsInput, today: Date = new Date()): PersonIdsReport {
  const report: PersonIdsReport = { ok: true, errors: {}, warnings: {}, values: {} };
  const names = {
    first_name: person.first_name ?? undefined,
    middle_names: person.middle_names,
    first_last_name: person.first_last_name ?? undefined,
    other_last_names: person.other_last_names,
    birthdate: person.birthdate,
  };
  const record = (field: PersonIdField, value: string, issues: IdIssue[]) => {
    report.values[field] = value;
    const firstError = issues.find((issue) => issue.severity === 'error');
    if (firstError) {
      report.errors[field] = firstError.msg;
      report.ok = false;
    }
    const warnings = issues.filter((issue) => issue.severity === 'warning').map((issue) => issue.msg);
    if (warnings.length > 0) report.warnings[field] = warnings;
  };
  let curpDate: string | null = null;
  if (present(person.curp)) {
    const check = validateCurp(person.curp, { ...names, lsex: person.lsex, birthplace_state: person.birthplace_state }, today);
    record('curp', check.value, check.issues);
    if (check.ok) curpDate = check.value.slice(4, 10);
  }
  if (present(person.rfc)) {
    const check = validateRfc(person.rfc, 'fisica', names);
    // Without a birthdate to compare with, the RFC's date must at least be the CURP's (both are the birthdate).
    if (check.ok && curpDate && !parseIsoDate(person.birthdate) && check.parsed?.yymmdd !== curpDate) {
      check.issues.push(error('rfc_curp_date', M.rfcCurpDate));
    }
    record('rfc', check.value, check.issues);
  }
  if (present(person.idmex_code)) {
    const check = validateIdmex(person.idmex_code);
    record('idmex_code', check.value, check.issues);
  }
  return report;
}
