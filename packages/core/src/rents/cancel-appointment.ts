import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError, isAppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { loadRentFor } from './rent-access.ts';
import { nextStep } from './rent-steps.ts';
import { appointmentsRepository } from './appointments-repository.ts';

/**
 * Either side cancels the visit (issue 11 'Visits'): the current appointment becomes cancelled (by whom is kept),
 * the rent goes back to hello and a system message says so.
 * @throws AppError NOT_FOUND for others; CONFLICT 'Error al cancelar la cita' (spec 02 §8) when there is no visit to
 *   cancel in this step or another request moved the rent first
 */
export async function cancelAppointment(deps: { database: Database; events: ChatEvents }, input: { actor: Actor; ruid: string }): Promise<void> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = nextStep(rent.step, 'cancel_appt', role);
  const appointment = await appointmentsRepository.current(deps.database, rent.ruid);
  if (to === null || !appointment) throw new AppError('CONFLICT', RENTS_MESSAGES.cancelApptFailed);
  try {
    await changeStep(deps, rent, to, { systemText: RENTS_MESSAGES.system.appt_cancelled, dynamicContent: { tag: 'appt_cancel', auid: appointment.auid } });
  } catch (error) {
    if (isAppError(error)) throw new AppError('CONFLICT', RENTS_MESSAGES.cancelApptFailed);
    throw error;
  }
  await appointmentsRepository.update(deps.database, appointment.auid, { status: 'cancelled', cancelled_by: input.actor.cuid! });
}
