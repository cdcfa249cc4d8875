import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { findSiteByHost } from '../sites/find-site-by-host.ts';
import type { Site } from '../sites/site.ts';

/**
 * The registered branded site whose base domain is exactly `returnTo` (issue 15: "return_to only to registered
 * domains (no open redirect)"; decision 031). `returnTo` has passed ZSiteLoginBody (a bare host name, lower case).
 * A host that only resembles a site (`asociacion.test.evil.com`, `www.asociacion.test`) is refused.
 * @throws AppError BAD_REQUEST 'Ese sitio no está registrado con nosotros…' when no site has that base domain
 */
export async function requireSiteForReturnTo(database: Database, returnTo: string): Promise<Site> {
  const site = await findSiteByHost(database, returnTo);
  if (!site || site.base_domain !== returnTo) throw new AppError('BAD_REQUEST', M.unknownSite);
  return site;
}

/**
 * Where the central login sends the browser back: `{scheme}://{base_domain}{:port}/integrations-auth?token&state`.
 * The scheme and port are the product origin's (the branded site is served by this same server: https without a
 * port in production, http://…:3000 on `npm start`).
 * @param productOrigin e.g. 'https://njinmuebles.mx' or 'http://localhost:3000'
 */
export function siteReturnUrl(productOrigin: string, baseDomain: string, token: string, state: string): string {
  const origin = new URL(productOrigin);
  const url = new URL(`${origin.protocol}//${baseDomain}${origin.port ? `:${origin.port}` : ''}/integrations-auth`);
  url.searchParams.set('token', token);
  url.searchParams.set('state', state);
  return url.toString();
}
