import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { appointmentsRepository, type AppointmentRow } from './appointments-repository.ts';
import { RENTS_MESSAGES } from '@nj/contracts';

/**
 * The renter asks for a visit (issue 11 'Visits'; spec 02 §4 tag appt_request): the rent moves hello →
 * appt_requested, a requested appointment is created and the system message carries `{ tag: 'appt_request', auid }`.
 * @returns the new appointment
 * @throws AppError UNAUTHORIZED; NOT_FOUND for others; CONFLICT when not the renter or not at hello
 */
export async function requestAppointment(deps: { database: Database; events: ChatEvents }, input: { actor: Actor; ruid: string }): Promise<AppointmentRow> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = requireTransition(rent, 'request_appt', role);
  const appointment = await appointmentsRepository.insert(deps.database, rent.ruid);
  await changeStep(deps, rent, to, { systemText: RENTS_MESSAGES.system.appt_requested, dynamicContent: { tag: 'appt_request', auid: appointment.auid } });
  return appointment;
}
