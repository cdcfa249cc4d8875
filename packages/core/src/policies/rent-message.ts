import { definePolicy } from './policy.ts';
import { rentPartyRule, type RentRecord } from './rent.ts';

/**
 * Chat messages of a rent (spec 02 §4 'Chat and appointments', spec 03 §7 chat calls; issue 11): only the rent's two
 * parties list its conversations, read, send, mark seen or select an option; others get 404.
 */
export const rentMessagePolicy = definePolicy<RentRecord, 'list' | 'read' | 'send'>({
  model: 'rent_message',
  actions: {
    list: { who: 'registered', doc: 'a signed-in client, their own conversations' },
    read: { who: 'registered', doc: 'the renter or the owner of the rent', rule: rentPartyRule },
    send: { who: 'registered', doc: 'the renter or the owner of the rent, while it is open (rate-limited)', rule: rentPartyRule },
  },
});
