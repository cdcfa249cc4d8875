import { sql } from 'kysely';
import { RENTS_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import type { ChatEvents } from './chat-events.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { rentsRepository, type ChatMessage } from './rents-repository.ts';
import { notifyUnlessConnected } from './send-message.ts';

/** The tag of the chat message that asks for an identity check (its `dynamic_content.tag`). */
export const IDENTITY_REQUEST_TAG = 'identity_request';
/** One request per rent and person within this long (ms). */
export const IDENTITY_REQUEST_EVERY_MS = 24 * 60 * 60_000;

/**
 * A party of rent `ruid` asks the other party `cuid` to verify their identity with their INE (spec 03 §7 POST
 * /v1/messages/{ruid}/validate-identity/{cuid}; spec 02 §7 chat calls): a message in the conversation from the caller
 * to `cuid` ('{nickname} te pide verificar tu identidad…', `dynamic_content.tag` 'identity_request'), published in
 * real time and notified offline like any message; the browser shows the receiver 'Verificar mi identidad'.
 * @returns the stored message
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger, or a `cuid` that is not the other party ('Esa persona no
 *   forma parte…'); BAD_REQUEST for oneself; CONFLICT for a blocked or closed conversation, or a person already
 *   verified ('Esta persona ya verificó su identidad'); RATE_LIMITED for a second request within 24 h
 */
export async function requestIdentityValidation(
  deps: { database: Database; events: ChatEvents },
  input: { actor: Actor; ruid: string; cuid: string },
): Promise<ChatMessage> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentMessagePolicy, 'send');
  const from = input.actor.cuid!;
  if (input.cuid === from) throw new AppError('BAD_REQUEST', M.identityRequestSelf);
  const other = role === 'renter' ? rent.owner_cuid : rent.renter_cuid;
  if (input.cuid !== other) throw new AppError('NOT_FOUND', M.identityRequestNotParty);
  requireTransition(rent, 'send_message', role);
  const people = (await sql<{ cuid: string; nickname: string | null; is_identity_verified: boolean }>`
    SELECT cuid, nickname, is_identity_verified FROM clients WHERE cuid IN (${from}, ${other})`.execute(deps.database.db)).rows;
  if (people.find((p) => p.cuid === other)?.is_identity_verified) throw new AppError('CONFLICT', M.identityAlreadyVerified);
  const recent = await sql<{ one: number }>`
    SELECT 1 AS one FROM rent_messages
    WHERE ruid = ${rent.ruid} AND to_cuid = ${other} AND cat = 'system' AND dynamic_content::jsonb ->> 'tag' = ${IDENTITY_REQUEST_TAG}
      AND created_at > ${new Date(Date.now() - IDENTITY_REQUEST_EVERY_MS)}
    LIMIT 1`.execute(deps.database.db);
  if (recent.rows.length > 0) throw new AppError('RATE_LIMITED', M.identityRequestRecent);
  const nickname = people.find((p) => p.cuid === from)?.nickname ?? '';
  const stored = await rentsRepository.insertMessage(deps.database, {
    ruid: rent.ruid, from_cuid: from, to_cuid: other, cat: 'system', text: M.identityRequestText(nickname),
    dynamic_content: { tag: IDENTITY_REQUEST_TAG },
  }, notifyUnlessConnected(deps.events, other));
  deps.events.publishMessage({ ruid: rent.ruid, message: stored.message, from, to: other });
  return stored.message;
}
