import { createHash } from 'node:crypto';
import type { Database } from '@nj/db';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobDefinition } from '../jobs/job-worker.ts';
import { openSealed } from '../security/seal-text.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { kyselyOf, payoutTables } from './payouts-tables.ts';
import { PAYOUT_SEND_JOB } from './schedule-payout.ts';

export { PAYOUT_SEND_JOB };
/** Job name that asks the provider whether a sent payout settled (payload `{ pouid, check }`). */
export const PAYOUT_SETTLE_JOB = 'payout.settle';
/** Delay between settlement checks, ms, and how many checks before leaving it 'sent' for a person to look at. */
const SETTLE_CHECK_MS = 60_000;
const SETTLE_CHECKS = 30;

/** What the payout jobs use: the database, the key that opens account numbers, the provider. */
export type PayoutJobDeps = { database: Database; dataKey: Buffer; provider: PayoutProvider };

/** SPEI concept of a payout reason (no accents, at most 39 characters). */
const CONCEPT = { rent_release: 'Renta cobrada', deposit_release: 'Deposito en garantia retenido', deposit_return: 'Devolucion de deposito' } as const;

/**
 * The payout's SPEI tracking key ('clave de rastreo'): 'NJ' + 28 upper-case hex characters derived from its id, so a
 * retried send carries the same key (the provider refuses a duplicate instead of paying twice).
 */
export function payoutTrackingKey(pouid: string): string {
  return `NJ${createHash('sha256').update(pouid).digest('hex').slice(0, 28).toUpperCase()}`;
}

/**
 * Sends one scheduled payout (job `payout.send`, payload `{ pouid }`; decision 025): opens the account's CLABE,
 * orders the SPEI transfer through the provider and records the outcome — 'sent' with the provider's id (and a
 * `payout.settle` check), or 'rejected' with the provider's reason. A payout not 'scheduled' any more is left alone
 * (idempotent). Foreign accounts are not paid by SPEI: the payout becomes 'failed' for support to pay by wire.
 * @throws AppError UNAVAILABLE from the provider (the queue retries with backoff)
 */
export async function sendPayout(deps: PayoutJobDeps, pouid: string): Promise<'sent' | 'rejected' | 'failed' | 'skipped'> {
  const k = payoutTables(deps.database);
  const payout = await k.selectFrom('payouts').selectAll().where('pouid', '=', pouid).executeTakeFirst();
  if (!payout || payout.status !== 'scheduled' || !payout.bauid) return 'skipped';
  const account = await k.selectFrom('bank_accounts').selectAll().where('bauid', '=', payout.bauid).executeTakeFirstOrThrow();
  const trackingKey = payout.tracking_key ?? payoutTrackingKey(pouid);
  await k.updateTable('payouts').set((eb) => ({ tracking_key: trackingKey, provider: deps.provider.name, attempts: eb('attempts', '+', 1), updated_at: new Date() }))
    .where('pouid', '=', pouid).execute();
  if (account.kind !== 'clabe' || !account.bank_key) {
    await k.updateTable('payouts').set({ status: 'failed', failure_reason: 'foreign account: pay by international wire', updated_at: new Date() }).where('pouid', '=', pouid).execute();
    return 'failed';
  }
  const result = await deps.provider.send({
    trackingKey, amountCents: Number(payout.amount_cents), beneficiaryName: account.holder_name,
    beneficiaryClabe: openSealed(deps.dataKey, account.number_sealed), beneficiaryBankCode: account.bank_key,
    concept: CONCEPT[payout.reason], numericReference: parseInt(trackingKey.slice(2, 9), 16) % 10_000_000,
  });
  if (result.outcome === 'rejected') {
    await k.updateTable('payouts').set({ status: 'rejected', failure_reason: result.reason.slice(0, 300), updated_at: new Date() }).where('pouid', '=', pouid).execute();
    console.error(`payout ${pouid} rejected by ${deps.provider.name}: ${result.reason}`);
    return 'rejected';
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await payoutTables(trx).updateTable('payouts').set({ status: 'sent', provider_id: result.providerId, sent_at: new Date(), updated_at: new Date() })
      .where('pouid', '=', pouid).execute();
    await enqueue(kyselyOf(trx), PAYOUT_SETTLE_JOB, { pouid, check: 1 }, { key: `${pouid}:1`, runAt: new Date(Date.now() + SETTLE_CHECK_MS) });
  });
  return 'sent';
}

/**
 * Checks whether a sent payout settled (job `payout.settle`): 'liquidated' marks it settled, 'returned' marks it
 * rejected (the receiving bank returned it); still pending, another check a minute later, up to 30. The sandbox
 * forgets orders on restart: its 'unknown' counts as settled.
 */
export async function settlePayout(deps: PayoutJobDeps, pouid: string, check: number): Promise<void> {
  const k = payoutTables(deps.database);
  const payout = await k.selectFrom('payouts').select(['status', 'tracking_key']).where('pouid', '=', pouid).executeTakeFirst();
  if (!payout || payout.status !== 'sent' || !payout.tracking_key) return;
  let state = await deps.provider.state(payout.tracking_key);
  if (state === 'unknown' && deps.provider.name === 'sandbox') state = 'liquidated';
  if (state === 'liquidated') {
    await k.updateTable('payouts').set({ status: 'liquidated', settled_at: new Date(), updated_at: new Date() }).where('pouid', '=', pouid).where('status', '=', 'sent').execute();
  } else if (state === 'returned') {
    await k.updateTable('payouts').set({ status: 'rejected', failure_reason: 'returned by the receiving bank', updated_at: new Date() }).where('pouid', '=', pouid).where('status', '=', 'sent').execute();
  } else if (check < SETTLE_CHECKS) {
    await enqueue(kyselyOf(deps.database), PAYOUT_SETTLE_JOB, { pouid, check: check + 1 }, { key: `${pouid}:${check + 1}`, runAt: new Date(Date.now() + SETTLE_CHECK_MS) });
  }
}

/** The handlers of `payout.send` and `payout.settle` for apps/server/src/jobs/job-handlers.ts. */
export function payoutJobs(deps: PayoutJobDeps): Record<string, JobDefinition> {
  return {
    [PAYOUT_SEND_JOB]: { handler: async (payload: { pouid: string }) => { await sendPayout(deps, payload.pouid); }, maxAttempts: 12, retryBaseMs: 30_000 },
    [PAYOUT_SETTLE_JOB]: { handler: async (payload: { pouid: string; check: number }) => { await settlePayout(deps, payload.pouid, payload.check ?? 1); } },
  };
}
