import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { requireTransition } from './rent-access.ts';
import { rentsRepository, type ChatMessage, type RentRow } from './rents-repository.ts';
import { sendMessage } from './send-message.ts';

/**
 * A signed-in client contacts a listing (issue 11 'The rent as a conversation'; spec 03 §3 Rent, §4 step hello):
 * creates the rent at `hello` between the client (renter) and the listing's owner (or the agent it is assigned to,
 * properties.agent_cuid), snapshotting price and
 * maintenance, or reopens the existing one (a renter's own discard goes back to hello); then the client's text is
 * the conversation's next message (sendMessage: same limits and idempotency).
 *
 * @param input `{ actor, puid, text, clientMessageId? }`
 * @returns `{ rent, message, created }` — `created` true when the rent is new
 * @throws AppError UNAUTHORIZED unless signed in; NOT_FOUND 'La propiedad ya no está disponible' for an unknown or
 *   inactive listing; FORBIDDEN 'Esta propiedad no tiene un anunciante con cuenta…' (no owner account) or 'No puedes
 *   contactar tu propia propiedad'; CONFLICT when the owner discarded the conversation; sendMessage's errors
 */
export async function contactListing(
  deps: { database: Database; limiter: RateLimiter; events: ChatEvents },
  input: { actor: Actor; puid: string; text: string; clientMessageId?: string | null },
): Promise<{ rent: RentRow; message: ChatMessage; created: boolean }> {
  authorize(input.actor, rentPolicy, 'contact');
  const renter = ownCuid(input.actor);
  if (!input.text.trim()) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.messageEmpty);
  const listing = await deps.database.db.selectFrom('properties')
    .select(['puid', 'owner_cuid', 'agent_cuid', 'is_active', 'rent_price', 'monthly_maintenance_fee']).where('puid', '=', input.puid).executeTakeFirst();
  if (!listing || !listing.is_active) throw new AppError('NOT_FOUND', RENTS_MESSAGES.listingInactive);
  if (listing.owner_cuid === null) throw new AppError('FORBIDDEN', RENTS_MESSAGES.noAdvertiser);
  if (listing.owner_cuid === renter || listing.agent_cuid === renter) throw new AppError('FORBIDDEN', RENTS_MESSAGES.ownListing);
  // The listing's agent answers when the owner assigned one (issue 11); the rent keeps whoever it began with.
  const { rent, created } = await rentsRepository.insertOrGet(deps.database, {
    puid: listing.puid, renter_cuid: renter, owner_cuid: listing.agent_cuid ?? listing.owner_cuid,
    price: listing.rent_price === null ? null : Math.round(Number(listing.rent_price)),
    maintenance_fee: listing.monthly_maintenance_fee === null ? null : Math.round(Number(listing.monthly_maintenance_fee)),
  });
  if (created) {
    deps.events.publishStepChange({ ruid: rent.ruid, from: 'hello', to: 'hello', renterCuid: rent.renter_cuid, ownerCuid: rent.owner_cuid });
  } else {
    const to = requireTransition(rent, 'contact', 'renter');
    await changeStep(deps, rent, to);
  }
  const { message } = await sendMessage(deps, { actor: input.actor, ruid: rent.ruid, text: input.text, clientMessageId: input.clientMessageId });
  return { rent: (await rentsRepository.find(deps.database, rent.ruid))!, message, created };
}
