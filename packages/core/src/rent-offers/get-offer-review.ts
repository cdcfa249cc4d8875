import { type TOfferReview } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { getPublicProfile } from '../profiles/get-public-profile.ts';
import { presentInvestigation } from '../credit-investigation/present-investigation.ts';
import { listReviewDocuments } from '../rent-documents/download-document.ts';
import { getOfferOverview } from './get-offer-overview.ts';
import { offersRepository } from './offers-repository.ts';

/**
 * The 'Solicitud de renta' of rent `ruid` (GET /v1/rents/review?ruid; spec 03 §2 Owner, §3 "Owner's application
 * detail"): the proposal, the renter's public profile (nickname, ratings, e-mail and phone verification — never
 * their contact data) and the investigation (presentInvestigation: score, reasons, matches, is_cr_passed and the
 * spec 03 §6 summary), null until it has run. Both parties may read it — the renter sees what
 * the owner will see — and the owner only once the proposal has been sent (as getOfferOverview). `documents` lists
 * the applicant's documents (kind, person, slug, link): the owner opens watermarked copies (downloadDocument).
 * @returns ZOfferReview
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner before the proposal is sent
 */
export async function getOfferReview(database: Database, input: { actor: Actor; ruid: string }): Promise<TOfferReview> {
  const offer = await getOfferOverview(database, input);
  const row = (await offersRepository.find(database, input.ruid))!;
  const renter = await getPublicProfile(database, { actor: input.actor, uid: row.renter_cuid });
  const documents = await listReviewDocuments(database, { ruid: row.ruid, renter_cuid: row.renter_cuid });
  return { offer, renter, investigation: await presentInvestigation(database, row), documents };
}
