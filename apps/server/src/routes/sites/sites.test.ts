import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, SITE_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { agencyTables } from '@nj/core/agencies/agencies-tables';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { forgetSites } from '@nj/core/sites/find-site-by-host';
import { siteRedirect } from '@nj/core/sites/site-redirect';
import { siteListingsBounds } from '@nj/core/sites/site-listings-repository';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { useTestApp } from '../../testing/test-app.ts';

// Issue 15 'White-label sites' (spec 01 §2 'Association sites', spec 03 §2 'Branded sites'; decision 030): the site
// of a request's Host, its redirect rules and its members-only listings, tested with host headers.
const t = useTestApp();
const uniq = () => Math.random().toString(36).slice(2, 8);
const GDL = 'north=20.8&south=20.5&east=-103.2&west=-103.5';

type Who = { cuid: string; token: string } | null;
function call(who: Who, method: 'GET' | 'POST', url: string, host: string, payload?: unknown) {
  const { app } = t;
  return app.inject({
    method, url, payload: payload as never, headers: { host, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}

/** An association (private or public) with one member agency whose administrator and agent publish, and a stranger's listing. */
async function world(database: Database, isPrivate: boolean) {
  const id = uniq();
  const [assoAdmin, agencyAdmin, agent, stranger] = await Promise.all([1, 2, 3, 4].map(() => createTestClientSession(database)));
  const t2 = agencyTables(database);
  const base = { color_primary: '#ffeb3b', color_secondary: '#1a237e', custom_page_name: `Portal ${id}`, website_content: null, mexican_state: 'Jalisco', logo_name: null, plan: null, plan_expires_at: null };
  await t2.insertInto('agencies').values([
    { ...base, auid: `asso_${id}`, name: `Asociación ${id}`, kind: 'association', admin_cuid: assoAdmin!.cuid, base_domain: `${id}.asociacion.test`, is_private: isPrivate },
    { ...base, auid: `ag_${id}`, name: `Agencia ${id}`, kind: 'agency', admin_cuid: agencyAdmin!.cuid, base_domain: null },
  ]).execute();
  await t2.insertInto('agency_agents').values({ agent_uid: `g_${id}`, auid: `ag_${id}`, cuid: agent!.cuid, status: 'approved' }).execute();
  await t2.insertInto('association_members').values({ asso_uid: `asso_${id}`, auid: `ag_${id}`, status: 'approved' }).execute();
  const [own, assigned, strangers] = await insertTestProperties(database, [
    { lat: 20.67, lng: -103.35, owner_cuid: agencyAdmin!.cuid },
    { lat: 20.68, lng: -103.36, owner_cuid: stranger!.cuid, agent_cuid: agent!.cuid },
    { lat: 20.69, lng: -103.37, owner_cuid: stranger!.cuid },
  ]);
  forgetSites();
  return { id, host: `${id}.asociacion.test`, uid: `asso_${id}`, assoAdmin: assoAdmin!, agencyAdmin: agencyAdmin!, agent: agent!, stranger: stranger!, own: own!, assigned: assigned!, strangers: strangers! };
}

describe('white-label sites by host (issue 15; decision 030)', () => {
  it('POST /api/domain/info answers the site of a domain, a Spanish 404 for others, a 400 for a malformed one', async () => {
    const w = await world(t.database, false);
    const found = await call(null, 'POST', '/api/domain/info', '127.0.0.1:3000', { domain: `WWW.${w.host.toUpperCase()}:8080` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      msg: M.found,
      data: { uid: w.uid, kind: 'association', name: `Asociación ${w.id}`, custom_page_name: `Portal ${w.id}`, base_domain: w.host,
        color_primary: '#ffeb3b', text_on_primary: '#000000', color_secondary: '#1a237e', text_on_secondary: '#ffffff', is_private: false, has_map: true },
    });
    const missing = await call(null, 'POST', '/api/domain/info', '127.0.0.1:3000', { domain: 'nadie.test' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, M.notFound]);
    for (const domain of ['', 'no es un dominio', 'a/b', 42]) {
      const bad = await call(null, 'POST', '/api/domain/info', '127.0.0.1:3000', { domain });
      expect(bad.statusCode, String(domain)).toBe(400);
    }
    expect((await call(null, 'POST', '/api/domain/info', '127.0.0.1:3000', {})).statusCode).toBe(400);
  });

  it('a private site\'s website_content goes only to its members (domain info); a public site\'s to anyone', async () => {
    const w = await world(t.database, true);
    await agencyTables(t.database).updateTable('agencies').set({ website_content: 'Solo socios' }).where('auid', '=', w.uid).execute();
    forgetSites();
    const info = async (who: Who) => (await call(who, 'POST', '/api/domain/info', '127.0.0.1:3000', { domain: w.host })).json().data;
    expect((await info(null)).website_content).toBeNull();
    expect((await info(w.stranger)).website_content).toBeNull();
    expect((await info(w.agent)).website_content).toBe('Solo socios');
    expect((await info(w.assoAdmin)).website_content).toBe('Solo socios');
    const p = await world(t.database, false);
    await agencyTables(t.database).updateTable('agencies').set({ website_content: 'Para todos' }).where('auid', '=', p.uid).execute();
    forgetSites();
    expect((await call(null, 'POST', '/api/domain/info', '127.0.0.1:3000', { domain: p.host })).json().data.website_content).toBe('Para todos');
  });

  it('the first view of a site fits its members\' listings (siteListingsBounds)', async () => {
    const w = await world(t.database, false);
    const b = await siteListingsBounds(t.database, w.uid);
    // Members' listings at 20.67/-103.35 and 20.68/-103.36 (the stranger's at 20.69/-103.37 does not count), padded
    // to at least 0.04° a side.
    expect(b).not.toBeNull();
    expect(b!.north).toBeCloseTo(20.695, 6);
    expect(b!.south).toBeCloseTo(20.655, 6);
    expect(b!.east).toBeCloseTo(-103.335, 6);
    expect(b!.west).toBeCloseTo(-103.375, 6);
    const none = await world(t.database, false);
    await t.database.db.updateTable('properties').set({ is_active: false }).where('puid', 'in', [none.own.puid, none.assigned.puid]).execute();
    expect(await siteListingsBounds(t.database, none.uid)).toBeNull();
  });

  it('a branded host searches only its members\' listings (owner or assigned agent); the product host everyone\'s', async () => {
    const w = await world(t.database, false);
    const search = async (host: string) => {
      const r = await call(null, 'POST', `/api/v1/properties/search?${GDL}&map=1&zoom=12`, host);
      expect(r.statusCode, r.body).toBe(200);
      return new Set((r.json().data.properties as { uid: string }[]).map((p) => p.uid));
    };
    const branded = await search(w.host);
    expect(branded.has(w.own.puid)).toBe(true);
    expect(branded.has(w.assigned.puid)).toBe(true);
    expect(branded.has(w.strangers.puid)).toBe(false);
    expect(branded.size).toBe(2);
    const main = await search('127.0.0.1:3000');
    expect(main.has(w.strangers.puid)).toBe(true);
    // The detail: a non-member's listing is a 404 on the branded host, shown on the product host.
    expect((await call(null, 'GET', `/api/v1/properties/${w.own.slug}`, w.host)).statusCode).toBe(200);
    const hidden = await call(null, 'GET', `/api/v1/properties/${w.strangers.slug}`, w.host);
    expect([hidden.statusCode, hidden.json().msg]).toEqual([404, SEARCH_MESSAGES.propertyNotFound]);
    expect((await call(null, 'GET', `/api/v1/properties/${w.strangers.slug}`, 'localhost')).statusCode).toBe(200);
  });

  it('a public site redirects every other page to /propiedades, for visitors and signed-in clients alike', async () => {
    const w = await world(t.database, false);
    for (const who of [null, w.stranger, w.agent]) {
      for (const path of ['/', '/cuenta', '/chat', '/favoritos', '/mis-propiedades', '/paginas-web?x=1', '/centro-de-ayuda']) {
        const r = await call(who, 'GET', path, w.host);
        expect([path, r.statusCode, r.headers.location]).toEqual([path, 302, '/propiedades']);
      }
      for (const path of ['/propiedades', `/propiedades/${w.own.slug}`, '/propiedades-en-guadalajara', '/casas-en-venta-en-zapopan', '/iniciar-sesion', '/integrations-auth?state=x', '/robots.txt', '/sitemap.xml', '/favicon.svg', '/media/x.webp']) {
        const r = await call(who, 'GET', path, w.host);
        expect([path, r.statusCode]).not.toEqual([path, 302]);
      }
    }
    // The product host and a host no site has are untouched.
    expect((await call(null, 'GET', '/cuenta', '127.0.0.1:3000')).statusCode).not.toBe(302);
    expect((await call(null, 'GET', '/cuenta', 'otra.test')).statusCode).not.toBe(302);
    // The API is never redirected.
    expect((await call(null, 'GET', '/api/v1/nada', w.host)).statusCode).toBe(404);
  });

  it('a private site lets only the listing pages and the login through to non-members; members see their pages', async () => {
    const w = await world(t.database, true);
    const anonymous = await createTestClientSession(t.database, { anonymous: true });
    for (const who of [null, anonymous, w.stranger]) {
      for (const path of ['/', '/propiedades', '/propiedades-en-guadalajara', '/mis-propiedades', '/cuenta']) {
        const r = await call(who, 'GET', path, w.host);
        expect([path, r.statusCode, r.headers.location]).toEqual([path, 302, '/iniciar-sesion']);
      }
      for (const path of [`/propiedades/${w.own.slug}`, '/iniciar-sesion', '/integrations-auth']) {
        expect((await call(who, 'GET', path, w.host)).statusCode).not.toBe(302);
      }
    }
    for (const who of [w.agent, w.agencyAdmin, w.assoAdmin]) {
      for (const path of ['/propiedades', '/mis-propiedades', '/crear-propiedad', `/editar-propiedad/${w.own.puid}`, '/casas']) {
        expect([path, (await call(who, 'GET', path, w.host)).statusCode]).not.toEqual([path, 302]);
      }
      for (const path of ['/', '/cuenta', '/chat', '/favoritos', '/agency-control-panel']) {
        const r = await call(who, 'GET', path, w.host);
        expect([path, r.statusCode, r.headers.location]).toEqual([path, 302, '/propiedades']);
      }
    }
  });
});

describe('siteRedirect (spec 03 §2)', () => {
  it('follows the rules path by path', () => {
    const pub = { is_private: false };
    const priv = { is_private: true };
    expect(siteRedirect(pub, '/', 'none')).toBe('/propiedades');
    expect(siteRedirect(pub, '/PROPIEDADES', 'none')).toBeNull();
    expect(siteRedirect(pub, '/propiedades-contactadas', 'client')).toBe('/propiedades');
    expect(siteRedirect(pub, '/departamentos-en-renta-en-guadalajara', 'none')).toBeNull();
    expect(siteRedirect(pub, '/mis-propiedades', 'member')).toBe('/propiedades');
    expect(siteRedirect(pub, '/assets/app-1234.js', 'none')).toBeNull();
    expect(siteRedirect(pub, '/sitemaps/propiedades-1.xml', 'none')).toBeNull();
    expect(siteRedirect(priv, '/propiedades', 'client')).toBe('/iniciar-sesion');
    expect(siteRedirect(priv, '/propiedades/casa-en-venta-abc', 'none')).toBeNull();
    expect(siteRedirect(priv, '/editar-propiedad/p_1', 'member')).toBeNull();
    // Route data follows its page (React Router single fetch).
    expect(siteRedirect(pub, '/propiedades.data', 'none')).toBeNull();
    expect(siteRedirect(pub, '/_root.data?_routes=root', 'none')).toBe('/propiedades');
    expect(siteRedirect(pub, '/x.data', 'none')).toBe('/propiedades');
    expect(siteRedirect(pub, '/mis-favoritos.data', 'client')).toBe('/propiedades');
    expect(siteRedirect(priv, '/propiedades.data', 'none')).toBe('/iniciar-sesion');
    expect(siteRedirect(priv, '/propiedades-en-guadalajara.data', 'client')).toBe('/iniciar-sesion');
    expect(siteRedirect(priv, '/propiedades.data', 'member')).toBeNull();
    expect(siteRedirect(priv, '/editar-propiedad', 'member')).toBe('/propiedades');
  });
});
