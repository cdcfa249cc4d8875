import { SEARCH_MESSAGES } from '@nj/contracts';
import { ALLOW, definePolicy } from './policy.ts';
import type { ListingRecord } from './listing.ts';

/**
 * Reports of a listing for the support team (issue 9 §4 'Reportar anuncio'):
 * - create: anyone (visitors too: a bad listing is seen before signing up), rate-limited per client (IP and
 *   session); only about a live listing — a deactivated one is refused as the detail is (410 'Esta propiedad ya no
 *   está disponible').
 */
export const reportPolicy = definePolicy<ListingRecord, 'create'>({
  model: 'report',
  actions: {
    create: {
      who: 'anyone', doc: 'anyone, about a live listing (rate-limited per IP and client)',
      rule: (_actor, l) => (l.is_active ? ALLOW : { code: 'GONE', msg: SEARCH_MESSAGES.propertyGone }),
    },
  },
});
