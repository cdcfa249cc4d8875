import type { TSiteLoginStart } from '@nj/contracts';
import type { Database } from '@nj/db';
import { authorize } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { siteLoginPolicy } from '../policies/site-login.ts';
import { requireSiteForReturnTo } from './site-login-site.ts';

/**
 * POST /v1/auth/start (spec 03 §7; issue 15 'Branded login'): the central login page asks which site sent the
 * person and whether they are already signed in here. Changes nothing.
 * @param input.returnTo the site's base domain (validated host name); input.state is checked by the contract only
 * @returns `{ site: { uid, name, logo, custom_page_name, base_domain, color_primary, text_on_primary, is_private },
 *   signed_in }` — signed_in true for a registered (not anonymous) client
 * @throws AppError BAD_REQUEST 'Ese sitio no está registrado…' for a domain no site has
 */
export async function startSiteLogin(database: Database, input: { actor: Actor; returnTo: string }): Promise<TSiteLoginStart> {
  authorize(input.actor, siteLoginPolicy, 'start');
  const site = await requireSiteForReturnTo(database, input.returnTo);
  return {
    site: {
      uid: site.uid, name: site.name, logo: site.logo, custom_page_name: site.custom_page_name, base_domain: site.base_domain,
      color_primary: site.color_primary, text_on_primary: site.text_on_primary, is_private: site.is_private,
    },
    signed_in: input.actor.kind === 'registered',
  };
}
