import { LISTING_AGENT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import { accountsRepository } from '../accounts/accounts-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';

export type ListingAgent = { cuid: string; nickname: string | null; email: string } | null;

/**
 * The owner assigns their listing to an agent, or removes the agent (PUT /v1/property/{id}/agent; issue 11 'The
 * rent as a conversation': a contact goes to 'the listing's owner (or the agent it is assigned to)'). `email` must
 * belong to a registered client other than the owner (the agent flag is not required: agents' own sign-up arrives
 * with the agencies' issue, and an owner may hand the listing to the agent they work with today); null removes it.
 * Conversations that already began stay with whoever they began with; new ones go to the agent.
 * @returns the listing's agent now (null when none)
 * @throws AppError NOT_FOUND / FORBIDDEN as assertListingOwner (only the owner); BAD_REQUEST 'No encontramos un
 *   una cuenta con ese correo…', 'Ya eres el propietario de esta propiedad'
 */
export async function assignListingAgent(database: Database, input: { actor: Actor; puid: string; email: string | null }): Promise<ListingAgent> {
  await assertListingOwner(database.db, input.puid, input.actor);
  if (input.email === null) {
    await propertiesRepository.setAgent(database.db, input.puid, null);
    return null;
  }
  const client = await accountsRepository.findByEmail(database, input.email);
  if (client && client.cuid === input.actor.cuid) throw new AppError('BAD_REQUEST', M.notYourself);
  if (!client || client.is_anonymous) throw new AppError('BAD_REQUEST', M.notAnAgent);
  await propertiesRepository.setAgent(database.db, input.puid, client.cuid);
  return { cuid: client.cuid, nickname: client.nickname, email: client.email ?? input.email };
}

/**
 * The listing's agent as its owner sees it (GET /v1/property/{id}/agent): nickname and e-mail, or null.
 * @throws AppError NOT_FOUND / FORBIDDEN as assertListingOwner
 */
export async function getListingAgent(database: Database, input: { actor: Actor; puid: string }): Promise<ListingAgent> {
  await assertListingOwner(database.db, input.puid, input.actor);
  return (await propertiesRepository.agentOf(database.db, input.puid)) ?? null;
}
