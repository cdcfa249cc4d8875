import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type TCrmProp } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { propertyKey } from '../search/get-property.ts';

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
 * The findOne key of what a user typed to name a listing (decision 032): its uid ('p_…'), its number as the site
 * shows it ('NJ-8FA5B1F7', any case, or the hex digits alone), or the address of its page (…/propiedades/{slug|code},
 * with or without scheme and host). Null when it can name none (e.g. an address of another page).
 */
export function listingRefKey(ref: string): { puid?: string; slug?: string; njUid?: string } | null {
  let raw = ref.trim();
  if (/^https?:\/\//i.test(raw) || raw.includes('/')) {
    let path: string;
    try {
      // 'https://…', a path '/propiedades/…', or a host without scheme 'www.…/propiedades/…'.
      path = /^https?:\/\//i.test(raw) ? new URL(raw).pathname : raw.startsWith('/') ? new URL(raw, 'https://nj.invalid').pathname : new URL(`https://${raw}`).pathname;
    } catch {
      return null;
    }
    const segment = /\/propiedades\/([^/]+)\/?$/.exec(path)?.[1];
    if (!segment) return null;
    try {
      raw = decodeURIComponent(segment);
    } catch {
      return null;
    }
  }
  // The hex digits alone: the code without 'NJ-' (or, just in case, a uid spelt the same way).
  if (/^[0-9a-f]{1,32}$/i.test(raw)) return { puid: raw, njUid: raw.toLowerCase() };
  return propertyKey(raw);
}

/**
 * POST /v1/crm/clients/{uid}/props `{ puid }`: links any existing listing (the CRM's own or one the client looks at
 * elsewhere on the site) to the client; linking again changes nothing. `puid` may be the listing's uid, its number
 * 'NJ-…' (any case, with or without the prefix) or its page's address (listingRefKey).
 * @returns `{ props }` after the change
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND (client, or 'No encontramos esa propiedad' for a reference
 *   that names no listing)
 */
export async function linkCrmClientProperty(database: Database, input: { actor: Actor; uid: string; puid: string }): Promise<{ props: TCrmProp[] }> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'update');
  const key = listingRefKey(input.puid);
  const listing = key ? await propertiesRepository.findOne(database, key) : undefined;
  if (!listing) throw new AppError('NOT_FOUND', M.propertyNotFound);
  await crmRepository.addProp(database, input.uid, listing.puid, scope.cuid);
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
