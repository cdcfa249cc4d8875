import { RENT_PAYMENTS_MESSAGES } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/** Who is in a rent's payments: the renter (payer), the owner (payee), the accepted second renter (reads only). */
export type RentPaymentsRecord = { renter_cuid: string; owner_cuid: string; second_renter_cuid: string | null };

function party(actor: Actor, r: RentPaymentsRecord): Verdict {
  return [r.renter_cuid, r.owner_cuid, r.second_renter_cuid].some((c) => isClient(actor, c))
    ? ALLOW : { code: 'NOT_FOUND', msg: RENT_PAYMENTS_MESSAGES.notFound };
}

/**
 * The payment schedule and escrow of a rent (issue 13 'Payments'; decision 024): read by its renter, owner and
 * accepted second renter; anyone else (support included: money of two private people) learns nothing (404).
 */
export const rentPaymentsPolicy = definePolicy<RentPaymentsRecord, 'read'>({
  model: 'rent_payments',
  actions: {
    read: { who: 'registered', doc: "the rent's renter, owner and accepted second renter (read-only)", rule: party },
  },
});
