/** Zod-free constants of the tenant's proposal (issue 12), safe for the browser bundle; re-exported by offer-schemas.ts. */
/** The neo plan's legal-justice fee (issue 12 'The proposal'), MXN, charged once. */
export const NEO_LEGAL_FEE_MXN = 1750;
/** Bounds of the proposal's numbers (MXN a month; months of deposit); rent bounds as the listing form's (issue 9 §6). */
export const OFFER_LIMITS = { minRent: 500, maxRent: 1_000_000, maxDepositMonths: 6, maxYears: 5 } as const;
export const OFFER_PLANS = ['basic', 'neo'] as const;
export const RENT_TYPES = ['solo', 'joint'] as const;
/** The proposal's fields one `PUT /v1/rents/{ruid}` call may change (spec 03 §7: key and value, or a batch). */
export const OFFER_KEYS = ['price', 'maintenance_fee', 'warranty_deposit', 'rent_type', 'first_day', 'last_day'] as const;
export type TOfferKey = (typeof OFFER_KEYS)[number];
