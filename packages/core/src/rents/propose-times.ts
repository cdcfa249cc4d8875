import { APPT_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { appointmentsRepository, type AppointmentRow } from './appointments-repository.ts';
import { addDays, dayInZone, isTimeZone, zonedToUtc } from './zoned-time.ts';

/** How long a visit lasts, ms (the end of each proposed time). */
export const VISIT_DURATION_MS = 60 * 60_000;
/** Spec 02 §5 'propose': only the next 7 days from tomorrow. */
export const PROPOSE_WINDOW_DAYS = 7;

/**
 * The owner proposes visit times (issue 11 'Visits'; spec 02 §4 tag appt_propose_time, §5 propose window): 1–5 wall
 * times `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` in the owner's IANA `timeZone`, each on a day from tomorrow to 7
 * days from tomorrow (exclusive) in that zone. Stored as UTC instants (`{ st, et }`, one hour each); the rent moves
 * to appt_confirmation_requested and the system message offers the instants as options for the renter to confirm.
 *
 * @param input `{ actor, ruid, times, timeZone, now? }` (`now` in ms, for tests)
 * @returns the appointment with its proposal
 * @throws AppError BAD_REQUEST (Spanish: zone, count, format, window); NOT_FOUND; CONFLICT when the step or side does
 *   not allow it
 */
export async function proposeTimes(
  deps: { database: Database; events: ChatEvents },
  input: { actor: Actor; ruid: string; times: { date: string; time: string }[]; timeZone: string; now?: number },
): Promise<AppointmentRow> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = requireTransition(rent, 'propose_times', role);
  if (!isTimeZone(input.timeZone)) throw new AppError('BAD_REQUEST', APPT_MESSAGES.timeZoneInvalid);
  if (input.times.length < 1 || input.times.length > 5) throw new AppError('BAD_REQUEST', APPT_MESSAGES.timesRequired);
  const today = dayInZone(input.now ?? Date.now(), input.timeZone);
  const first = addDays(today, 1);
  const last = addDays(today, PROPOSE_WINDOW_DAYS);
  const proposed = input.times.map((t) => {
    const st = zonedToUtc(t.date, t.time, input.timeZone);
    if (!st) throw new AppError('BAD_REQUEST', APPT_MESSAGES.timeInvalid);
    if (t.date < first || t.date > last) throw new AppError('BAD_REQUEST', APPT_MESSAGES.outsideWindow);
    return { st: st.toISOString(), et: new Date(st.getTime() + VISIT_DURATION_MS).toISOString() };
  });
  const unique = [...new Map(proposed.map((p) => [p.st, p])).values()].sort((a, b) => a.st.localeCompare(b.st));
  const appointment = (await appointmentsRepository.current(deps.database, rent.ruid)) ?? (await appointmentsRepository.insert(deps.database, rent.ruid));
  await appointmentsRepository.update(deps.database, appointment.auid, { proposed: unique, time_zone: input.timeZone, status: 'proposed' });
  await changeStep(deps, rent, to, {
    systemText: APPT_MESSAGES.system.appt_proposed(unique.length), messageEvenIfSameStep: true,
    dynamicContent: { tag: 'appt_propose_time', auid: appointment.auid, options: unique.map((p) => p.st), time_zone: input.timeZone },
  });
  return (await appointmentsRepository.find(deps.database, appointment.auid))!;
}
