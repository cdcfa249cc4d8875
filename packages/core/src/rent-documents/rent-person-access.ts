import { DOCUMENT_MESSAGES as M, RENTS_MESSAGES, type DocumentPersonRole } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { personDocumentPolicy } from '../policies/person-document.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { rentsRepository, type RentRow } from '../rents/rents-repository.ts';

/**
 * Loads rent `ruid` for `actor` acting as its person `role` on their own documents or income data (issue 12 'The
 * proposal'; spec 03 §5 'Person field save: allowed only in step client_offer_in_process'): the renter as 'renter';
 * the second renter or the aval as themselves (the client rent_persons names for that role). Only while the
 * proposal is editable.
 * @returns the rent
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esta conversación' for an unknown rent or a stranger;
 *   FORBIDDEN 'Solo la persona a quien pertenece el documento…' for a party acting as another person (the owner);
 *   CONFLICT outside client_offer_in_process
 */
export async function loadRentForPerson(database: Database, actor: Actor, ruid: string, role: DocumentPersonRole): Promise<RentRow> {
  authorize(actor, personDocumentPolicy, 'manage_own');
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  const personCuid = role === 'renter'
    ? rent.renter_cuid
    : (await database.db.selectFrom('rent_persons').select('cuid').where('ruid', '=', ruid).where('role', '=', role).executeTakeFirst())?.cuid ?? null;
  if (personCuid === null || personCuid !== actor.cuid) {
    const isParty = actor.cuid === rent.renter_cuid || actor.cuid === rent.owner_cuid;
    if (isParty) throw new AppError('FORBIDDEN', M.ownOnly);
    throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  }
  requireTransition(rent, 'edit_offer', 'renter');
  return rent;
}

/**
 * Which person of rent `ruid` client `cuid` is: 'renter' for its renter, else the role rent_persons names them in
 * (second renter, aval), else null (the owner, a stranger, an unknown rent).
 */
export async function personRoleIn(database: Database, ruid: string, cuid: string | null): Promise<DocumentPersonRole | null> {
  if (cuid === null) return null;
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) return null;
  if (rent.renter_cuid === cuid) return 'renter';
  const row = await database.db.selectFrom('rent_persons').select('role').where('ruid', '=', ruid).where('cuid', '=', cuid)
    .where('role', 'in', ['second_renter', 'aval']).orderBy('role').executeTakeFirst();
  return (row?.role as DocumentPersonRole | undefined) ?? null;
}
