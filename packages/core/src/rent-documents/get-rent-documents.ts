import { PERSON_MESSAGES, type TRentDocuments } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { documentsRepository } from './documents-repository.ts';
import { presentClientDocument, presentDocumentFile, presentProofOfAddress } from './present-documents.ts';
import { readRentIncome } from './update-rent-income.ts';

/**
 * The renter's documents and income data on rent `ruid` (issue 12 'The proposal'; GET /api/v1/rents/{ruid}/documents):
 * their proof of address with its address, proofs of income, the rent's income data and their INE sides. Only the
 * renter reads this (the owner sees watermarked copies through the review, never this list).
 * @returns `{ poa, poi, poi_second, income, ine_front, ine_back }` (files as facts and slugs, each null when missing)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner
 */
export async function getRentDocuments(database: Database, input: { actor: Actor; ruid: string }): Promise<TRentDocuments> {
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  if (role !== 'renter') throw new AppError('FORBIDDEN', PERSON_MESSAGES.renterOnly);
  const rows = (await documentsRepository.listForRent(database, rent.ruid)).filter((r) => r.role === 'renter');
  const identity = await documentsRepository.listIdentity(database, rent.renter_cuid);
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  const ine = (kind: string) => identity.find((r) => r.kind === kind);
  const poa = of('poa');
  const poi = of('poi');
  const poiSecond = of('poi_second');
  const front = ine('ine_front');
  const back = ine('ine_back');
  return {
    poa: poa ? presentProofOfAddress(poa) : null,
    poi: poi ? presentDocumentFile(poi) : null,
    poi_second: poiSecond ? presentDocumentFile(poiSecond) : null,
    income: await readRentIncome(database, rent.ruid),
    ine_front: front ? presentClientDocument(front) : null,
    ine_back: back ? presentClientDocument(back) : null,
  };
}
