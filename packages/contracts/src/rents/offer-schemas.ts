import { z } from 'zod';
import { ZReviewDocument } from '../documents/schemas.ts';
import { OFFER_MESSAGES as M } from './offer-messages.ts';
import { ZPublicProfile } from '../profiles/schemas.ts';
import { ZInvestigationView } from '../credit-investigation/schemas.ts';
import { OFFER_KEYS, OFFER_PLANS, RENT_TYPES } from './offer-constants.ts';

export * from './offer-constants.ts';

const ruid = z.string({ error: M.keyInvalid }).min(1).max(64);
const change = z.object({
  key: z.enum(OFFER_KEYS, { error: M.keyInvalid }),
  // Numbers may come as digits ('17,900' is cleaned by the form); dates as 'YYYY-MM-DD'; checked per key in core.
  value: z.union([z.number(), z.string().max(40), z.null()]),
});
/** POST /v1/rents/offer — start the proposal of a rent. */
export const ZStartOfferBody = z.object({ ruid });
/** PUT /v1/rents/{ruid} — one field `{ key, value }` or several `{ batch: [{ key, value }] }`. */
export const ZConfigureOfferBody = z.union([change, z.object({ batch: z.array(change).min(1, { error: M.batchEmpty }).max(OFFER_KEYS.length) })]);
/** PUT /v1/rents/{ruid}/plan */
export const ZChoosePlanBody = z.object({ plan: z.enum(OFFER_PLANS, { error: M.planInvalid }) });
/** POST /v1/rents/send — the two checkboxes of the final screen (spec 03 §5). */
export const ZSendOfferBody = z.object({ ruid, data_declared_true: z.boolean().default(false), terms_accepted: z.boolean().default(false) });
/** GET /v1/rents/offer/overview?ruid */
export const ZOfferOverviewQuery = z.object({ ruid });

/** The proposal as both parties read it (amounts in MXN; dates 'YYYY-MM-DD'). */
export const ZOfferOverview = z.object({
  ruid: z.string(), step: z.string(), stepLabel: z.string(),
  price: z.number().nullable(), maintenance_fee: z.number(),
  warranty_deposit: z.number(), deposit_amount: z.number().nullable(),
  plan: z.enum(OFFER_PLANS).nullable(), neo_fee: z.number(),
  rent_type: z.enum(RENT_TYPES), first_day: z.string().nullable(), last_day: z.string().nullable(),
  /** True for the renter while the step is client_offer_in_process (spec 03 §4 'Tenant flow'). */
  editable: z.boolean(),
  /** Fields still missing before the proposal can be sent (key → Spanish message). */
  missing: z.record(z.string(), z.string()),
  sent_at: z.string().nullable(),
});
export type TOfferOverview = z.infer<typeof ZOfferOverview>;

/** POST /v1/rents/review — the owner's decision on a sent proposal; a rejection needs the cancel reason (spec 03 §5). */
export const ZDecideOfferBody = z.object({
  ruid,
  decision: z.enum(['accept', 'reject'], { error: M.decisionInvalid }),
  reason: z.string().max(2000).optional(),
});
/** GET /v1/rents/review?ruid */
export const ZOfferReviewQuery = z.object({ ruid });
/**
 * The 'Solicitud de renta' the owner reviews (spec 03 §3 "Owner's application detail", §2 Owner): the proposal, the
 * renter's public profile (nickname, ratings, e-mail and phone verification), and the investigation, null until it
 * has run (identity, credit score and reasons, blacklist and PLD matches: issue 12 'Investigation').
 */
export const ZOfferReview = z.object({
  offer: ZOfferOverview,
  renter: ZPublicProfile,
  investigation: ZInvestigationView.nullable(),
  /** The applicant's documents (issue 12 'The owner's decision'): each opens as a watermarked copy for the owner. */
  documents: z.array(ZReviewDocument),
});
export type TOfferReview = z.infer<typeof ZOfferReview>;
