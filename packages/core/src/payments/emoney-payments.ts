import { sql } from 'kysely';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { paymentTables, type DbOrTrx } from './payments-tables.ts';

/**
 * Locks client `cuid`'s e-money for the rest of the transaction (SELECT … FOR UPDATE on the client's row): every
 * e-money spend takes this lock first, so two concurrent payments of one client run one after the other and the
 * second sees the first's debit — the ledger's sum never goes below zero. Call inside a transaction.
 */
export async function lockEmoney(trx: DbOrTrx, cuid: string): Promise<void> {
  await sql`SELECT cuid FROM clients WHERE cuid = ${cuid} FOR UPDATE`.execute(paymentTables(trx));
}

/** Client `cuid`'s e-money balance in integer centavos (the ledger's sum of amount_mxn × 100). */
export async function emoneyBalanceCents(db: DbOrTrx, cuid: string): Promise<number> {
  const r = await sql<{ c: string }>`SELECT coalesce(round(sum(amount_mxn) * 100), 0)::bigint AS c FROM emoney_ledger WHERE cuid = ${cuid}`.execute(paymentTables(db));
  return Number(r.rows[0]?.c ?? 0);
}

/** Writes the e-money debit of checkout `pcuid` (`cents` > 0) — once per checkout (unique pcuid + kind). */
export async function debitEmoney(trx: DbOrTrx, cuid: string, pcuid: string, cents: number, note: string): Promise<void> {
  await paymentTables(trx).insertInto('emoney_ledger').values({ cuid, amount_mxn: (-cents / 100).toFixed(2), kind: 'payment_debit', note, pcuid }).execute();
}

/**
 * Gives back the e-money debited for checkout `pcuid` (a failed or expired payment). Idempotent: the unique
 * (pcuid, kind) index makes a second refund a no-op. Returns the centavos given back (0 when none or already).
 */
export async function refundEmoney(trx: DbOrTrx, pcuid: string): Promise<number> {
  const t = paymentTables(trx);
  const debit = await t.selectFrom('emoney_ledger').select(['cuid', 'amount_mxn']).where('pcuid', '=', pcuid).where('kind', '=', 'payment_debit').executeTakeFirst();
  if (!debit) return 0;
  const cents = Math.round(-Number(debit.amount_mxn) * 100);
  if (cents <= 0) return 0;
  const inserted = await sql`INSERT INTO emoney_ledger (cuid, amount_mxn, kind, note, pcuid) VALUES (${debit.cuid}, ${(cents / 100).toFixed(2)}, 'payment_refund', ${M.emoneyRefundNote}, ${pcuid})
    ON CONFLICT (pcuid, kind) WHERE pcuid IS NOT NULL DO NOTHING`.execute(t);
  return Number(inserted.numAffectedRows ?? 0) > 0 ? cents : 0;
}

/**
 * Splits `emoneyCents` over transactions in the given order (decision 023: e-money pays the earliest-due charge
 * first, each up to its amount). Returns the e-money part of each, in the same order; the sum is `emoneyCents`.
 */
export function splitEmoney(amounts: number[], emoneyCents: number): number[] {
  let left = emoneyCents;
  return amounts.map((a) => {
    const part = Math.min(a, left);
    left -= part;
    return part;
  });
}
