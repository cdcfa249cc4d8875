/**
 * One SPEI transfer out of the platform's account (decision 025): money in integer centavos MXN; the beneficiary by
 * CLABE; `trackingKey` is SPEI's 'clave de rastreo' (unique per day and sender, at most 30 letters and digits), which
 * also makes a resend of the same order a duplicate the provider refuses instead of paying twice.
 */
export type PayoutOrder = {
  trackingKey: string;
  amountCents: number;
  beneficiaryName: string;
  beneficiaryClabe: string;
  /** First three digits of the CLABE (Banxico's institution code). */
  beneficiaryBankCode: string;
  /** What the beneficiary's statement shows (at most 39 characters, no accents). */
  concept: string;
  /** 7-digit numeric reference. */
  numericReference: number;
};

/** The provider's answer to an order: accepted with its id, or refused with its reason (no retry helps). */
export type PayoutSendResult = { outcome: 'accepted'; providerId: string } | { outcome: 'rejected'; reason: string };

/** Where an accepted order stands: still in flight, settled ('liquidada'), returned by the receiving bank, or unknown. */
export type PayoutState = 'pending' | 'liquidated' | 'returned' | 'unknown';

/**
 * A payout provider (SPEI participant): STP's API (stp-payout-provider.ts) or the sandbox. `send` throws AppError
 * UNAVAILABLE when the provider cannot be reached or times out (the job retries with the same tracking key).
 */
export interface PayoutProvider {
  readonly name: 'stp' | 'sandbox' | 'none';
  send(order: PayoutOrder): Promise<PayoutSendResult>;
  state(trackingKey: string): Promise<PayoutState>;
}

/**
 * Pesos with two decimals from integer centavos ('1234.05' from 123405), the way SPEI APIs take amounts, without
 * floating-point arithmetic.
 */
export function centsToPesosText(amountCents: number): string {
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}
