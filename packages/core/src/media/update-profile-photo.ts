import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { PROFILE_PHOTO_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { getClientView, type TClientView } from '../accounts/get-client-view.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { processProfilePhoto } from './process-profile-photo.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from './pending-media.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/** Storage keys of a profile photo and its thumbnail: `profile/{cuid}/{id}.webp` and `…-thumb.webp`. */
export function profilePhotoKeys(cuid: string, id: string): { image: string; thumbnail: string } {
  return { image: `profile/${cuid}/${id}.webp`, thumbnail: `profile/${cuid}/${id}-thumb.webp` };
}

/**
 * Replaces the signed-in client's profile photo (spec 02 §2 modal 7, §7 `POST /v1/client/profilephoto`): the
 * upload is checked by content, cut to a centred square, re-encoded as WebP without metadata with a thumbnail
 * (processProfilePhoto), stored under a new random key, and clients.profile_photo_name set to that key (the
 * browser loads `/media/{key}`; thumbnail: same key with `-thumb.webp`). The previous files are deleted after the
 * switch. The new keys are journaled (media_pending) before the files are written and settled in the transaction
 * that switches the photo; the old ones are journaled in it and deleted after (issue 7 §7). Returns the client view
 * `{ client, settings }`.
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.', BAD_REQUEST 'Error al procesar la
 * imagen', BAD_REQUEST MEDIA_UPLOAD_MESSAGES.tooManyPixels (over 40 megapixels), UNAUTHORIZED for a visitor or anonymous client (clientPolicy 'update_own') or a client since deleted, INTERNAL 'Error al actualizar la imagen de perfil'
 * when storing fails.
 */
export async function updateProfilePhoto(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; file: Buffer },
): Promise<TClientView> {
  const cuid = ownClient(input.actor, 'update_own');
  const { db } = deps.database;
  const current = await db.selectFrom('clients').select(['profile_photo_name']).where('cuid', '=', cuid).executeTakeFirst();
  if (!current) throw new AppError('UNAUTHORIZED');
  const processed = await processProfilePhoto(input.file);
  const keys = profilePhotoKeys(cuid, randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x'));
  const written = [keys.image, keys.thumbnail];
  let retired: string[] = [];
  try {
    // Journaled before writing: a crash before the commit leaves the files to the sweep, never served.
    await recordPendingKeys(db, written);
    await deps.storage.put(keys.image, processed.image, { contentType: 'image/webp' });
    await deps.storage.put(keys.thumbnail, processed.thumbnail, { contentType: 'image/webp' });
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('clients').select('profile_photo_name').where('cuid', '=', cuid).forUpdate().executeTakeFirst();
      await trx.updateTable('clients').set({ profile_photo_name: keys.image, updated_at: sql`now()` }).where('cuid', '=', cuid).execute();
      if (await settlePendingKeys(trx, written) !== written.length) throw new Error('pending keys were swept');
      const previous = row?.profile_photo_name;
      if (previous && previous.startsWith(`profile/${cuid}/`) && previous.endsWith('.webp')) {
        retired = [previous, previous.replace(/\.webp$/, '-thumb.webp')];
        await recordPendingKeys(trx, retired);
      }
    });
  } catch (error) {
    console.error('updateProfilePhoto: store failed', error instanceof Error ? error.message : error);
    await discardMediaKeys(deps, written);
    throw new AppError('INTERNAL', PROFILE_PHOTO_MESSAGES.updateFailed);
  }
  await discardMediaKeys(deps, retired);
  const view = await getClientView({ database: deps.database, cuid: cuid });
  if (!view) throw new AppError('UNAUTHORIZED');
  return view;
}
