import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgency, type TUpdateAgencyBody } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agenciesRepository, presentAgency } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';
import { checkAgencyState, checkAssociationState, clashMessage, isUniqueViolation, refuseProductDomain } from './create-agency.ts';
import { forgetSites } from '../sites/find-site-by-host.ts';

/**
 * PUT /v1/agencies/{auid} (issue 15; spec 03 §3 Agency, §7): the administrator changes the agency's (or their
 * association's) settings — name,
 * base_domain, colours, custom_page_name, website_content, mexican_state, has_map, is_private, agents_edit_all, crm_agents_see_all. Only
 * the fields given change (null clears an optional one). mexican_state is one of the 32 states, kept by its name:
 * required for an association (decision 029, never cleared), optional for an agency.
 * A base domain of the product's host is refused; a changed base domain is unverified again (decision 030).
 * The sites' host cache of this process is dropped (forgetSites), so the branded site follows at once here.
 * @returns the agency now
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa agencia'; FORBIDDEN 'Solo el administrador…';
 *   BAD_REQUEST 'Ese dominio es el de NJ Inmuebles…', a state not among the 32; CONFLICT name or domain taken
 */
export async function updateAgency(database: Database, input: { actor: Actor; auid: string; patch: TUpdateAgencyBody; productOrigin?: string }): Promise<TAgency> {
  const p = input.patch;
  await database.db.transaction().execute(async (trx) => {
    const { agency } = await loadAgencyFor(trx, input.actor, input.auid, 'manage', true, ['agency', 'association']);
    refuseProductDomain(p.base_domain, input.productOrigin);
    const domainChanged = p.base_domain !== undefined && p.base_domain !== agency.base_domain;
    const state = p.mexican_state === undefined ? undefined
      : agency.kind === 'association' ? checkAssociationState(p.mexican_state) : checkAgencyState(p.mexican_state);
    if (p.name !== undefined && await agenciesRepository.clash(trx, 'name', p.name, input.auid)) throw new AppError('CONFLICT', M.nameTaken);
    if (p.base_domain && await agenciesRepository.clash(trx, 'base_domain', p.base_domain, input.auid)) throw new AppError('CONFLICT', M.domainTaken);
    const patch = Object.fromEntries(Object.entries({
      name: p.name, base_domain: p.base_domain, color_primary: p.color_primary, color_secondary: p.color_secondary,
      custom_page_name: p.custom_page_name === '' ? null : p.custom_page_name, website_content: p.website_content,
      mexican_state: state === '' ? null : state, has_map: p.has_map, is_private: p.is_private, agents_edit_all: p.agents_edit_all,
      crm_agents_see_all: p.crm_agents_see_all,
      base_domain_verified_at: domainChanged ? null : undefined,
    }).filter(([, v]) => v !== undefined));
    try {
      await agenciesRepository.update(trx, input.auid, patch);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', clashMessage(e));
      throw e;
    }
  });
  forgetSites();
  const agency = await agenciesRepository.find(database, input.auid);
  return presentAgency(agency!, 'admin', await agenciesRepository.countApproved(database, input.auid));
}
