import { z } from '../common/zod-locale.ts';
import { AVAL_TYPES, INVITATION_OPTIONS, INVITATION_STATUSES } from './guarantor-constants.ts';
import { GUARANTOR_MESSAGES as M } from './guarantor-messages.ts';
import { ZProofOfAddressFields } from './person-schemas.ts';
import { RENT_TYPES } from './offer-constants.ts';

export * from './guarantor-constants.ts';

const uid = (msg: string) => z.string({ error: msg }).trim().min(3, { error: msg }).max(64, { error: msg }).regex(/^[A-Za-z0-9_-]+$/, { error: msg });
const email = z.string({ error: M.emailRequired }).trim().min(1, { error: M.emailRequired }).max(254, { error: M.emailInvalid })
  .pipe(z.email({ error: M.emailInvalid })).transform((s) => s.toLowerCase());

/**
 * POST /v1/rents/aval — the tenant names the guarantor (spec 03 §7 body; issue 12 'The guarantor'): `{ ruid, atype,
 * email }`, e-mail required for aval and obligado and refused for nowo (checked in core with the field's message).
 */
export const ZNameAvalBody = z.object({
  ruid: uid(M.ruidInvalid),
  atype: z.enum(AVAL_TYPES, { error: M.atypeInvalid }),
  email: email.optional(),
});
/** POST /v1/rents/second-renter — the tenant of a joint rent invites the second renter: `{ ruid, email }`. */
export const ZInviteSecondRenterBody = z.object({ ruid: uid(M.ruidInvalid), email });
/** Path `{ aval_uid }` (spec 03 §7 POST /v1/rents/aval/{aval_uid}) and `{ iuid }` of the second renter's invitation. */
export const ZAvalUidParams = z.object({ aval_uid: uid(M.invitationNotFound) });
export const ZIuidParams = z.object({ iuid: uid(M.invitationNotFound) });
/** POST /v1/rents/aval/{aval_uid} — the invitee's answer: `{ option: 'accept' | 'reject' }`. */
export const ZInvitationAnswerBody = z.object({ option: z.enum(INVITATION_OPTIONS, { error: M.optionInvalid }) });
/**
 * POST /v1/rents/aval/{aval_uid}/approval — support or the owner decides: `is_approved` null (in review), true,
 * false; for an obligado also the joint-guarantor flags.
 */
export const ZAvalApprovalBody = z.object({
  is_approved: z.boolean({ error: M.approvalInvalid }).nullable().optional(),
  is_os_confirmed: z.boolean({ error: M.approvalInvalid }).optional(),
  is_os_approved: z.boolean({ error: M.approvalInvalid }).nullable().optional(),
}).refine((b) => b.is_approved !== undefined || b.is_os_confirmed !== undefined || b.is_os_approved !== undefined, { error: M.approvalInvalid });
/** The uploaded deed or predial as its owner reads it back. */
export const ZGuaranteeDocument = z.object({ slug: z.string(), content_type: z.string(), size: z.number(), filename: z.string(), created: z.string() });
/** PUT /v1/rents/aval/{aval_uid}/guarantee — the property an aval offers (address fields of a proof of address). */
export const ZGuaranteeBody = ZProofOfAddressFields;
/** GET /v1/client/loadrentprocess?ruid */
export const ZLoadRentProcessQuery = z.object({ ruid: uid(M.ruidInvalid) });

const ZRentDetails = z.object({
  ruid: z.string(), puid: z.string(), step: z.string(), price: z.number().nullable(), maintenance_fee: z.number().nullable(),
  warranty_deposit: z.number(), rtype: z.enum(RENT_TYPES), addr: z.string().nullable(),
});
const ZGuarantee = z.object({
  addr: z.string(), neighborhood: z.string().nullable(), city: z.string().nullable(), municipality: z.string().nullable(),
  state: z.string().nullable(), cp: z.string().nullable(),
}).nullable();
const ZInsurer = z.object({ provider: z.string(), reference: z.string().nullable(), premium: z.number().nullable() }).nullable();

