import { PERSON_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { openSealed } from '../security/seal-text.ts';
import { rentPersonsRepository, type RentPersonRow } from './rent-persons-repository.ts';

/** One person's data as its owner reads it (identifiers opened). */
export type RentPerson = Omit<RentPersonRow, 'ruid' | 'cuid' | 'curp_sealed' | 'rfc_sealed' | 'idmex_sealed'> & {
  curp: string | null; rfc: string | null; idmex_code: string | null;
};
/** The people of a rent: each null until someone fills it in. */
export type RentPersons = { renter: RentPerson | null; second_renter: RentPerson | null; aval: RentPerson | null };

/** A stored row with its identifiers opened under `dataKey`. */
export function openPerson(row: RentPersonRow, dataKey: Buffer): RentPerson {
  const open = (v: string | null) => (v === null ? null : openSealed(dataKey, v));
  const { ruid: _r, cuid: _c, curp_sealed, rfc_sealed, idmex_sealed, ...rest } = row;
  return { ...rest, curp: open(curp_sealed), rfc: open(rfc_sealed), idmex_code: open(idmex_sealed) };
}

/**
 * The personal data of rent `ruid` as the renter filled it in (spec 03 §7 'load all personal data of a process';
 * issue 12 'The proposal'): renter, second renter and aval, identifiers opened. Only the renter reads them here:
 * the owner reads the application through GET /v1/rents/review, never the identifiers (issue 12 'Rules').
 * @returns `{ renter, second_renter, aval }`, each RentPerson or null
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner
 */
export async function getRentPersons(deps: { database: Database; dataKey: Buffer }, input: { actor: Actor; ruid: string }): Promise<RentPersons> {
  const { role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'read');
  if (role !== 'renter') throw new AppError('FORBIDDEN', PERSON_MESSAGES.renterOnly);
  const rows = await rentPersonsRepository.list(deps.database, input.ruid);
  const of = (r: RentPersonRow['role']) => {
    const row = rows.find((x) => x.role === r);
    return row ? openPerson(row, deps.dataKey) : null;
  };
  return { renter: of('renter'), second_renter: of('second_renter'), aval: of('aval') };
}
