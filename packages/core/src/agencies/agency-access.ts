import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy, type AgencyRecord } from '../policies/agency.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { agenciesRepository, type AgencyRow } from './agencies-repository.ts';
import type { AgencyDb } from './agencies-tables.ts';

/** The agencyPolicy record of `agency` for `actor`: its administrator and the actor's membership state there. */
export async function agencyRecord(db: AgencyDb, actor: Actor, agency: AgencyRow): Promise<AgencyRecord> {
  const mine = actor.cuid ? await agenciesRepository.membershipIn(db, agency.auid, actor.cuid) : undefined;
  return { admin_cuid: agency.admin_cuid, actor_status: mine?.status ?? null, agents_edit_all: agency.agents_edit_all, kind: agency.kind };
}

/**
 * Loads agency `auid` and authorizes `action` of agencyPolicy on it for `actor` (first line of every agency verb).
 * `kinds`: the rows the verb serves (agencies only, unless the verb also serves associations' settings and logo).
 * @throws AppError UNAUTHORIZED unless signed in; NOT_FOUND 'No encontramos esa agencia' (also a row of another
 *   kind); FORBIDDEN as agencyPolicy
 */
export async function loadAgencyFor(
  db: Database | AgencyDb, actor: Actor, auid: string, action: 'manage' | 'list_properties', lock = false,
  kinds: readonly AgencyRow['kind'][] = ['agency'],
): Promise<{ agency: AgencyRow; record: AgencyRecord }> {
  authorize(actor, agencyPolicy, action);
  ownCuid(actor);
  const agency = await agenciesRepository.find(db, auid, lock);
  if (!agency || !kinds.includes(agency.kind)) throw new AppError('NOT_FOUND', M.notFound);
  const record = await agencyRecord(db, actor, agency);
  authorize(actor, agencyPolicy, action, record);
  return { agency, record };
}
