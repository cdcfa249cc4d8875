import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** Why money leaves custody (decision 024): a month's rent to the owner, the deposit or its deduction, the deposit back. */
export type PayoutReason = 'rent_release' | 'deposit_release' | 'deposit_return';
/** A payout's life: waiting for the client's account, queued, accepted by the provider, settled, refused, failed. */
export type PayoutStatus = 'awaiting_account' | 'scheduled' | 'sent' | 'liquidated' | 'rejected' | 'failed';

/** Kysely types of migration 040: bank accounts, payouts and the rent's linked account. */
export interface PayoutTables {
  bank_accounts: {
    bauid: string; cuid: string; kind: 'clabe' | 'foreign'; bank_key: string | null; bank_name: string | null; swift: string | null;
    number_sealed: string; last4: string; holder_name: string; isdel: Generated<boolean>; created_at: Generated<Date>; deleted_at: Date | null;
  };
  payouts: {
    pouid: string; cuid: string; ruid: string; amount_cents: ColumnType<string, number, number>; reason: PayoutReason;
    source_tuids: string; source_key: string; bauid: string | null; status: PayoutStatus; provider: string | null;
    tracking_key: string | null; provider_id: string | null; failure_reason: string | null; attempts: Generated<number>;
    created_at: Generated<Date>; updated_at: Generated<Date>; sent_at: Date | null; settled_at: Date | null;
  };
  rents: { ruid: string; owner_cuid: string; renter_cuid: string; bank_account: string | null };
}

/** A database handle or an open transaction of it. */
export type PayoutDb = Database | Kysely<DB> | Kysely<PayoutTables>;

/** The Kysely of `db` (a Database or an open transaction) typed with the tables of migration 040. */
export function payoutTables(db: PayoutDb): Kysely<PayoutTables> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<PayoutTables>;
}

/** The app's Kysely of `db` (a Database or an open transaction), e.g. for enqueue. */
export function kyselyOf(db: PayoutDb): Kysely<DB> {
  return payoutTables(db) as unknown as Kysely<DB>;
}
