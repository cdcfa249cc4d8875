import { APPT_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from './rent-access.ts';
import { appointmentsRepository } from './appointments-repository.ts';

/**
 * One side rates the other after a visit (POST /v1/appts/{auid}/review; spec 03 §7; issue 11 'Visits'): rating 1–5
 * (labels APPT_RATING_LABELS: Baja, Justa, Buena, Muy buena, Excelente), optional comment up to 2,000 characters.
 * Only for a confirmed visit whose end has passed; once per side.
 * @param input `{ actor, auid, rating, comment?, now? }` (`now` in ms, for tests)
 * @returns `{ auid, rating }`
 * @throws AppError BAD_REQUEST 'La calificación debe ser de 1 a 5' / 'Podrás calificar la visita cuando haya
 *   terminado'; NOT_FOUND 'No encontramos esta cita' (unknown, or the actor is not a party); CONFLICT 'Ya calificaste
 *   esta visita'
 */
export async function reviewAppointment(
  database: Database, input: { actor: Actor; auid: string; rating: number; comment?: string | null; now?: number },
): Promise<{ auid: string; rating: number }> {
  const appointment = await appointmentsRepository.find(database, input.auid);
  if (!appointment) throw new AppError('NOT_FOUND', APPT_MESSAGES.apptNotFound);
  const { rent, role } = await loadRentFor(database, input.actor, appointment.ruid, rentPolicy, 'act');
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw new AppError('BAD_REQUEST', APPT_MESSAGES.ratingInvalid);
  if (appointment.status !== 'confirmed' || !appointment.et || appointment.et.getTime() > (input.now ?? Date.now())) {
    throw new AppError('BAD_REQUEST', APPT_MESSAGES.notYetVisited);
  }
  const comment = input.comment?.trim() ? input.comment.trim().slice(0, 2000) : null;
  const stored = await appointmentsRepository.insertReview(database, {
    auid: appointment.auid, reviewer_cuid: input.actor.cuid!, reviewee_cuid: role === 'renter' ? rent.owner_cuid : rent.renter_cuid,
    rating: input.rating, comment,
  });
  if (!stored) throw new AppError('CONFLICT', APPT_MESSAGES.alreadyReviewed);
  return { auid: appointment.auid, rating: input.rating };
}
