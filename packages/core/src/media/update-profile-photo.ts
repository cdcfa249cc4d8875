import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { PROFILE_PHOTO_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { getClientView, type TClientView } from '../accounts/get-client-view.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { processProfilePhoto } from './process-profile-photo.ts';

/** Storage keys of a profile photo and its thumbnail: `profile/{cuid}/{id}.webp` and `…-thumb.webp`. */
export function profilePhotoKeys(cuid: string, id: string): { image: string; thumbnail: string } {
  return { image: `profile/${cuid}/${id}.webp`, thumbnail: `profile/${cuid}/${id}-thumb.webp` };
}

/**
 * Replaces the signed-in client's profile photo (spec 02 §2 modal 7, §7 `POST /v1/client/profilephoto`): the
 * upload is checked by content, cut to a centred square, re-encoded as WebP without metadata with a thumbnail
 * (processProfilePhoto), stored under a new random key, and clients.profile_photo_name set to that key (the
 * browser loads `/media/{key}`; thumbnail: same key with `-thumb.webp`). The previous files are deleted after the
 * switch. Returns the client view `{ client, settings }`.
 * Throws AppError UNSUPPORTED_MEDIA 'La imagen no tiene una extension válida.', BAD_REQUEST 'Error al procesar la
 * imagen', UNAUTHORIZED for an unknown or anonymous client, INTERNAL 'Error al actualizar la imagen de perfil'
 * when storing fails.
 */
export async function updateProfilePhoto(
  deps: { database: Database; storage: MediaStorage },
  input: { cuid: string; file: Buffer },
): Promise<TClientView> {
  const { db } = deps.database;
  const current = await db.selectFrom('clients').select(['is_anonymous', 'profile_photo_name']).where('cuid', '=', input.cuid).executeTakeFirst();
  if (!current || current.is_anonymous) throw new AppError('UNAUTHORIZED');
  const processed = await processProfilePhoto(input.file);
  const keys = profilePhotoKeys(input.cuid, randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x'));
  try {
    await deps.storage.put(keys.image, processed.image, { contentType: 'image/webp' });
    await deps.storage.put(keys.thumbnail, processed.thumbnail, { contentType: 'image/webp' });
    await db.updateTable('clients').set({ profile_photo_name: keys.image, updated_at: sql`now()` }).where('cuid', '=', input.cuid).execute();
  } catch (error) {
    console.error('updateProfilePhoto: store failed', error instanceof Error ? error.message : error);
    await Promise.allSettled([deps.storage.delete(keys.image), deps.storage.delete(keys.thumbnail)]);
    throw new AppError('INTERNAL', PROFILE_PHOTO_MESSAGES.updateFailed);
  }
  const previous = current.profile_photo_name;
  if (previous && previous.startsWith(`profile/${input.cuid}/`) && previous.endsWith('.webp')) {
    await Promise.allSettled([deps.storage.delete(previous), deps.storage.delete(previous.replace(/\.webp$/, '-thumb.webp'))]);
  }
  const view = await getClientView({ database: deps.database, cuid: input.cuid });
  if (!view) throw new AppError('UNAUTHORIZED');
  return view;
}
