import { APPT_MESSAGES, RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { appointmentsRepository, type AppointmentRow } from './appointments-repository.ts';
import { enqueueVisitNotifications } from './notify-visit.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * The renter confirms one proposed time (issue 11 'Visits'; spec 02 §4 tag appt_confirm_request, §5 'confirm: only
 * dates among the given times'): `st` (an ISO instant) must be one of the proposal's; the appointment stores it with
 * its end and zone, the rent moves to appt_assist and the system message carries `datetime` for the confirmed modal.
 * Then both parties' confirmation e-mails (with the .ics invitation) and the reminder two hours before are enqueued
 * (notify-visit.ts); `renterTimeZone` (the renter's IANA zone, optional) sets the zone of the renter's e-mails.
 * @throws AppError BAD_REQUEST 'Ese horario no está entre los propuestos' / 'La zona horaria no es válida'; NOT_FOUND;
 *   CONFLICT when not allowed
 */
export async function confirmAppointment(
  deps: { database: Database; events: ChatEvents }, input: { actor: Actor; ruid: string; st: string; renterTimeZone?: string | null },
): Promise<AppointmentRow> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = requireTransition(rent, 'confirm_appt', role);
  if (input.renterTimeZone != null && !isTimeZone(input.renterTimeZone)) throw new AppError('BAD_REQUEST', APPT_MESSAGES.timeZoneInvalid);
  const appointment = await appointmentsRepository.current(deps.database, rent.ruid);
  if (!appointment) throw new AppError('NOT_FOUND', APPT_MESSAGES.apptNotFound);
  const wanted = Date.parse(input.st);
  const chosen = appointment.proposed.find((p) => Date.parse(p.st) === wanted);
  if (!chosen) throw new AppError('BAD_REQUEST', APPT_MESSAGES.notProposed);
  await appointmentsRepository.update(deps.database, appointment.auid, { st: new Date(chosen.st), et: new Date(chosen.et), status: 'confirmed' });
  await changeStep(deps, rent, to, {
    systemText: RENTS_MESSAGES.system.appt_assist,
    dynamicContent: { tag: 'appt_confirm_request', auid: appointment.auid, datetime: chosen.st, time_zone: appointment.time_zone },
  });
  await enqueueVisitNotifications(deps.database.db, { auid: appointment.auid, st: new Date(chosen.st) }, { renterTimeZone: input.renterTimeZone });
  return (await appointmentsRepository.find(deps.database, appointment.auid))!;
}
