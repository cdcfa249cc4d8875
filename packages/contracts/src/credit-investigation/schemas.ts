import { z } from 'zod';
import { ZBirthdate, ZCurp, ZFirstLastName, ZFirstName, ZOptionalNamePart, ZPostalCode, ZRfc } from '../rents/person-schemas.ts';
import { CREDIT_INVESTIGATION_MESSAGES as M } from './messages.ts';
import { INVESTIGATION_SUMMARY_KEYS, INVESTIGATION_SUMMARY_STATES } from './constants.ts';

export * from './constants.ts';

const required = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg }).max(200, { error: msg });
const optionalText = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));
/** 'true'/'1'/'on' (a checkbox or a flag) → true; anything else or absent → false. */
const flag = z.string().optional().transform((v) => ['true', '1', 'on'].includes((v ?? '').trim().toLowerCase()));

/**
 * The text fields of the credit-investigation form (spec 03 §3 "Credit-investigation form"; POST
 * /v1/rents/creditinvestigation, multipart): ruid, renter_type ('renter'), birthdate YYYY-MM-DD, names, rfc, curp
 * (optional), total_income (monthly MXN, digits with optional separators), the address (address, neighborhood,
 * municipality, city, state, cp) and nationality (two letters, default MX); existing_poa / existing_poi reuse the
 * proofs already stored in the rent; the optional partner (partner_first_name, partner_first_last_name,
 * partner_other_last_names, partner_email, partner_phone). The files (proof_of_address, proof_of_income,
 * partner_proof_of_income) travel as file parts.
 */
export const ZCreditInvestigationFields = z.object({
  ruid: z.string({ error: M.renterOnly }).trim().min(1).max(64),
  renter_type: z.enum(['renter'], { error: M.renterTypeInvalid }).default('renter'),
  birthdate: ZBirthdate,
  first_name: ZFirstName,
  other_names: ZOptionalNamePart,
  first_last_name: ZFirstLastName,
  other_last_names: ZOptionalNamePart,
  rfc: ZRfc,
  curp: z.string().optional().transform((v) => (v && v.trim() ? v : undefined)).pipe(ZCurp.optional()),
  total_income: z.string({ error: M.incomeInvalid }).trim().regex(/^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/, { error: M.incomeInvalid })
    .transform((v) => Number(v.replace(/,/g, ''))).refine((n) => n > 0 && n <= 100_000_000, { error: M.incomeInvalid }),
  address: required(M.addressRequired),
  neighborhood: optionalText,
  municipality: required(M.municipalityRequired),
  city: required(M.cityRequired),
  state: required(M.stateRequired),
  cp: ZPostalCode,
  nationality: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: M.nationalityInvalid }).optional().default('MX'),
  existing_poa: flag,
  existing_poi: flag,
  partner_first_name: optionalText,
  partner_first_last_name: optionalText,
  partner_other_last_names: optionalText,
  partner_email: z.string().trim().optional().transform((v) => (v ? v : undefined)).pipe(z.email({ error: M.partnerEmailInvalid }).optional()),
  partner_phone: z.string().trim().optional().transform((v) => (v ? v.replace(/[\s()-]+/g, '') : undefined))
    .pipe(z.string().regex(/^(\+?52)?\d{10}$/, { error: M.partnerPhoneInvalid }).optional()),
}).superRefine((v, ctx) => {
  const partner = [v.partner_first_name, v.partner_first_last_name, v.partner_other_last_names, v.partner_email, v.partner_phone];
  if (partner.some(Boolean) && !(v.partner_first_name && v.partner_first_last_name && v.partner_email)) {
    const path = !v.partner_first_name ? 'partner_first_name' : !v.partner_first_last_name ? 'partner_first_last_name' : 'partner_email';
    ctx.addIssue({ code: 'custom', path: [path], message: M.partnerIncomplete });
  }
});
export type TCreditInvestigationFields = z.output<typeof ZCreditInvestigationFields>;

/** One match of a person with a list entry, as the owner reads it. */
export const ZInvestigationMatch = z.object({
  person: z.enum(['renter', 'partner']),
  list_id: z.string(), list_name: z.string(), entry_name: z.string(), entry_status: z.string().nullable(),
  /** 0..1 */
  score: z.number(), matched_by: z.enum(['rfc', 'curp', 'name']), strength: z.enum(['strong', 'weak']),
});
export type TInvestigationMatch = z.infer<typeof ZInvestigationMatch>;

/**
 * A rent's quick investigation (spec 03 §3 Rent renter_credit_score(_reasons), renter_blacklist(_pld)_matches,
 * is_cr_passed, current_ic_process(_status), last_completed_ic; §6 the investigation summary): the latest completed
 * one's results, the state of the latest run, and the summary's eight items with their real state.
 */
export const ZInvestigationView = z.object({
  icuid: z.string(),
  status: z.enum(['in_process', 'completed', 'failed']),
  /** Spanish message of a run that failed (the bureau did not answer); null otherwise. */
  failure_msg: z.string().nullable(),
  created_at: z.string(),
  credit_score: z.number().nullable(),
  credit_score_reasons: z.array(z.string()),
  blacklist_matches: z.array(ZInvestigationMatch),
  pld_matches: z.array(ZInvestigationMatch),
  is_cr_passed: z.boolean().nullable(),
  outcome: z.enum(['passed', 'review', 'failed']).nullable(),
  outcome_reasons: z.array(z.object({ code: z.string(), text: z.string() })),
  /** The quick investigation's charge (transaction type ic). */
  transaction: z.object({ tuid: z.string(), amount: z.number(), amount_cents: z.number().int(), tstatus: z.enum(['completed', 'pending', 'failed', 'expired']) }).nullable(),
  summary: z.array(z.object({
    key: z.enum(INVESTIGATION_SUMMARY_KEYS), label: z.string(), state: z.enum(INVESTIGATION_SUMMARY_STATES), detail: z.string().nullable(),
  })),
});
export type TInvestigationView = z.infer<typeof ZInvestigationView>;
/** GET /v1/rents/creditinvestigation?ruid */
export const ZInvestigationQuery = z.object({ ruid: z.string().trim().min(1).max(64) });
