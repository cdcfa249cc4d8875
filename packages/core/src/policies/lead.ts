import { DETAIL_MESSAGES, STATS_MESSAGES } from '@nj/contracts';
import { ALLOW, definePolicy } from './policy.ts';
import type { ListingRecord } from './listing.ts';

/**
 * Leads (spec 01 §7 contact, issue 9 §4): anyone may write to a live listing's advertiser (rate-limited per IP).
 * A listing with no advertiser account (owner_cuid null: imported reference listings) is refused with 403
 * 'Esta propiedad es un anuncio de referencia sin anunciante…', since the message would reach no one; an inactive
 * listing is 404 'La propiedad no existe o ya no está disponible'. list_own: a signed-in owner reads the leads of
 * their own listings (the query is scoped to the actor; issue 11: they join the owner's conversation list).
 */
export const leadPolicy = definePolicy<ListingRecord, 'create' | 'list_own'>({
  model: 'lead',
  actions: {
    create: {
      who: 'anyone', doc: 'anyone, to a live listing that has an advertiser (rate-limited)',
      rule: (_actor, l) => {
        if (!l.is_active) return { code: 'NOT_FOUND', msg: STATS_MESSAGES.propertyNotFound };
        return l.owner_cuid === null ? { code: 'FORBIDDEN', msg: DETAIL_MESSAGES.leadNoAdvertiser } : ALLOW;
      },
    },
    list_own: { who: 'registered', doc: 'signed-in clients, the leads of their own listings' },
  },
});
