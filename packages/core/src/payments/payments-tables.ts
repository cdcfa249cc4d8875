import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { InvestigationTables } from '../screening/screening-tables.ts';

/** Transaction types of spec 03 §3 'Transaction'. */
export type TransactionType = 'refer_deposit' | 'ic' | 'rent' | 'owner_plan' | 'safe_deposit';
/** Transaction statuses of spec 03 §3 'Transaction'. */
export type TransactionStatus = 'completed' | 'pending' | 'failed' | 'expired';
/** How a payment was made: the provider's method or e-money alone. */
export type PaymentMethod = 'card' | 'oxxo' | 'customer_balance' | 'emoney';

/** Kysely types of the payment tables (migration 038) next to `transactions` (031 + 038). */
export interface PaymentTables {
  transactions: InvestigationTables['transactions'];
  payment_checkouts: {
    pcuid: string; cuid: string; tuids: string; total_cents: ColumnType<string, number, number>; emoney_cents: ColumnType<string, number, number>;
    provider_cents: ColumnType<string, number, number>; provider: string; provider_session_id: string | null; provider_payment_id: string | null;
    checkout_url: string | null; payment_method: string | null; status: 'open' | 'completed' | 'failed' | 'expired';
    emoney_returned: Generated<boolean>; created_at: Generated<Date>; updated_at: Generated<Date>;
  };
  payment_webhook_events: { event_id: string; event_type: string; received_at: Generated<Date> };
  payment_sandbox_sessions: {
    session_id: string; amount_cents: ColumnType<string, number, number>; currency: string; description: string; client_reference_id: string | null;
    metadata: string; success_url: string; cancel_url: string; oxxo_expires_days: number; status: 'open' | 'complete' | 'expired';
    payment_status: 'unpaid' | 'paid' | 'no_payment_required'; payment_method: string | null; oxxo_reference: string | null;
    oxxo_expires_at: Date | null; spei_clabe: string | null; created_at: Generated<Date>;
  };
  emoney_ledger: {
    id: Generated<string>; cuid: string; amount_mxn: ColumnType<string, number | string, number | string>;
    kind: 'welcome_reward' | 'referral_reward' | 'adjustment' | 'payment_debit' | 'payment_refund'; note: string | null; pcuid: string | null;
    created_at: Generated<Date>;
  };
}

/** A database handle or a transaction of it (Kysely of the app's DB). */
export type DbOrTrx = Database | Kysely<DB> | Kysely<PaymentTables>;

/** The Kysely of `db` (a Database or an open transaction) typed with the payment tables. */
export function paymentTables(db: DbOrTrx): Kysely<PaymentTables> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<PaymentTables>;
}
