import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { listRents, type RentSummary } from './list-rents.ts';
import { loadRentFor } from './rent-access.ts';

/**
 * One rent as its party sees it (GET /v1/rents/{id}; spec 03 §7): the listing's title, photo, price snapshot, step
 * label and colour, the reader's side and unread count.
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esta conversación' for a stranger or unknown rent
 */
export async function getRent(database: Database, input: { actor: Actor; ruid: string }): Promise<RentSummary> {
  await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  const [rent] = (await listRents(database, { actor: input.actor, side: 'any', ruid: input.ruid })).rents;
  if (!rent) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  return rent;
}