/**
 * A guarantor record as the guarantor reads it (GET /v1/client/iamaval; spec 03 §3 Guarantor record): atype,
 * is_confirmed, is_approved (null in review), puid, ruid and the rent's details (rents: the rent's identifier,
 * owns: whether the reader owns the listing — always false here —, step, price, maintenance_fee, warranty_deposit,
 * rtype).
 */
export const ZGuarantorRecord = z.object({
  aval_uid: z.string(), atype: z.enum(AVAL_TYPES), status: z.enum(INVITATION_STATUSES),
  is_confirmed: z.boolean(), is_approved: z.boolean().nullable(), is_os_confirmed: z.boolean(), is_os_approved: z.boolean().nullable(),
  approved_before: z.boolean(), renter_nickname: z.string().nullable(),
  puid: z.string(), ruid: z.string(), rents: z.string(), owns: z.boolean(), step: z.string(), price: z.number().nullable(),
  maintenance_fee: z.number().nullable(), warranty_deposit: z.number(), rtype: z.enum(RENT_TYPES), addr: z.string().nullable(),
  guarantee: ZGuarantee, has_guarantee_document: z.boolean(),
});
export type TGuarantorRecord = z.infer<typeof ZGuarantorRecord>;
/** A second renter's invitation as the invitee reads it. */
export const ZSecondRenterInvitation = z.object({
  iuid: z.string(), status: z.enum(INVITATION_STATUSES), is_confirmed: z.boolean(), renter_nickname: z.string().nullable(),
  rent: ZRentDetails,
});
export type TSecondRenterInvitation = z.infer<typeof ZSecondRenterInvitation>;
/** GET /v1/client/iamaval and the second renter's list, together for the invitations page. */
export const ZMyInvitations = z.object({ aval: z.array(ZGuarantorRecord), second_renter: z.array(ZSecondRenterInvitation) });
export type TMyInvitations = z.infer<typeof ZMyInvitations>;

/**
 * The rent's guarantor as the tenant, the owner and support read it (spec 03 §3 Rent avaltype: aval_process_uid,
 * is_aval_confirmed, is_aval_approved; is_os_confirmed, is_os_approved). `email` only for the tenant.
 */
export const ZAvalSummary = z.object({
  aval_process_uid: z.string(), atype: z.enum(AVAL_TYPES), status: z.enum(INVITATION_STATUSES), email: z.string().nullable(),
  is_aval_confirmed: z.boolean(), is_aval_approved: z.boolean().nullable(), is_os_confirmed: z.boolean(), is_os_approved: z.boolean().nullable(),
  approved_before: z.boolean(), has_data: z.boolean(), guarantee: ZGuarantee, has_guarantee_document: z.boolean(), insurer: ZInsurer,
});
export type TAvalSummary = z.infer<typeof ZAvalSummary>;
/** The second renter as the others in the rent read it: invitation state and whether the data are filled in. */
export const ZSecondRenterSummary = z.object({
  iuid: z.string(), status: z.enum(INVITATION_STATUSES), email: z.string().nullable(), is_confirmed: z.boolean(), has_data: z.boolean(),
});
/**
 * GET /v1/client/loadrentprocess?ruid (spec 03 §7: returns rent, aval (atype), rtype) for the tenant, the second
 * renter, the guarantor and the owner; `role` is the reader's place in the rent.
 */
export const ZRentProcess = z.object({
  role: z.enum(['renter', 'owner', 'second_renter', 'aval', 'support']),
  rent: ZRentDetails,
  rtype: z.enum(RENT_TYPES),
  aval: ZAvalSummary.nullable(),
  second_renter: ZSecondRenterSummary.nullable(),
});
export type TRentProcess = z.infer<typeof ZRentProcess>;
