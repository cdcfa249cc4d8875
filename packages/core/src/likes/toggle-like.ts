import { SEARCH_MESSAGES, type TLikeState } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { likesRepository } from './likes-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { likePolicy } from '../policies/like.ts';

/**
 * Toggles the like (favorito) of a registered client on one listing (PUT /api/v1/properties/{id}/like; spec 02 §7,
 * spec 01 §4 "Like toggle"). The caller has already checked that `cuid` is the session's registered client.
 * Inactive listings can be liked and unliked too (they stay in the client's favoritos with their badge).
 *
 * @param options.cuid the registered client's cuid
 * @param options.puid the listing's uid ('p_…')
 * @returns `{ is_liked, likes }`: the new state for this client and the listing's like count after the change
 * @throws AppError NOT_FOUND (SEARCH_MESSAGES.propertyNotFound) when no listing has this uid
 */
export async function toggleLike(database: Database, options: { actor: Actor; puid: string }): Promise<TLikeState> {
  const cuid = ownRecords(options.actor, likePolicy, 'toggle');
  const puid = options.puid.trim();
  if (!puid || puid.length > 100 || /[\u0000-\u001f\u007f]/.test(puid) || !(await propertiesRepository.exists(database, puid))) {
    throw new AppError('NOT_FOUND', SEARCH_MESSAGES.propertyNotFound);
  }
  const r = await likesRepository.toggle(database, cuid, puid);
  return { is_liked: r.isLiked, likes: r.likes };
}
