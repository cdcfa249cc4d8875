import { STATS_DEFAULT_DAYS, STATS_MESSAGES, type TListingStats } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { statsRepository } from './stats-repository.ts';
import { toOwnerStats } from './owner-stats.ts';

/**
 * The daily statistics of one listing for its owner (GET /api/v1/property/{puid}/stats?days=30; issue 4
 * "A statistics page per listing with a chart of the last 30 days"). Days are Mexico City calendar days, oldest
 * first, every day present.
 *
 * @param options.cuid the signed-in client; must be the listing's owner
 * @param options.days 1–90, default 30
 * @throws AppError NOT_FOUND for an unknown puid; FORBIDDEN 'Solo el propietario puede ver las estadísticas de esta
 *   propiedad' when `cuid` is not the owner (demo listings have no owner, so nobody sees theirs)
 */
export async function getListingStats(database: Database, options: { cuid: string; puid: string; days?: number | undefined }): Promise<TListingStats> {
  const listing = await statsRepository.findListing(database, options.puid);
  if (!listing) throw new AppError('NOT_FOUND', STATS_MESSAGES.propertyNotFound);
  if (listing.owner_cuid === null || listing.owner_cuid !== options.cuid) throw new AppError('FORBIDDEN', STATS_MESSAGES.notOwner);
  const days = options.days ?? STATS_DEFAULT_DAYS;
  const [series, totals] = await Promise.all([
    statsRepository.series(database, options.puid, days),
    statsRepository.totals(database, [options.puid]),
  ]);
  return { puid: options.puid, days, series, totals: toOwnerStats(totals.get(options.puid)) };
}
