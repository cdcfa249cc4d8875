import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSiteByHost, isSiteMember, registeredCuidOf, siteRedirect, type SiteVisitor } from '@nj/core';
import type { Database } from '@nj/db';
import { isApiPath } from './errors.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * The redirect rules of branded sites, once, before any page is rendered (spec 03 §2 'Branded sites'; spec 01 §2
 * 'Association sites'; issue 15; decision 030): a GET or HEAD of a page on a branded site's host (findSiteByHost)
 * that the site does not show answers 302 to /propiedades (a public site, or a signed-in member of a private one) or
 * to the branded login /iniciar-sesion (a private site, nobody signed in as its member); see core siteRedirect for
 * the paths always let through. The product's own host and every /api path are untouched. The session is read only
 * on a private site's host (to tell a member from anybody else).
 */
export function registerSiteRouting(app: FastifyInstance, options: { database: Database }): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (isApiPath(request.url)) return;
    const site = await findSiteByHost(options.database, request.headers.host).catch(() => null);
    if (!site) return;
    let visitor: SiteVisitor = 'none';
    if (site.is_private && request.cookies[SESSION_COOKIE]) {
      const cuid = registeredCuidOf(await request.getActor().catch(() => undefined));
      if (cuid) visitor = (await isSiteMember(options.database, site.uid, cuid).catch(() => false)) ? 'member' : 'client';
    }
    const target = siteRedirect(site, request.url, visitor);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
