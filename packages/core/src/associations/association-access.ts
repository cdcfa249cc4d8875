import type { Database } from '@nj/db';
import { ASSOCIATION_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository, type AgencyRow } from '../agencies/agencies-repository.ts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { authorize } from '../policies/policy.ts';

/**
 * Loads association `assoUid` and authorizes associationPolicy 'manage' on it for `actor` (first line of the
 * administrator's verbs).
 * @throws AppError UNAUTHORIZED / FORBIDDEN without association_admin; NOT_FOUND 'No encontramos esa asociación' for
 *   an unknown uid or an agency's; FORBIDDEN 'Solo el administrador de la asociación…' for anyone but its administrator
 */
export async function loadAssociationFor(db: Database | AgencyDb, actor: Actor, assoUid: string, lock = false): Promise<AgencyRow> {
  authorize(actor, associationPolicy, 'manage');
  const row = await agenciesRepository.find(db, assoUid, lock);
  if (!row || row.kind !== 'association') throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, associationPolicy, 'manage', { admin_cuid: row.admin_cuid });
  return row;
}
