import type { Database } from '@nj/db';
import { ASSOCIATION_MESSAGES as M, type TAssociationInfo, type TAssociationsByState } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { logoUrl, type AgencyRow } from '../agencies/agencies-repository.ts';
import { findMexicanState } from '../agencies/create-agency.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { authorize } from '../policies/policy.ts';
import { associationsRepository } from './associations-repository.ts';

/** An association as anyone sees it (spec 01 §3 'Association info'); a private one's site content is its members' only. */
export function presentAssociationInfo(a: AgencyRow): TAssociationInfo {
  return {
    uid: a.auid, name: a.name, logo: logoUrl(a.logo_name), kind: 'association', is_private: a.is_private, has_map: a.has_map,
    website_content: a.is_private ? null : a.website_content, mexican_state: a.mexican_state, base_domain: a.base_domain,
  };
}

/**
 * GET /v1/agencies/associations?mexican_state (issue 15; spec 03 §3 Agency 'associations grouped by mexican_state',
 * §7): the associations (not the super association: agencies do not join it) grouped by state, states and
 * associations by name. `mexicanState` (a state's slug or name, any case or accents) keeps that state only. Public.
 * @returns `{ states: [{ mexican_state, associations: [ZAssociationInfo] }] }`
 * @throws AppError BAD_REQUEST 'Elige un estado de la república de la lista' for an unknown state
 */
export async function listAssociationsByState(database: Database, input: { actor: Actor; mexicanState?: string | undefined }): Promise<TAssociationsByState> {
  authorize(input.actor, associationPolicy, 'list');
  let state: string | null = null;
  if (input.mexicanState) {
    const found = findMexicanState(input.mexicanState);
    if (!found) throw new AppError('BAD_REQUEST', M.stateUnknown, { mexican_state: M.stateUnknown });
    state = found.name;
  }
  const rows = await associationsRepository.listByState(database, state);
  const states: TAssociationsByState['states'] = [];
  for (const row of rows) {
    const last = states[states.length - 1];
    if (last && last.mexican_state === row.mexican_state) last.associations.push(presentAssociationInfo(row));
    else states.push({ mexican_state: row.mexican_state!, associations: [presentAssociationInfo(row)] });
  }
  return { states };
}
