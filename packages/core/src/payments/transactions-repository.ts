import { randomUUID } from 'node:crypto';
import { paymentTables, type DbOrTrx, type TransactionStatus, type TransactionType } from './payments-tables.ts';

/** One transaction (spec 03 §3 'Transaction') as code reads it: money in integer centavos MXN. */
export type TransactionRow = {
  tuid: string; cuid: string; ruid: string | null; ttype: TransactionType; tstatus: TransactionStatus;
  amountCents: number; emoneyUsedCents: number; duedate: Date | null; description: string | null; icuid: string | null;
  createdAt: Date; paidAt: Date | null; provider: string | null; paymentMethod: string | null;
  providerOrderId: string | null; providerCheckoutId: string | null;
};

/** A new pending transaction (interfaces.md seam 1): amount in centavos MXN (positive integer). */
export type NewTransaction = {
  cuid: string; ruid: string | null; ttype: TransactionType; amountCents: number; duedate: Date | null; description: string;
};

const COLUMNS = [
  'tuid', 'cuid', 'ruid', 'ttype', 'tstatus', 'amount_cents', 'emoney_used_cents', 'duedate', 'description', 'icuid',
  'transaction_created', 'paid_at', 'provider', 'payment_method', 'provider_order_id', 'provider_checkout_id',
] as const;

type RawRow = {
  tuid: string; cuid: string; ruid: string | null; ttype: TransactionType; tstatus: TransactionStatus; amount_cents: string;
  emoney_used_cents: string; duedate: Date | null; description: string | null; icuid: string | null; transaction_created: Date;
  paid_at: Date | null; provider: string | null; payment_method: string | null; provider_order_id: string | null; provider_checkout_id: string | null;
};

/** Maps a row of `transactions` to a TransactionRow (bigint centavos → number). */
export function toTransactionRow(r: RawRow): TransactionRow {
  return {
    tuid: r.tuid, cuid: r.cuid, ruid: r.ruid, ttype: r.ttype, tstatus: r.tstatus, amountCents: Number(r.amount_cents),
    emoneyUsedCents: Number(r.emoney_used_cents), duedate: r.duedate, description: r.description, icuid: r.icuid,
    createdAt: r.transaction_created, paidAt: r.paid_at, provider: r.provider, paymentMethod: r.payment_method,
    providerOrderId: r.provider_order_id, providerCheckoutId: r.provider_checkout_id,
  };
}

/**
 * SQL of the `transactions` table (migrations 031 and 038; spec 03 §3 'Transaction'). All amounts are integer
 * centavos MXN. Every function takes a Database or an open Kysely transaction, so callers keep their transaction.
 */
export const transactionsRepository = {
  /**
   * Inserts pending transactions (the payer is `cuid`, `cfr` = payer). Returns their new tuids in input order.
   * @throws Error when an amount is not a positive integer of centavos (a programming error)
   */
  async insertMany(db: DbOrTrx, rows: NewTransaction[]): Promise<string[]> {
    if (rows.length === 0) return [];
    for (const row of rows) {
      if (!Number.isSafeInteger(row.amountCents) || row.amountCents <= 0) throw new Error(`transaction amount must be positive integer centavos, got ${row.amountCents}`);
    }
    const tuids = rows.map(() => randomUUID());
    await paymentTables(db).insertInto('transactions').values(rows.map((row, i) => ({
      tuid: tuids[i]!, cuid: row.cuid, ruid: row.ruid, ttype: row.ttype, tstatus: 'pending' as const, amount_cents: row.amountCents,
      emoney_used_cents: 0, duedate: row.duedate, description: row.description, icuid: null, referid: row.ruid, reftype: row.ruid ? 'rent' : null,
      cfr: row.cuid, cto: null, provider_order_id: null, provider_checkout_id: null,
    }))).execute();
    return tuids;
  },

  /** The transactions of rent `ruid` (not deleted), by due date then creation. */
  async listByRent(db: DbOrTrx, ruid: string): Promise<TransactionRow[]> {
    const rows = await paymentTables(db).selectFrom('transactions').select(COLUMNS).where('ruid', '=', ruid).where('is_deleted', '=', false)
      .orderBy('duedate', 'asc').orderBy('transaction_created', 'asc').orderBy('tuid', 'asc').execute();
    return rows.map((r) => toTransactionRow(r as RawRow));
  },

  /** One transaction by tuid (also deleted ones), or undefined. */
  async findByTuid(db: DbOrTrx, tuid: string): Promise<TransactionRow | undefined> {
    const row = await paymentTables(db).selectFrom('transactions').select(COLUMNS).where('tuid', '=', tuid).executeTakeFirst();
    return row ? toTransactionRow(row as RawRow) : undefined;
  },

  /**
   * The transactions `tuids`, locked FOR UPDATE (call inside a transaction; PGlite ignores the lock, it has one
   * connection). Missing tuids are simply absent from the result.
   */
  async lockMany(db: DbOrTrx, tuids: string[]): Promise<TransactionRow[]> {
    if (tuids.length === 0) return [];
    const rows = await paymentTables(db).selectFrom('transactions').select(COLUMNS).where('tuid', 'in', tuids).where('is_deleted', '=', false)
      .orderBy('tuid').forUpdate().execute();
    return rows.map((r) => toTransactionRow(r as RawRow));
  },

  /** Page `page` (1-based) of client `cuid`'s transactions, newest first, `pageSize` per page, and the total count. */
  async listByClient(db: DbOrTrx, cuid: string, page: number, pageSize: number): Promise<{ rows: TransactionRow[]; total: number }> {
    const t = paymentTables(db);
    const rows = await t.selectFrom('transactions').select(COLUMNS).where('cuid', '=', cuid).where('is_deleted', '=', false)
      .orderBy('transaction_created', 'desc').orderBy('tuid', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
    const count = await t.selectFrom('transactions').select((eb) => eb.fn.countAll<string>().as('n')).where('cuid', '=', cuid).where('is_deleted', '=', false).executeTakeFirst();
    return { rows: rows.map((r) => toTransactionRow(r as RawRow)), total: Number(count?.n ?? 0) };
  },
};
