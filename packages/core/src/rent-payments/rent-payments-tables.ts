import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '@nj/db';

/** Where one scheduled payment's money is (decision 024). */
export type EscrowKind = 'deposit' | 'first_rent' | 'rent';
export type EscrowState = 'awaiting_payment' | 'held' | 'released' | 'returned';

/** Kysely types of migration 039's tables. Dates are written 'YYYY-MM-DD' and read with to_char. */
export interface RentPaymentTables {
  rent_escrows: {
    ruid: string; payments_started_at: Date | null;
    handover_at: Date | null; moveout_at: Date | null;
    deduction_cents: ColumnType<string | null, number | null, number | null>; deduction_reason: string | null; created_at: Generated<Date>;
  };
  rent_escrow_items: {
    tuid: string; ruid: string; kind: EscrowKind; period: number;
    period_from: ColumnType<unknown, string, string>; period_to: ColumnType<unknown, string, string>; prorated: boolean;
    amount_cents: ColumnType<string, number, number>; state: EscrowState;
    released_cents: ColumnType<string, number | undefined, number>; returned_cents: ColumnType<string, number | undefined, number>;
    payout_ids: ColumnType<string, string | undefined, string>; updated_at: Generated<Date>;
  };
}

/** A database handle or a transaction. */
export type RentPaymentsDb = Database | Kysely<any>;

/** The Kysely of `db` typed with migration 039's tables. */
export function rentPaymentTables(db: RentPaymentsDb): Kysely<RentPaymentTables> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<RentPaymentTables>;
}
