import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgencyProperty } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { agenciesRepository } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';
import { presentAgencyProperty } from './list-agency-properties.ts';

/**
 * POST /v1/agencies/{auid}/properties/{puid}/assign `{ agent_uid | null }` (issue 15; spec 03 §6 'can assign
 * properties to agents', §7): the administrator assigns a listing of the agency to one of its approved agents, or
 * takes the agent off (null). It is the listing's agent of issue 11 (properties.agent_cuid, migration 021): new
 * conversations about it go to that agent.
 * @returns the listing as the agency's list shows it
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa agencia' / '…esa propiedad entre las de tu agencia';
 *   FORBIDDEN 'Solo el administrador…' or 'Esta propiedad es de un propietario fuera de la agencia…' (its owner
 *   is not the administrator nor an approved agent); BAD_REQUEST 'Solo puedes asignar propiedades a asesores aprobados…'
 */
export async function assignAgencyProperty(database: Database, input: { actor: Actor; auid: string; puid: string; agentUid: string | null }): Promise<TAgencyProperty> {
  const { agency } = await loadAgencyFor(database, input.actor, input.auid, 'manage');
  const find = async () => (await agenciesRepository.listProperties(database, agency, { search: '', status: 'all', limit: 1, offset: 0, puid: input.puid }))[0];
  const listing = await find();
  if (!listing) throw new AppError('NOT_FOUND', M.propertyNotFound);
  if (!listing.owner_member) throw new AppError('FORBIDDEN', M.ownerOutside);
  let agentCuid: string | null = null;
  if (input.agentUid !== null) {
    const m = await agenciesRepository.findMembership(database, input.agentUid);
    if (!m || m.auid !== agency.auid || m.status !== 'approved') throw new AppError('BAD_REQUEST', M.notApprovedAgent);
    agentCuid = m.cuid;
  }
  await propertiesRepository.setAgent(database.db, input.puid, agentCuid);
  return presentAgencyProperty((await find())!, true);
}
