import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import type { ChatEvents } from './chat-events.ts';
import { loadRentFor } from './rent-access.ts';
import { rentsRepository, type ChatMessage } from './rents-repository.ts';

/**
 * A party chooses one of a message's quick buttons (PUT /v1/messages/so?muid&so; spec 03 §4 'Chat buttons: a
 * selection becomes the selected option of that message'): `so` must be one of `dynamic_content.options`; the
 * sender of the message cannot answer their own. Stored as dynamic_content.selected_option and published
 * (on_selected_option). Choosing again replaces the selection.
 * @returns the message as stored now
 * @throws AppError NOT_FOUND 'No encontramos este mensaje' (unknown muid) or for a stranger; BAD_REQUEST 'Esa opción no
 *   está disponible'
 */
export async function selectOption(
  deps: { database: Database; events: ChatEvents }, input: { actor: Actor; muid: string; option: string },
): Promise<ChatMessage> {
  const message = await rentsRepository.findMessage(deps.database, input.muid);
  if (!message) throw new AppError('NOT_FOUND', RENTS_MESSAGES.messageNotFound);
  await loadRentFor(deps.database, input.actor, message.ruid, rentMessagePolicy, 'send');
  const options = Array.isArray(message.dynamic_content?.options) ? (message.dynamic_content.options as unknown[]) : [];
  if (message.from_cuid === input.actor.cuid || !options.includes(input.option)) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.optionInvalid);
  await rentsRepository.selectOption(deps.database, message.muid, input.option);
  const stored = (await rentsRepository.findMessage(deps.database, message.muid))!;
  deps.events.publishSelectedOption({ ruid: message.ruid, message: stored, by: input.actor.cuid! });
  return stored;
}
