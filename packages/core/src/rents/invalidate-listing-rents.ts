import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { stepsAllowing } from './rent-steps.ts';
import { rentsRepository } from './rents-repository.ts';

/**
 * Ends the conversations of listing `puid` that its owner withdrew (deactivated) before an offer was accepted: each
 * rent in a step the transition table lets the owner `invalidate` (hello … on_offer) moves to `property_invalid`
 * (spec 03 §4: 'Propiedad inválida', terminal), with the system message 'El anunciante retiró esta propiedad…' in
 * the conversation and the step change published, so the renter's open page shows the spec's cancellation and
 * sends them to /propiedades-contactadas. Rents past acceptance (contract, rented) are left as they are. A rent
 * another request moves at the same moment is skipped. Called after the listing's deactivation has committed.
 * @returns how many conversations were ended
 */
export async function invalidateListingRents(deps: { database: Database; events: ChatEvents }, puid: string): Promise<number> {
  const rents = await rentsRepository.listByListingInSteps(deps.database, puid, stepsAllowing('invalidate', 'owner'));
  let ended = 0;
  for (const rent of rents) {
    try {
      await changeStep(deps, rent, 'property_invalid');
      ended += 1;
    } catch (error) {
      // Moved by another request in between (CONFLICT): that request's step stands.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
  return ended;
}
