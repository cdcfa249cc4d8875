import { z } from '../common/zod-locale.ts';
import { CLABE_LENGTH, CURP_PATTERN, IDMEX_LENGTH, IDMEX_PREFIX, RFC_PATTERN } from './person-constants.ts';
import { PERSON_MESSAGES as M } from './person-messages.ts';

/**
 * Shapes of a person's data in a rent process (renter, second renter, aval: spec 03 §3 "Person data", §5). These check
 * what a form can check alone (presence, length, characters); the identifiers' check digits and their consistency
 * with the person's names and birthdate are checked by @nj/core `person-data/validate-person-ids.ts`, which gives
 * the precise message for each case.
 */

/** The three people of a rent whose data is kept (spec 03 §7: person 'renter', 'second_renter' or 'aval'). */
export const PERSON_ROLES = ['renter', 'second_renter', 'aval'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
export const ZPersonRole = z.enum(PERSON_ROLES);

/** Person fields a single update may change (spec 03 §3 "Person data"; poa has its own call). */
export const PERSON_FIELDS = [
  'first_name', 'middle_names', 'first_last_name', 'other_last_names', 'birthdate', 'ocupation', 'civil_status',
  'birthplace', 'birthplace_state', 'idmex_code', 'lsex', 'curp', 'rfc',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

const namePart = z.string().trim().max(60, { error: M.nameTooLong }).regex(/^[\p{L}\p{M}' .’-]*$/u, { error: M.nameInvalid });
/** First name: required (spec 03 §5 "Name form"). */
export const ZFirstName = namePart.min(1, { error: M.firstNameRequired });
/** First last name: required (spec 03 §5). */
export const ZFirstLastName = namePart.min(1, { error: M.firstLastNameRequired });
/** Middle names or other last names: optional; an empty part is not saved (spec 03 §5: only non-empty parts). */
export const ZOptionalNamePart = namePart.optional().transform((v) => (v ? v : undefined));

/** A real calendar date written YYYY-MM-DD (spec 03 §3, the credit form's birthdate). */
export const ZBirthdate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.birthdateInvalid }).refine((v) => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, { error: M.birthdateInvalid });

/** CURP: 18 characters of the RENAPO shape, upper-cased, spaces removed. */
export const ZCurp = z.string({ error: M.curpRequired }).transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().min(1, { error: M.curpRequired }).length(18, { error: M.curpLength18 }).regex(CURP_PATTERN, { error: M.curpStructure }));
/** RFC: 13 characters (persona física) or 12 (moral), upper-cased, spaces and hyphens removed. */
export const ZRfc = z.string({ error: M.rfcRequired }).transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().min(1, { error: M.rfcRequired }).min(12, { error: M.rfcLengthRange }).max(13, { error: M.rfcLengthRange }).regex(RFC_PATTERN, { error: M.rfcStructure }));
/**
 * IDMEX code: exactly 10 digits (spec 03 §5). A pasted 'IDMEX' prefix and spaces are dropped, since the card prints
 * the digits right after it.
 */
export const ZIdmexCode = z.string({ error: M.idmexRequired })
  .transform((v) => v.replace(/\s+/g, '').replace(new RegExp(`^${IDMEX_PREFIX}`, 'i'), ''))
  .pipe(z.string().min(1, { error: M.idmexRequired }).regex(/^\d*$/, { error: M.idmexDigits }).length(IDMEX_LENGTH, { error: M.idmexLength10 }));
/** CLABE: 18 digits, spaces and hyphens removed (check digit and bank in core `validate-clabe.ts`). */
export const ZClabe = z.string({ error: M.clabeRequired }).transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(z.string().min(1, { error: M.clabeRequired }).regex(/^\d*$/, { error: M.clabeDigits }).length(CLABE_LENGTH, { error: M.clabeLength18 }));
/** Postal code: exactly 5 digits (spec 03 §5, §9). */
export const ZPostalCode = z.string({ error: M.postalCodeInvalid }).trim().regex(/^\d{5}$/, { error: M.postalCodeInvalid });
/** lsex: 'male' or 'female' (spec 03 §3). */
export const ZLsex = z.enum(['male', 'female'], { error: M.lsexInvalid });
/** civil_status: 'soltero' or 'casado' (spec 03 §3). */
export const ZCivilStatus = z.enum(['soltero', 'casado'], { error: M.civilStatusInvalid });

const required = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg }).max(200);
/** Proof of address fields (spec 03 §3 poa, §5: all required, cp of 5 digits; the file travels apart). */
export const ZProofOfAddressFields = z.object({
  addr: required(M.addressRequired),
  neighborhood: required(M.neighborhoodRequired),
  city: required(M.cityRequired),
  municipality: required(M.municipalityRequired),
  state: required(M.stateRequired),
  cp: ZPostalCode,
});
export type ProofOfAddressFields = z.infer<typeof ZProofOfAddressFields>;

/** The names of a person as the name form sends them (spec 03 §5). */
export const ZPersonNames = z.object({
  first_name: ZFirstName,
  middle_names: ZOptionalNamePart,
  first_last_name: ZFirstLastName,
  other_last_names: ZOptionalNamePart,
});
export type PersonNames = z.infer<typeof ZPersonNames>;

/** PUT /v1/rents/{ruid}/person — one field of one person (spec 03 §7: person, field, value as a string). */
export const ZUpdatePersonBody = z.object({
  person: ZPersonRole,
  field: z.enum(PERSON_FIELDS, { error: M.fieldInvalid }),
  value: z.string().max(200),
});
/** One person's data as the renter reads it back (identifiers in clear, to their owner only). */
export const ZRentPerson = z.object({
  role: ZPersonRole,
  first_name: z.string().nullable(), middle_names: z.string().nullable(), first_last_name: z.string().nullable(), other_last_names: z.string().nullable(),
  birthdate: z.string().nullable(), ocupation: z.string().nullable(), civil_status: z.enum(['soltero', 'casado']).nullable(),
  birthplace: z.string().nullable(), birthplace_state: z.string().nullable(), lsex: z.enum(['male', 'female']).nullable(),
  curp: z.string().nullable(), rfc: z.string().nullable(), idmex_code: z.string().nullable(),
});
/** GET /v1/rents/{ruid}/persons — the people of a rent, each null until filled in. */
export const ZRentPersons = z.object({ renter: ZRentPerson.nullable(), second_renter: ZRentPerson.nullable(), aval: ZRentPerson.nullable() });
export type TRentPersons = z.infer<typeof ZRentPersons>;
