import { PERSON_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { loadRentMember } from '../rent-guarantors/rent-membership.ts';
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

/** Which people each member of a rent reads (issue 12 'Rules'): the aval only themself, the second renter both tenants. */
const VISIBLE: Record<'renter' | 'second_renter' | 'aval', readonly RentPersonRow['role'][]> = {
  renter: ['renter', 'second_renter', 'aval'], second_renter: ['renter', 'second_renter'], aval: ['aval'],
};

/**
 * The personal data of rent `ruid` (spec 03 §7 'load all personal data of a process'; issue 12 'The proposal',
 * 'Rules'): the renter reads renter, second renter and aval; the second renter (once they accepted) both tenants;
 * the aval only themself. Each person's CURP, RFC and IDMEX are opened only for that person: nobody reads another
 * person's sealed identifiers. The owner reads the application through GET /v1/rents/review, never these.
 * @returns `{ renter, second_renter, aval }`, each RentPerson or null (null also when the reader may not see it)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner and support
 */
export async function getRentPersons(deps: { database: Database; dataKey: Buffer }, input: { actor: Actor; ruid: string }): Promise<RentPersons> {
  const { role } = await loadRentMember(deps.database, input.actor, input.ruid, 'read_process');
  if (role === 'owner' || role === 'support') throw new AppError('FORBIDDEN', PERSON_MESSAGES.renterOnly);
  const rows = await rentPersonsRepository.list(deps.database, input.ruid);
  const of = (r: RentPersonRow['role']) => {
    const row = rows.find((x) => x.role === r);
    if (!row || !VISIBLE[role].includes(r)) return null;
    const person = openPerson(row, deps.dataKey);
    return r === role ? person : { ...person, curp: null, rfc: null, idmex_code: null };
  };
  return { renter: of('renter'), second_renter: of('second_renter'), aval: of('aval') };
}
