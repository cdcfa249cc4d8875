import { RENTS_MESSAGES } from '@nj/contracts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';
import type { Actor } from './actor.ts';

/** What the rent policies decide on: the two parties of a rent (table rents, migration 018). */
export type RentRecord = { ruid: string; renter_cuid: string; owner_cuid: string };

/**
 * Only the two parties of a rent: anyone else gets 404 'No encontramos esta conversación' (issue 11 'Rules and
 * limits': a stranger must not learn that the conversation exists). Support staff join by policy later.
 */
export function rentPartyRule(actor: Actor, rent: RentRecord): Verdict {
  return actor.cuid !== null && (actor.cuid === rent.renter_cuid || actor.cuid === rent.owner_cuid)
    ? ALLOW : { code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound };
}

/**
 * Rents (spec 03 §3 'Rent', §6; issue 11): a signed-in client contacts a listing (`contact`; the listing checks are
 * contactListing's), lists their own rents (`list`), and reads or acts on one (`read`, `act`: discard, visits) only
 * when they are its renter or its owner.
 */
export const rentPolicy = definePolicy<RentRecord, 'contact' | 'list' | 'read' | 'act'>({
  model: 'rent',
  actions: {
    contact: { who: 'registered', doc: 'a signed-in client, not to their own listing' },
    list: { who: 'registered', doc: 'a signed-in client, their own rents (as renter or owner)' },
    read: { who: 'registered', doc: 'the renter or the owner of the rent', rule: rentPartyRule },
    act: { who: 'registered', doc: 'the renter or the owner of the rent, as the transition table allows', rule: rentPartyRule },
  },
});
