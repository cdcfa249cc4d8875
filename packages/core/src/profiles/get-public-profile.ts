import { presentAdvertiser } from '../properties/present-property.ts';
import { responseBadgeOf } from '../crm/response-badge.ts';
import { PROFILE_MESSAGES, ratingLabel, type TPublicProfile } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { profilePolicy } from '../policies/profile.ts';
import { getClientRating } from '../rents/get-client-rating.ts';
import { profilesRepository } from './profiles-repository.ts';

/** How many commented reviews a profile shows. */
export const PROFILE_REVIEWS_SHOWN = 3;

const yearMonth = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Mexico_City' });

/** 'YYYY-MM' of an instant in Mexico City's calendar (a profile shows only the month and year). */
export function monthOf(date: Date): string {
  const parts = Object.fromEntries(yearMonth.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

/**
 * A client's public profile (GET /api/v1/clients/{uid}/profile, page /perfil?u={uid}; spec 02 §2–§3, issue 11
 * 'Visits': ratings and their average appear on the profile). Only what profilePolicy makes public: nickname, photo
 * URLs, bio, agent and verification flags, the month of sign-up; the rating (count, average to one decimal, its label
 * Baja…Excelente) and the latest PROFILE_REVIEWS_SHOWN reviews that have a comment (rating, label, comment, month —
 * never who wrote them, as getClientRating).
 *
 * @param input `{ actor, uid }` — uid is the client's id (clients.cuid)
 * @returns TPublicProfile
 * @throws AppError NOT_FOUND 'No encontramos este perfil' for an unknown uid or an anonymous client
 */
export async function getPublicProfile(database: Database, input: { actor: Actor; uid: string }): Promise<TPublicProfile> {
  const row = await profilesRepository.findPublic(database, input.uid);
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
  authorize(input.actor, profilePolicy, 'read_public', row);
  const [rating, reviews] = await Promise.all([
    getClientRating(database, { cuid: row.cuid }),
    profilesRepository.latestCommentedReviews(database, row.cuid, PROFILE_REVIEWS_SHOWN),
  ]);
  return {
    uid: row.cuid,
    // The same public columns as a listing's advertiser box; the profile shows only the month of sign-up.
    ...presentAdvertiser(row),
    member_since: monthOf(new Date(row.created_at)),
    response_time: await responseBadgeOf(database, row.cuid),
    rating: { count: rating.count, average: rating.average, label: ratingLabel(rating.average) },
    reviews: reviews.map((r) => ({ rating: r.rating, label: ratingLabel(r.rating), comment: r.comment, month: monthOf(new Date(r.created_at)) })),
  };
}
