import type { Database } from '@nj/db';
import type { JobContext, JobDefinition } from '../jobs/job-worker.ts';
import { applyEscrowEvent } from './escrow-events.ts';
import { rentPaymentTables } from './rent-payments-tables.ts';

/** Job of the payments part (interfaces.md seam 1): transactions became completed. Payload `{ tuids }`. */
export const PAYMENT_COMPLETED_JOB = 'payment.completed';

/** Job of the inventory part (interfaces.md seam 3): both confirmed the move-in inventory. Payload `{ ruid }`. */
export const RENT_HANDOVER_CONFIRMED_JOB = 'rent.handover_confirmed';
/** Job of the inventory part: both confirmed the move-out inventory. Payload `{ ruid, deductionCents, reason }`. */
export const RENT_MOVEOUT_CONFIRMED_JOB = 'rent.moveout_confirmed';

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/**
 * The escrow's job handlers (decision 024), each applying its event in the transaction that completes the job:
 * - `payment.completed` `{ tuids }` (payments part): the rent items of those transactions become held or released;
 * - `rent.handover_confirmed` `{ ruid }`: the first month is released to the owner (when paid);
 * - `rent.moveout_confirmed` `{ ruid, deductionCents, reason }`: the deposit goes back to the tenant minus the
 *   deduction (integer centavos MXN), which goes to the owner.
 * A malformed payload is ignored (nothing to retry).
 */
export function escrowJobs(database: Database): Record<string, JobDefinition> {
  return {
    [PAYMENT_COMPLETED_JOB]: {
      handler: async (payload: { tuids?: unknown }, ctx: JobContext) => {
        const tuids = Array.isArray(payload?.tuids) ? payload.tuids.filter(text) : [];
        if (tuids.length === 0) return;
        const items = await rentPaymentTables(database).selectFrom('rent_escrow_items').select(['tuid', 'ruid']).where('tuid', 'in', tuids).execute();
        const byRent = new Map<string, string[]>();
        for (const i of items) byRent.set(i.ruid, [...(byRent.get(i.ruid) ?? []), i.tuid]);
        if (byRent.size === 0) return;
        await ctx.completeWith(async (trx) => {
          for (const [ruid, list] of byRent) await applyEscrowEvent(trx, ruid, { type: 'paid' }, list);
        });
      },
    },
    [RENT_HANDOVER_CONFIRMED_JOB]: {
      handler: async (payload: { ruid?: unknown }, ctx: JobContext) => {
        if (!text(payload?.ruid)) return;
        const ruid = payload.ruid;
        await ctx.completeWith(async (trx) => void (await applyEscrowEvent(trx, ruid, { type: 'handover' })));
      },
    },
    [RENT_MOVEOUT_CONFIRMED_JOB]: {
      handler: async (payload: { ruid?: unknown; deductionCents?: unknown; reason?: unknown }, ctx: JobContext) => {
        if (!text(payload?.ruid)) return;
        const ruid = payload.ruid;
        const deductionCents = typeof payload.deductionCents === 'number' && Number.isFinite(payload.deductionCents) ? payload.deductionCents : 0;
        const reason = typeof payload.reason === 'string' ? payload.reason.slice(0, 1000) : undefined;
        await ctx.completeWith(async (trx) => void (await applyEscrowEvent(trx, ruid, { type: 'moveout', deductionCents, reason })));
      },
    },
  };
}
