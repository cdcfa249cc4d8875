import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgencyProperty } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { authorize } from '../policies/policy.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { agenciesRepository } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';
import { presentAgencyProperty } from './list-agency-properties.ts';

/**
 * PUT /v1/agencies/{auid}/properties/{puid}/is_active `{ is_active }` (issue 15 'Rules': agents change only the
 * listings assigned to them, or all by agency setting): activates or deactivates a listing of the agency —
 * agencyPolicy 'edit_listing' (the administrator any listing owned in the agency; an approved agent those assigned to
 * them, or all with agents_edit_all). The write moves change_seq, so the search shows or hides it at once; the route
 * ends the listing's early conversations on deactivation, as the owner's own switch does.
 * @returns the listing as the agency's list shows it
 * @throws AppError UNAUTHORIZED; NOT_FOUND agency or listing; FORBIDDEN 'Solo el administrador y los asesores…',
 *   'Solo puedes cambiar las propiedades que la agencia te asignó', 'Esta propiedad es de un propietario fuera…'
 */
export async function setAgencyPropertyActive(database: Database, input: { actor: Actor; auid: string; puid: string; isActive: boolean }): Promise<TAgencyProperty> {
  const { agency, record } = await loadAgencyFor(database, input.actor, input.auid, 'list_properties');
  const find = async () => (await agenciesRepository.listProperties(database, agency, { search: '', status: 'all', limit: 1, offset: 0, puid: input.puid }))[0];
  const listing = await find();
  if (!listing) throw new AppError('NOT_FOUND', M.propertyNotFound);
  authorize(input.actor, agencyPolicy, 'edit_listing', { ...record, listing_agent_cuid: listing.agent_cuid, listing_owned_in_agency: !!listing.owner_member, listing_owner_cuid: listing.owner_cuid });
  if (listing.is_active !== input.isActive) await propertiesRepository.setActive(database.db, input.puid, input.isActive);
  return presentAgencyProperty((await find())!, true);
}
