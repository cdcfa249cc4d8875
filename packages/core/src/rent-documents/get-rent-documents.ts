import { PERSON_MESSAGES, type TRentDocuments } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { documentsRepository } from './documents-repository.ts';
import { presentClientDocument, presentDocumentFile, presentProofOfAddress } from './present-documents.ts';
import { readRentIncome } from './update-rent-income.ts';
import { personRoleIn } from './rent-person-access.ts';

/**
 * The renter's documents and income data on rent `ruid` (issue 12 'The proposal'; GET /api/v1/rents/{ruid}/documents):
 * their proof of address with its address, proofs of income, the rent's income data and their INE sides. The renter
 * reads theirs, the second renter and the aval their own (income data empty: it is the renter's); the owner sees
 * watermarked copies through the review, never this list.
 * @returns `{ poa, poi, poi_second, income, ine_front, ine_back }` (files as facts and slugs, each null when missing)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner (and a party without a person role)
 */
export async function getRentDocuments(database: Database, input: { actor: Actor; ruid: string }): Promise<TRentDocuments> {
  // The second renter and the aval read their own (decision 018: they fill in their own data and proofs).
  const person = await personRoleIn(database, input.ruid, input.actor.cuid);
  if (person === null || person === 'renter') {
    const { role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
    if (role !== 'renter') throw new AppError('FORBIDDEN', PERSON_MESSAGES.renterOnly);
  }
  const who = person ?? 'renter';
  const rows = (await documentsRepository.listForRent(database, input.ruid)).filter((r) => r.role === who);
  const identity = await documentsRepository.listIdentity(database, input.actor.cuid!);
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
    // Income and employer are the renter's (the rent's); the others prove theirs with their files.
    income: who === 'renter' ? await readRentIncome(database, input.ruid) : { total_income: null, work_company_name: null, work_company_phone_number: null, work_company_webpage: null },
    ine_front: front ? presentClientDocument(front) : null,
    ine_back: back ? presentClientDocument(back) : null,
  };
}
