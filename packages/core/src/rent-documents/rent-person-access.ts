import { DOCUMENT_MESSAGES as M, RENTS_MESSAGES, type DocumentPersonRole } from '@nj/contracts';
import { sql } from 'kysely';
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
 * the second renter or the aval as themselves (the client who accepted the invitation for that role, or whom
 * rent_persons names for it). Only while the
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
  const personCuid = role === 'renter' ? rent.renter_cuid : await invitedPersonCuid(database, ruid, role);
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
 * (second renter, aval) or accepted their invitation as, else null (the owner, a stranger, an unknown rent).
 */
export async function personRoleIn(database: Database, ruid: string, cuid: string | null): Promise<DocumentPersonRole | null> {
  if (cuid === null) return null;
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) return null;
  if (rent.renter_cuid === cuid) return 'renter';
  for (const role of ['aval', 'second_renter'] as const) {
    if ((await invitedPersonCuid(database, ruid, role)) === cuid) return role;
  }
  return null;
}

/**
 * The client who is rent `ruid`'s `role` (second renter or aval): the one who accepted the current invitation for it
 * (rent_invitations, decision 018), else the one rent_persons names; null when nobody is.
 */
async function invitedPersonCuid(database: Database, ruid: string, role: 'second_renter' | 'aval'): Promise<string | null> {
  const invited = await sql<{ cuid: string }>`
    SELECT cuid FROM rent_invitations WHERE ruid = ${ruid} AND role = ${role} AND status = 'accepted' AND cuid IS NOT NULL LIMIT 1`.execute(database.db);
  if (invited.rows[0]) return invited.rows[0].cuid;
  return (await database.db.selectFrom('rent_persons').select('cuid').where('ruid', '=', ruid).where('role', '=', role).executeTakeFirst())?.cuid ?? null;
}
