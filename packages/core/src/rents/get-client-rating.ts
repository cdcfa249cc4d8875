import type { Database } from '@nj/db';
import { appointmentsRepository } from './appointments-repository.ts';

/**
 * A client's rating from visit reviews, for the public profile (issue 11: '/perfil?u={uid}' shows the ratings and
 * their average). Public: the count and the average only, never who wrote them.
 * @returns `{ count, average }` — average rounded to one decimal, null without reviews
 */
export async function getClientRating(database: Database, input: { cuid: string }): Promise<{ count: number; average: number | null }> {
  return appointmentsRepository.ratingOf(database, input.cuid);
}
