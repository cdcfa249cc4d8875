import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { ChatEvents } from './chat-events.ts';
import type { RentStep } from './rent-steps.ts';
import { rentsRepository, type RentRow } from './rents-repository.ts';

/**
 * Moves `rent` to step `to` (already allowed by the transition table), writes the step's system message into the
 * conversation (RENTS_MESSAGES.system[to]) and publishes the step change and the message on `events`.
 * `dynamicContent` joins the system message's dynamic_content (tag, auid, options, datetime). Does nothing when `to`
 * equals the current step, unless
 * `messageEvenIfSameStep` (then only the message is written: a second proposal of times).
 * @throws AppError CONFLICT (conversationClosed) when another request moved the rent first
 */
export async function changeStep(
  deps: { database: Database; events: ChatEvents }, rent: RentRow, to: RentStep, options: { discardReason?: string; systemText?: string; dynamicContent?: Record<string, unknown>; messageEvenIfSameStep?: boolean } = {},
): Promise<void> {
  const same = rent.step === to;
  if (same && !options.messageEvenIfSameStep) return;
  if (!same && !(await rentsRepository.setStep(deps.database, rent.ruid, rent.step, to, options.discardReason))) {
    throw new AppError('CONFLICT', RENTS_MESSAGES.conversationClosed);
  }
  const text = options.systemText ?? (RENTS_MESSAGES.system as Record<string, string>)[to] ?? '';
  const { message } = await rentsRepository.insertMessage(deps.database, {
    ruid: rent.ruid, from_cuid: null, to_cuid: null, cat: 'system', text, dynamic_content: { tag: 'step', step: to, ...options.dynamicContent },
  });
  if (!same) deps.events.publishStepChange({ ruid: rent.ruid, from: rent.step as RentStep, to, renterCuid: rent.renter_cuid, ownerCuid: rent.owner_cuid });
  deps.events.publishMessage({ ruid: rent.ruid, message, from: null, to: null });
}
