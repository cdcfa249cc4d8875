/**
 * The quick investigation's fee, MXN (spec 03 §3 Transaction type `ic`; the spec gives no amount: ours, decision
 * 017), recorded as a pending transaction until the payment provider of issue 13 charges it.
 */
export const QUICK_INVESTIGATION_FEE_MXN = 499;
/** The investigation summary's items, in the order of spec 03 §6. */
export const INVESTIGATION_SUMMARY_KEYS = [
  'credit_bureau', 'payment_capacity', 'identity', 'income_address_proof', 'references', 'pre_approval', 'blacklists', 'international_lists',
] as const;
export type InvestigationSummaryKey = (typeof INVESTIGATION_SUMMARY_KEYS)[number];
export const INVESTIGATION_SUMMARY_STATES = ['done', 'attention', 'failed', 'pending'] as const;
export const INVESTIGATION_FILE_FIELDS = ['proof_of_address', 'proof_of_income', 'partner_proof_of_income'] as const;
export type InvestigationFileField = (typeof INVESTIGATION_FILE_FIELDS)[number];
