import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import { loadRentFor } from './rent-access.ts';
import { rentsRepository, type ChatMessage } from './rents-repository.ts';

/** Most messages one call returns (the newest ones). */
export const MESSAGES_PAGE_LIMIT = 200;

/**
 * The messages of rent `ruid` in order (GET /v1/messages/{ruid}?last; spec 03 §7): all (up to the newest 200), or
 * with `last` (a muid) only those stored after it, for a reconnecting client. Day dividers are left to the client,
 * which knows the reader's time zone (messages carry `created_at` as an instant).
 *
 * @param input `{ actor, ruid, last? }`
 * @returns `{ messages }` oldest first
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esta conversación' for a stranger or unknown rent
 */
export async function listMessages(database: Database, input: { actor: Actor; ruid: string; last?: string }): Promise<{ messages: ChatMessage[] }> {
  await loadRentFor(database, input.actor, input.ruid, rentMessagePolicy, 'read');
  return { messages: await rentsRepository.listMessages(database, input.ruid, input.last, MESSAGES_PAGE_LIMIT) };
}
