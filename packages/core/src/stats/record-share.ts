import { STATS_MESSAGES, type TShareBody, type TShareResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { statsRepository } from './stats-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';

/**
 * Counts one share of listing `puid` (POST /api/v1/properties/{id}/share; issue 4 "sharing (Web Share, copy link,
 * WhatsApp) counted"). A repeat by the same client inside 5 s is not counted again; the owner sharing their own
 * listing is not counted. `channel` is validated but all channels count the same.
 *
 * @returns `{ counted, shares }` — whether this call counted, and the listing's share total after it
 * @throws AppError NOT_FOUND 'La propiedad no existe o ya no está disponible' for an unknown puid
 */
export async function recordShare(database: Database, options: { cuid: string; puid: string; body: TShareBody }): Promise<TShareResult> {
  const listing = await propertiesRepository.findForStats(database, options.puid);
  if (!listing) throw new AppError('NOT_FOUND', STATS_MESSAGES.propertyNotFound);
  const credited = await database.db.transaction().execute((trx) =>
    statsRepository.credit(trx, options.cuid, 'share', new Map([[options.puid, 1]])));
  const after = await propertiesRepository.findForStats(database, options.puid);
  return { counted: credited.size > 0, shares: after?.shares ?? listing.shares };
}
