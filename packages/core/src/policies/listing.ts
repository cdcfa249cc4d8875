import { LISTING_MESSAGES, RENT_PAGES_MESSAGES, SEARCH_MESSAGES, STATS_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/** What the listing rules look at: its owner (null for seeded or imported demo listings) and whether it is live. */
export type ListingRecord = { owner_cuid: string | null; is_active: boolean; agent_cuid?: string | null };

/**
 * Listings (spec 01 §2 detail, spec 03 §7 property calls, issue 4 "Rules", issue 7 §7):
 * - read: anyone reads a live listing; a deactivated one only its owner (others 410 'Esta propiedad ya no está
 *   disponible');
 * - create: signed-in clients publish;
 * - update (edit, photos, order, activate/deactivate): only the owner; demo listings (no owner) nobody
 *   (403 'Esta propiedad de demostración no se puede modificar'); someone else's 403 'Solo el propietario…';
 * - stats: the daily statistics only to the owner (403 'Solo el propietario puede ver las estadísticas…');
 * - push_stats (views, appearances, shares): anyone (views and appearances without a session are ignored; a share
 *   gets the visitor an anonymous client);
 * - list_own: a signed-in client lists their own listings (the query is scoped to the actor);
 * - interested: who contacted one listing (its rents, /property-dashboard/{puid}?tab=offers) only to the owner and
 *   the agent it is assigned to (403 'Solo el propietario puede ver quién contactó esta propiedad').
 */
export const listingPolicy = definePolicy<ListingRecord, 'read' | 'create' | 'update' | 'stats' | 'push_stats' | 'list_own' | 'interested'>({
  model: 'listing',
  actions: {
    read: {
      who: 'anyone', doc: 'anyone a live listing; the owner a deactivated one',
      rule: (actor, l) => (l.is_active || isClient(actor, l.owner_cuid) ? ALLOW : { code: 'GONE', msg: SEARCH_MESSAGES.propertyGone }),
    },
    create: { who: 'registered', doc: 'signed-in clients' },
    update: {
      who: 'registered', doc: 'the owner (never a demo listing)',
      rule: (actor, l) => {
        if (l.owner_cuid === null) return { code: 'FORBIDDEN', msg: LISTING_MESSAGES.demoReadOnly };
        return isClient(actor, l.owner_cuid) ? ALLOW : { code: 'FORBIDDEN', msg: LISTING_MESSAGES.notOwner };
      },
    },
    stats: {
      who: 'registered', doc: 'the owner',
      rule: (actor, l) => (isClient(actor, l.owner_cuid) ? ALLOW : { code: 'FORBIDDEN', msg: STATS_MESSAGES.notOwner }),
    },
    push_stats: { who: 'anyone', doc: 'anyone (views without a session ignored)' },
    list_own: { who: 'registered', doc: 'signed-in clients, their own' },
    interested: {
      who: 'registered', doc: 'the owner or its assigned agent: the people who contacted the listing',
      rule: (actor, l) => (isClient(actor, l.owner_cuid) || (!!l.agent_cuid && isClient(actor, l.agent_cuid))
        ? ALLOW : { code: 'FORBIDDEN', msg: RENT_PAGES_MESSAGES.notListingOwner }),
    },
  },
});
