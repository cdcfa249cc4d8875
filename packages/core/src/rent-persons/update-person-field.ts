import {
  PERSON_MESSAGES as PM, ZBirthdate, ZCivilStatus, ZFirstLastName, ZFirstName, ZLsex, ZOptionalNamePart,
  type PersonField, type PersonRole,
} from '@nj/contracts';
import type { Database } from '@nj/db';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { validatePersonIds, type PersonIdField } from '../person-data/validate-person-ids.ts';
import { loadRentMember } from '../rent-guarantors/rent-membership.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { sealText } from '../security/seal-text.ts';
import { getRentPersons, openPerson, type RentPersons } from './get-rent-persons.ts';
import { rentPersonsRepository, type RentPersonColumn } from './rent-persons-repository.ts';

/** Free-text fields (occupation, birthplace): trimmed, 1–80 characters. */
const FREE_TEXT_MAX = 80;
const SHAPES: Partial<Record<PersonField, z.ZodType<string | undefined>>> = {
  first_name: ZFirstName, first_last_name: ZFirstLastName, middle_names: ZOptionalNamePart, other_last_names: ZOptionalNamePart,
  birthdate: ZBirthdate, lsex: ZLsex, civil_status: ZCivilStatus,
};
const IDENTIFIERS: ReadonlySet<string> = new Set<PersonIdField>(['curp', 'rfc', 'idmex_code']);
/** Fields whose empty value clears them (spec 03 §5: only non-empty parts are saved; these parts are optional). */
const CLEARABLE = new Set<PersonField>(['middle_names', 'other_last_names']);
const SEALED: Partial<Record<PersonField, RentPersonColumn>> = { curp: 'curp_sealed', rfc: 'rfc_sealed', idmex_code: 'idmex_sealed' };

/**
 * Saves one field of one person of rent `ruid` (spec 03 §7 'update one person field': ruid, person, field, value;
 * §5 'Person field save'; issue 12 'The proposal') and returns the refreshed data of every person. Each person
 * fills in only their own role — the renter 'renter', the second renter and the aval (once they accepted the
 * invitation) 'second_renter' and 'aval' —, only in client_offer_in_process. The value is checked by the field's rule (names, birthdate, sex, civil status; CURP, RFC and
 * IDMEX by their structure, check digit and agreement with the names and birthdate already saved); an empty value
 * is refused unless the part is optional (then it is cleared). CURP, RFC and IDMEX are stored sealed.
 * @returns RentPersons, refreshed
 * @throws AppError BAD_REQUEST with `fields: { [field]: message }`; FORBIDDEN for another person's data or the
 *   owner; CONFLICT outside client_offer_in_process; NOT_FOUND for a stranger; UNAUTHORIZED
 */
export async function updatePersonField(
  deps: { database: Database; dataKey: Buffer },
  input: { actor: Actor; ruid: string; person: PersonRole; field: PersonField; value: string },
): Promise<RentPersons> {
  const { rent, role } = await loadRentMember(deps.database, input.actor, input.ruid, 'read_process');
  if (role !== input.person) throw new AppError('FORBIDDEN', PM.ownOnly);
  requireTransition(rent, 'edit_offer', 'renter');
  const fail = (msg: string): never => {
    throw new AppError('BAD_REQUEST', msg, { [input.field]: msg });
  };
  const raw = input.value.trim();
  let value: string | null;
  if (raw === '') {
    if (!CLEARABLE.has(input.field)) fail(PM.valueRequired);
    value = null;
  } else if (IDENTIFIERS.has(input.field)) {
    value = raw; // checked below against the person, with the precise message of validatePersonIds
  } else if (input.field === 'ocupation' || input.field === 'birthplace' || input.field === 'birthplace_state') {
    value = raw.length <= FREE_TEXT_MAX ? raw : fail(PM.textTooLong(FREE_TEXT_MAX));
  } else {
    const parsed = SHAPES[input.field]!.safeParse(raw);
    value = parsed.success ? (parsed.data ?? null) : fail(parsed.error.issues[0]?.message ?? PM.valueRequired);
  }
  const stored = (await rentPersonsRepository.list(deps.database, rent.ruid)).find((r) => r.role === input.person);
  const current = stored ? openPerson(stored, deps.dataKey) : null;
  if (value !== null && IDENTIFIERS.has(input.field)) {
    const field = input.field as PersonIdField;
    const report = validatePersonIds({ ...(current ?? {}), curp: null, rfc: null, idmex_code: null, [field]: value });
    const error = report.errors[field];
    if (error) fail(error);
    value = report.values[field] ?? value;
  }
  const column = SEALED[input.field] ?? (input.field as RentPersonColumn);
  await rentPersonsRepository.setColumn(deps.database, { ruid: rent.ruid, role: input.person, cuid: input.actor.cuid! }, column,
    value !== null && SEALED[input.field] ? sealText(deps.dataKey, value) : value);
  return getRentPersons(deps, input);
}
