import { randomUUID } from 'node:crypto';
import { enqueue } from '../jobs/enqueue.ts';
import { kyselyOf, payoutTables, type PayoutDb, type PayoutReason } from './payouts-tables.ts';

/** Job name that sends one scheduled payout through the payout provider (payload `{ pouid }`). */
export const PAYOUT_SEND_JOB = 'payout.send';

/** What schedulePayout takes (interfaces.md seam 4): amount in integer centavos MXN, the transactions it comes from. */
export type SchedulePayoutInput = {
  cuid: string; ruid: string; amountCents: number; reason: PayoutReason; sourceTuids: string[];
};

/**
 * The account a payout to `cuid` for rent `ruid` goes to (decision 025): the rent's linked account
 * (`rents.bank_account`, spec 03 §3 Rent) when `cuid` is the rent's owner, otherwise the client's newest active
 * account. Deleted accounts never count.
 * @returns the account's bauid, or null when there is none yet
 */
export async function resolvePayoutAccount(db: PayoutDb, cuid: string, ruid: string): Promise<string | null> {
  const k = payoutTables(db);
  const rent = await k.selectFrom('rents').select(['owner_cuid', 'bank_account']).where('ruid', '=', ruid).executeTakeFirst();
  if (rent && rent.owner_cuid === cuid) {
    if (!rent.bank_account) return null;
    const linked = await k.selectFrom('bank_accounts').select('bauid')
      .where('bauid', '=', rent.bank_account).where('cuid', '=', cuid).where('isdel', '=', false).executeTakeFirst();
    return linked?.bauid ?? null;
  }
  const newest = await k.selectFrom('bank_accounts').select('bauid').where('cuid', '=', cuid).where('isdel', '=', false)
    .orderBy('created_at', 'desc').orderBy('bauid', 'desc').limit(1).executeTakeFirst();
  return newest?.bauid ?? null;
}

/**
 * Schedules money out of custody to a client (interfaces.md seam 4; decisions 024 and 025): writes a `payouts` row and,
 * when the client has an account to receive it (see resolvePayoutAccount), the job `payout.send` in the same
 * transaction; with no account the payout waits as 'awaiting_account' and is sent when the client adds an account or
 * the owner links one to the rent (releaseAwaitingPayouts). Idempotent: the same (rent, client, reason, source
 * transactions) returns the existing payout and adds nothing.
 * @param trx the caller's transaction (the cause of the payout commits with it)
 * @param input amountCents: positive integer centavos MXN; sourceTuids: the transactions the money came from
 * @returns the payout's id (pouid)
 * @throws Error when amountCents is not a positive integer (a programming error of the caller)
 */
export async function schedulePayout(trx: PayoutDb, input: SchedulePayoutInput): Promise<string> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error(`schedulePayout: amountCents must be a positive integer, got ${input.amountCents}`);
  const k = payoutTables(trx);
  const sourceKey = [...input.sourceTuids].sort().join(',');
  const existing = await k.selectFrom('payouts').select('pouid')
    .where('ruid', '=', input.ruid).where('cuid', '=', input.cuid).where('reason', '=', input.reason).where('source_key', '=', sourceKey)
    .executeTakeFirst();
  if (existing) return existing.pouid;
  const bauid = await resolvePayoutAccount(trx, input.cuid, input.ruid);
  const pouid = randomUUID();
  const inserted = await k.insertInto('payouts').values({
    pouid, cuid: input.cuid, ruid: input.ruid, amount_cents: input.amountCents, reason: input.reason,
    source_tuids: JSON.stringify(input.sourceTuids), source_key: sourceKey, bauid,
    status: bauid ? 'scheduled' : 'awaiting_account', provider: null, tracking_key: null, provider_id: null,
    failure_reason: null, sent_at: null, settled_at: null,
  }).onConflict((oc) => oc.columns(['ruid', 'cuid', 'reason', 'source_key']).doNothing()).returning('pouid').executeTakeFirst();
  if (!inserted) {
    const row = await k.selectFrom('payouts').select('pouid').where('ruid', '=', input.ruid).where('cuid', '=', input.cuid)
      .where('reason', '=', input.reason).where('source_key', '=', sourceKey).executeTakeFirstOrThrow();
    return row.pouid;
  }
  if (bauid) await enqueue(kyselyOf(trx), PAYOUT_SEND_JOB, { pouid }, { key: pouid });
  return pouid;
}

/**
 * Sends the payouts of `cuid` that were waiting for an account (decision 025): called in the transaction that adds an
 * account or links one to a rent. Each waiting payout whose account now resolves becomes 'scheduled' with a
 * `payout.send` job.
 * @returns how many payouts were released
 */
export async function releaseAwaitingPayouts(trx: PayoutDb, cuid: string): Promise<number> {
  const k = payoutTables(trx);
  const waiting = await k.selectFrom('payouts').select(['pouid', 'ruid']).where('cuid', '=', cuid).where('status', '=', 'awaiting_account').execute();
  let released = 0;
  for (const p of waiting) {
    const bauid = await resolvePayoutAccount(trx, cuid, p.ruid);
    if (!bauid) continue;
    const updated = await k.updateTable('payouts').set({ bauid, status: 'scheduled', updated_at: new Date() })
      .where('pouid', '=', p.pouid).where('status', '=', 'awaiting_account').executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) continue;
    await enqueue(kyselyOf(trx), PAYOUT_SEND_JOB, { pouid: p.pouid }, { key: p.pouid });
    released++;
  }
  return released;
}
