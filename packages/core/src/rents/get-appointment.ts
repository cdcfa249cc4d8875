import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from './rent-access.ts';
import { appointmentsRepository, type AppointmentRow } from './appointments-repository.ts';

/**
 * The rent's current visit as one of its parties sees it (GET /v1/rents/{ruid}/appointment; issue 11 'Visits'): the
 * newest appointment that is not cancelled (requested, proposed or confirmed; null when there is none) and whether
 * the reader already rated it, so the page shows the right action (propose, confirm, cancel, rate).
 * @returns `{ appointment: AppointmentRow | null, reviewedByMe: boolean }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for anyone but the two parties
 */
export async function getAppointment(database: Database, input: { actor: Actor; ruid: string }): Promise<{ appointment: AppointmentRow | null; reviewedByMe: boolean }> {
  await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  const appointment = (await appointmentsRepository.current(database, input.ruid)) ?? null;
  const reviewedByMe = appointment ? await appointmentsRepository.hasReviewed(database, appointment.auid, input.actor.cuid!) : false;
  return { appointment, reviewedByMe };
}
