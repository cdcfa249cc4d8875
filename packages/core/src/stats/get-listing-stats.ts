import { STATS_DEFAULT_DAYS, STATS_MESSAGES, type TListingStats } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { statsRepository } from './stats-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { toOwnerStats } from './owner-stats.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';

/**
 * The daily statistics of one listing for its owner (GET /api/v1/property/{puid}/stats?days=30; issue 4
 * "A statistics page per listing with a chart of the last 30 days"). Days are Mexico City calendar days, oldest
 * first, every day present.
 *
 * @param options.actor must be allowed listingPolicy 'stats' (the listing's owner)
 * @param options.days 1–90, default 30
 * @throws AppError NOT_FOUND for an unknown puid; FORBIDDEN 'Solo el propietario puede ver las estadísticas de esta
 *   propiedad' when `cuid` is not the owner (demo listings have no owner, so nobody sees theirs)
 */
export async function getListingStats(database: Database, options: { actor: Actor; puid: string; days?: number | undefined }): Promise<TListingStats> {
  authorize(options.actor, listingPolicy, 'stats');
  const listing = await propertiesRepository.findForStats(database, options.puid);
  if (!listing) throw new AppError('NOT_FOUND', STATS_MESSAGES.propertyNotFound);
  authorize(options.actor, listingPolicy, 'stats', listing);
  const days = options.days ?? STATS_DEFAULT_DAYS;
  const [series, totals] = await Promise.all([
    statsRepository.series(database, options.puid, days),
    propertiesRepository.totals(database, [options.puid]),
  ]);
  return { puid: options.puid, days, series, totals: toOwnerStats(totals.get(options.puid)) };
}
