import { LISTING_MESSAGES as M } from '@nj/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { propertiesRepository, type StoredImage } from '../properties/properties-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';

/**
 * The listing `puid` when `actor` may change it (listingPolicy 'update': its owner; issue 4 "Rules"). `lock` takes a row lock inside a transaction.
 * Returns { puid, nj_uid, title, images (by order), is_active }.
 * Throws AppError NOT_FOUND 'No encontramos la propiedad'; FORBIDDEN 'Esta propiedad de demostración no se puede
 * modificar' for a listing without owner (seed/imported demo data); FORBIDDEN 'Solo el propietario puede modificar
 * esta propiedad' for someone else's.
 */
export async function assertListingOwner(db: Kysely<DB> | Transaction<DB>, puid: string, actor: Actor, lock = false) {
  authorize(actor, listingPolicy, 'update');
  if (!puid || puid.length > 100) throw new AppError('NOT_FOUND', M.notFound);
  const row = await propertiesRepository.findForWrite(db, puid, lock);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, listingPolicy, 'update', row);
  const images: StoredImage[] = (Array.isArray(row.images) ? [...row.images] : []).sort((a, b) => a.order - b.order);
  return { puid: row.puid, nj_uid: row.nj_uid, title: row.title, images, is_active: row.is_active };
}
