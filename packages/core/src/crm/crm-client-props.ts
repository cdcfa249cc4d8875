import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type TCrmProp } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { crmTables } from './crm-tables.ts';

/**
 * GET /v1/crm/clients/{uid}/props (spec 03 §3 CRM client 'properties', §7): the listings linked to the client.
 * @returns `{ props: [{ puid, title, slug, is_active, created_at }] }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function listCrmClientProps(database: Database, input: { actor: Actor; uid: string }): Promise<{ props: TCrmProp[] }> {
  await loadCrmClientFor(database, input.actor, input.uid, 'read');
  return { props: await crmRepository.listProps(database, input.uid) };
}

/**
 * POST /v1/crm/clients/{uid}/props `{ puid }`: links any existing listing (the CRM's own or one the client looks at
 * elsewhere on the site) to the client; linking again changes nothing.
 * @returns `{ props }` after the change
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND (client, or 'No encontramos esa propiedad')
 */
export async function linkCrmClientProperty(database: Database, input: { actor: Actor; uid: string; puid: string }): Promise<{ props: TCrmProp[] }> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'update');
  const listing = await crmTables(database).selectFrom('properties').select('puid').where('puid', '=', input.puid).executeTakeFirst();
  if (!listing) throw new AppError('NOT_FOUND', M.propertyNotFound);
  await crmRepository.addProp(database, input.uid, input.puid, scope.cuid);
  return { props: await crmRepository.listProps(database, input.uid) };
}

/**
 * DELETE /v1/crm/clients/{uid}/props/{puid}: unlinks the listing.
 * @returns `{ props }` after the change
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND (client, or a listing not linked to it)
 */
export async function unlinkCrmClientProperty(database: Database, input: { actor: Actor; uid: string; puid: string }): Promise<{ props: TCrmProp[] }> {
  await loadCrmClientFor(database, input.actor, input.uid, 'update');
  if (!(await crmRepository.removeProp(database, input.uid, input.puid))) throw new AppError('NOT_FOUND', M.propertyNotFound);
  return { props: await crmRepository.listProps(database, input.uid) };
}
