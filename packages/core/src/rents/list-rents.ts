import { RENT_PAGES_MESSAGES, profilePhotoUrls } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { listingPolicy } from '../policies/listing.ts';
import { authorize, ownRecords } from '../policies/policy.ts';
import { rentPolicy } from '../policies/rent.ts';
import { ACTIVE_STEPS, stepLabel } from './rent-steps.ts';
import { rentsRepository } from './rents-repository.ts';

/** Rents per page of listRents. */
export const RENTS_PAGE_SIZE = 20;

/**
 * One rent in a list: the listing's title, first photo and price, the step with its label and colour, unread count,
 * and the other party (`counterpart`: uid for /perfil?u=, nickname, profile photo thumbnail URL — public columns only).
 */
export type RentSummary = {
  ruid: string; puid: string; step: string; stepLabel: string; stepColor: string; role: 'renter' | 'owner';
  title: string; slug: string; photo: string | null; price: number | null; maintenanceFee: number | null;
  unread: number; lastText: string | null; lastActivityAt: string; createdAt: string;
  /** 'me' when the reader blocked the conversation, 'other' when the other party did, null when not blocked. */
  blocked: 'me' | 'other' | null;
  counterpart: { uid: string; nickname: string | null; photo: string | null };
};

/**
 * The actor's rents, newest activity first (GET /v1/rents?t&only_active, GET /v1/client/rents, the conversation list
 * GET /v1/messages/chats?page&chat&ur; spec 03 §7): `side` 'renter' (contacted properties), 'owner' (people who
 * contacted my listings) or 'any'; `onlyActive` drops discarded and invalid ones; `unreadOnly` keeps those with
 * unread messages; `ruid` narrows to one conversation; `puid` to the people who contacted one of the actor's
 * listings (owner side only: /property-dashboard/{puid}?tab=offers; listingPolicy 'interested'); `page` from 1.
 * @returns `{ rents, page, hasMore }`
 * @throws AppError UNAUTHORIZED unless signed in; with `puid`: BAD_REQUEST 'El filtro por propiedad solo está
 *   disponible…' for side 'renter', NOT_FOUND 'Esta propiedad ya no está disponible' for an unknown listing,
 *   FORBIDDEN 'Solo el propietario puede ver quién contactó esta propiedad' for someone else's listing
 */
export async function listRents(database: Database, input: {
  actor: Actor; side: 'renter' | 'owner' | 'any'; onlyActive?: boolean; unreadOnly?: boolean; ruid?: string; puid?: string; page?: number;
}): Promise<{ rents: RentSummary[]; page: number; hasMore: boolean }> {
  const cuid = ownRecords(input.actor, rentPolicy, 'list');
  let side = input.side;
  if (input.puid !== undefined) {
    if (side === 'renter') throw new AppError('BAD_REQUEST', RENT_PAGES_MESSAGES.puidOwnerOnly);
    const listing = await database.db.selectFrom('properties').select(['owner_cuid', 'agent_cuid', 'is_active']).where('puid', '=', input.puid).executeTakeFirst();
    if (!listing) throw new AppError('NOT_FOUND', RENT_PAGES_MESSAGES.listingNotFound);
    authorize(input.actor, listingPolicy, 'interested', listing);
    side = 'owner';
  }
  const page = Math.max(1, input.page ?? 1);
  const rows = await rentsRepository.listForClient(database, cuid, {
    side, activeSteps: input.onlyActive ? ACTIVE_STEPS : undefined, ruid: input.ruid, puid: input.puid, unreadOnly: input.unreadOnly,
    limit: RENTS_PAGE_SIZE + 1, offset: (page - 1) * RENTS_PAGE_SIZE,
  });
  const rents = rows.slice(0, RENTS_PAGE_SIZE).map((r): RentSummary => {
    const label = stepLabel(r.step);
    const images = (r.images ?? []) as { name: string; order: number }[];
    const asRenter = r.renter_cuid === cuid;
    return {
      ruid: r.ruid, puid: r.puid, step: r.step, stepLabel: label.label, stepColor: label.color,
      role: asRenter ? 'renter' : 'owner', title: r.title, slug: r.slug,
      photo: images.length ? [...images].sort((a, b) => a.order - b.order)[0]!.name : null,
      price: r.price, maintenanceFee: r.maintenance_fee, unread: Number(r.unread ?? 0), lastText: r.last_text ?? null,
      lastActivityAt: r.last_activity_at.toISOString(), createdAt: r.created_at.toISOString(),
      blocked: r.blocked_by === null ? null : r.blocked_by === cuid ? 'me' : 'other',
      counterpart: {
        uid: asRenter ? r.owner_cuid : r.renter_cuid,
        nickname: (asRenter ? r.owner_nickname : r.renter_nickname)?.trim() || null,
        photo: profilePhotoUrls(asRenter ? r.owner_photo : r.renter_photo)?.thumbUrl ?? null,
      },
    };
  });
  return { rents, page, hasMore: rows.length > RENTS_PAGE_SIZE };
}
