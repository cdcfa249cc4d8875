import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { PROFILE_PHOTO_MESSAGES, type TAgency } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import { processProfilePhoto } from '../media/process-profile-photo.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { agenciesRepository, presentAgency } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';
import { forgetSites } from '../sites/find-site-by-host.ts';

/** Storage keys of an agency logo and its thumbnail: `agencies/{auid}/{id}.webp` and `…-thumb.webp`. */
export function agencyLogoKeys(auid: string, id: string): { image: string; thumbnail: string } {
  return { image: `agencies/${auid}/${id}.webp`, thumbnail: `agencies/${auid}/${id}-thumb.webp` };
}

/**
 * POST /v1/agencies/{auid}/profilephoto (issue 15; spec 03 §7): the administrator replaces the agency's (or their
 * association's, decision 029) logo; the sites' host cache of this process is dropped after. The
 * upload is checked like a profile photo (processProfilePhoto: JPEG, PNG, WebP or HEIC by content, 40 megapixels at
 * most, a centred square re-encoded as WebP without metadata, with a thumbnail), stored through the media storage
 * adapter under a new key journaled as pending until the row points at it; the previous logo is deleted after.
 * Served at /media/{key} (media-access: public while agencies.logo_name is that key).
 * @returns the agency now
 * @throws AppError UNAUTHORIZED; NOT_FOUND; FORBIDDEN 'Solo el administrador…'; UNSUPPORTED_MEDIA / BAD_REQUEST as
 *   processProfilePhoto; INTERNAL 'Error al actualizar la imagen de perfil' when storing fails
 */
export async function uploadAgencyLogo(deps: { database: Database; storage: MediaStorage }, input: { actor: Actor; auid: string; file: Buffer }): Promise<TAgency> {
  const { db } = deps.database;
  await loadAgencyFor(deps.database, input.actor, input.auid, 'manage', false, ['agency', 'association']);
  const processed = await processProfilePhoto(input.file);
  const keys = agencyLogoKeys(input.auid, randomBytes(9).toString('hex'));
  const written = [keys.image, keys.thumbnail];
  let retired: string[] = [];
  try {
    await recordPendingKeys(db, written);
    await deps.storage.put(keys.image, processed.image, { contentType: 'image/webp' });
    await deps.storage.put(keys.thumbnail, processed.thumbnail, { contentType: 'image/webp' });
    await db.transaction().execute(async (trx) => {
      const row = await agenciesRepository.find(trx, input.auid, true);
      await agenciesRepository.update(trx, input.auid, { logo_name: keys.image });
      if (await settlePendingKeys(trx, written) !== written.length) throw new Error('pending keys were swept');
      const previous = row?.logo_name;
      if (previous && previous.startsWith(`agencies/${input.auid}/`) && previous.endsWith('.webp')) {
        retired = [previous, previous.replace(/\.webp$/, '-thumb.webp')];
        await recordPendingKeys(trx, retired);
      }
    });
  } catch (error) {
    console.error('uploadAgencyLogo: store failed', error instanceof Error ? error.message : error);
    await discardMediaKeys(deps, written);
    throw new AppError('INTERNAL', PROFILE_PHOTO_MESSAGES.updateFailed);
  }
  await discardMediaKeys(deps, retired);
  forgetSites();
  const agency = await agenciesRepository.find(deps.database, input.auid);
  return presentAgency(agency!, 'admin', await agenciesRepository.countApproved(deps.database, input.auid));
}
