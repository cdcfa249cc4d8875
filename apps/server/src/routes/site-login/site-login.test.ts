import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES, SITE_LOGIN_MESSAGES as M, SITE_MESSAGES, ZSiteLoginStart } from '@nj/contracts';
import { agencyTables } from '@nj/core/agencies/agencies-tables';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { findSession } from '@nj/core/sessions/find-session';
import { forgetSites } from '@nj/core/sites/find-site-by-host';
import { siteLoginTables } from '@nj/core/site-login/site-login-tables';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { csrfFor, TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';

// The product host of these tests: the answer's URL takes its scheme and port.
const t = useTestApp({ PRODUCT_HOST: '127.0.0.1:4321' });
const uniq = () => Math.random().toString(36).slice(2, 8);
const STATE = 'AbC123xyZ789';

/** A public agency site and a private association whose one member agency is run by `member`. */
async function sites() {
  const { database } = t;
  const pubAdmin = await createTestClientSession(database);
  const assoAdmin = await createTestClientSession(database);
  const member = await createTestClientSession(database);
  const outsider = await createTestClientSession(database);
  const anonymous = await createTestClientSession(database, { anonymous: true });
  const id = uniq();
  const pub = `pub-${id}.test`;
  const priv = `priv-${id}.test`;
  const base = { color_primary: null, color_secondary: null, custom_page_name: null, website_content: null, mexican_state: null, logo_name: null, plan: null, plan_expires_at: null };
  const tables = agencyTables(database);
  await tables.insertInto('agencies').values([
    { ...base, auid: `ag_pub_${id}`, name: `Inmobiliaria ${id}`, kind: 'agency', admin_cuid: pubAdmin.cuid, base_domain: pub, custom_page_name: 'Casas Públicas' },
    { ...base, auid: `as_priv_${id}`, name: `Asociación ${id}`, kind: 'association', admin_cuid: assoAdmin.cuid, base_domain: priv, is_private: true, color_primary: '#ffeb3b' },
    { ...base, auid: `ag_mem_${id}`, name: `Miembro ${id}`, kind: 'agency', admin_cuid: member.cuid, base_domain: null },
  ]).execute();
  await tables.insertInto('association_members').values({ asso_uid: `as_priv_${id}`, auid: `ag_mem_${id}`, status: 'approved' }).execute();
  forgetSites();
  return { pub, priv, pubUid: `ag_pub_${id}`, memberAgency: `ag_mem_${id}`, assoUid: `as_priv_${id}`, member, outsider, anonymous, assoAdmin };
}

/** POST /api/v1/auth/continue as `who`; the token and URL of a 200 answer. */
async function issue(who: { token: string }, returnTo: string, state = STATE) {
  const res = await callAs(t.app, who, 'POST', '/api/v1/auth/continue', { return_to: returnTo, state });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.redirect_url as string);
  return { url, token: url.searchParams.get('token')! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('central login of branded sites (issue 15; spec 03 §2, §5, §7 POST /v1/auth/*)', () => {
  it('start: names the registered site and whether the caller is signed in; anything else is a Spanish 400', async () => {
    const s = await sites();
    const visitor = await callAs(t.app, null, 'POST', '/api/v1/auth/start', { return_to: s.pub, state: STATE });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(ZSiteLoginStart.parse(visitor.json().data)).toMatchObject({ site: { name: expect.stringContaining('Inmobiliaria'), custom_page_name: 'Casas Públicas', base_domain: s.pub, is_private: false }, signed_in: false });
    expect((await callAs(t.app, s.anonymous, 'POST', '/api/v1/auth/start', { return_to: s.pub, state: STATE })).json().data.signed_in).toBe(false);
    const signedIn = await callAs(t.app, s.outsider, 'POST', '/api/v1/auth/start', { return_to: s.priv.toUpperCase(), state: STATE });
    expect(signedIn.json().data).toMatchObject({ site: { base_domain: s.priv, is_private: true, text_on_primary: '#000000' }, signed_in: true });

    // Open-redirect attempts and malformed bodies: 400 with a Spanish message, for start and continue alike.
    const bad: unknown[] = [
      { return_to: 'evil.com', state: STATE }, { return_to: `${s.pub}.evil.com`, state: STATE }, { return_to: `//evil.com`, state: STATE },
      { return_to: `https://${s.pub}`, state: STATE }, { return_to: `${s.pub}/x`, state: STATE }, { return_to: `${s.pub}:8080`, state: STATE },
      { return_to: `evil.com@${s.pub}`, state: STATE }, { return_to: `www.${s.pub}`, state: STATE }, { return_to: `${s.pub}\\@evil.com`, state: STATE },
      { return_to: '', state: STATE }, { return_to: 7, state: STATE }, { return_to: s.pub }, { return_to: s.pub, state: 'corto' },
      { return_to: s.pub, state: 'AbC123xyZ78!' }, { return_to: s.pub, state: `${STATE}0` }, {}, [], 'x',
    ];
    for (const body of bad) {
      for (const path of ['/api/v1/auth/start', '/api/v1/auth/continue']) {
        const res = await callAs(t.app, s.outsider, 'POST', path, body);
        expect([400, 415], `${path} ${JSON.stringify(body)}`).toContain(res.statusCode);
        expect(res.json().msg).toMatch(/[a-záéíóú]/i);
        expect(res.body).not.toContain('redirect_url');
      }
    }
    expect((await callAs(t.app, null, 'POST', '/api/v1/auth/start', { return_to: 'evil.com', state: STATE })).json().msg).toBe(M.unknownSite);
    expect((await callAs(t.app, null, 'POST', '/api/v1/auth/start', { return_to: '//evil.com', state: STATE })).json().msg).toBe(M.returnToInvalid);
    expect(await siteLoginTables(t.database).selectFrom('site_login_tokens').select('token_hash').execute()).toEqual([]);
  });

  it('continue: signed-in clients only; a private site only its members; the URL goes to the site with token and state', async () => {
    const s = await sites();
    for (const who of [null, s.anonymous]) {
      const res = await callAs(t.app, who, 'POST', '/api/v1/auth/continue', { return_to: s.pub, state: STATE });
      expect([res.statusCode, res.json().msg]).toEqual([401, COMMON_MESSAGES.loginRequired]);
    }
    const refused = await callAs(t.app, s.outsider, 'POST', '/api/v1/auth/continue', { return_to: s.priv, state: STATE });
    expect([refused.statusCode, refused.json().msg]).toEqual([403, M.membersOnly]);
    const { url, token } = await issue(s.outsider, s.pub);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`http://${s.pub}:4321/integrations-auth`);
    expect(url.searchParams.get('state')).toBe(STATE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, bound to the site and the state, two minutes.
    const row = await siteLoginTables(t.database).selectFrom('site_login_tokens').selectAll().where('cuid', '=', s.outsider.cuid).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(row).toMatchObject({ site_uid: s.pubUid, state: STATE, used_at: null });
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(2 * 60_000 + 5_000);
    // Members of the private association (through their agency) and its administrator may.
    await issue(s.member, s.priv);
    await issue(s.assoAdmin, s.priv);
  });

  it('loginwithtoken: once, on the site\'s own host, with its state, before it expires; nothing changes otherwise', async () => {
    const s = await sites();
    const { token } = await issue(s.outsider, s.pub);
    const branded = new TestBrowser(t.app);
    const exchange = (body: unknown, host: string) => branded.call('POST', '/api/v1/auth/loginwithtoken', body, { host });
    const spent = async () => (await siteLoginTables(t.database).selectFrom('site_login_tokens').select('used_at').where('cuid', '=', s.outsider.cuid).executeTakeFirstOrThrow()).used_at;

    // Wrong state, another site's host, the product host, malformed: refused, the token stays unspent.
    const wrongState = await exchange({ token, state: 'ZZZ123xyZ789' }, `${s.pub}:4321`);
    expect([wrongState.statusCode, wrongState.json().msg]).toEqual([400, M.tokenInvalid]);
    expect((await exchange({ token, state: STATE }, s.priv)).json().msg).toBe(M.tokenInvalid);
    expect((await exchange({ token, state: STATE }, '127.0.0.1:4321')).json().msg).toBe(M.notABrandedSite);
    for (const body of [{ token: 'corto', state: STATE }, { token, state: 'x' }, { token }, {}, 'x']) {
      const res = await exchange(body, s.pub);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.json().msg).toMatch(/[a-záéíóú]/i);
    }
    expect(await spent()).toBeNull();
    expect(branded.cookies[SESSION_COOKIE]).toBeUndefined();

    // The right host and state: a new session for the same client, with a CSRF token bound to it.
    const ok = await exchange({ token, state: STATE }, `${s.pub.toUpperCase()}:4321`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ cuid: s.outsider.cuid, redirect_to: '/propiedades' });
    const sid = branded.cookies[SESSION_COOKIE]!;
    expect(sid).toBeTruthy();
    expect(sid).not.toBe(s.outsider.token);
    expect(await findSession({ database: t.database, token: sid })).toMatchObject({ cuid: s.outsider.cuid, isAnonymous: false });
    expect(ok.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(ok.cookies.find((c) => c.name === CSRF_COOKIE)).toBeDefined();
    expect(await spent()).not.toBeNull();

    // A replay (from this browser or another) is refused.
    expect((await exchange({ token, state: STATE }, s.pub)).json().msg).toBe(M.tokenInvalid);
    expect((await new TestBrowser(t.app).call('POST', '/api/v1/auth/loginwithtoken', { token, state: STATE }, { host: s.pub })).statusCode).toBe(400);
  });

  it('a session made on a branded site counts only on that host, and there only for what the site offers (decision 031)', async () => {
    const s = await sites();
    const { token } = await issue(s.outsider, s.pub);
    const branded = new TestBrowser(t.app);
    const onSite = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, host = s.pub) => branded.call(method, url, body, { host });
    expect((await onSite('POST', '/api/v1/auth/loginwithtoken', { token, state: STATE })).statusCode).toBe(200);
    const sid = branded.cookies[SESSION_COOKIE]!;
    expect(await findSession({ database: t.database, token: sid })).toMatchObject({ cuid: s.outsider.cuid, siteUid: s.pubUid });

    // What the site offers: the client session, my properties, search.
    const me = await onSite('GET', '/api/v1/client');
    expect([me.statusCode, me.json().data?.client?.cuid], me.body).toEqual([200, s.outsider.cuid]);
    expect((await onSite('GET', '/api/v1/properties/my')).statusCode).toBe(200);
    expect((await onSite('POST', '/api/v1/properties/search?north=20.8&south=20.5&east=-103.2&west=-103.5')).statusCode).toBe(200);

    // Everything else: a Spanish 403, nothing done.
    const refused: [string, string, unknown?][] = [
      ['GET', `/api/v1/client/${s.outsider.cuid}/bank-accounts`],
      ['POST', '/api/v1/client/bank-accounts', { clabe: '002010077777777771', holder: 'Alguien' }],
      ['GET', '/api/v1/client/payments'],
      ['POST', '/api/v1/auth/update-password', { password: 'una-clave-nueva-larga-1', new_password: 'otra-clave-nueva-larga-2' }],
      ['POST', '/api/v1/auth/continue', { return_to: s.pub, state: STATE }],
      ['GET', '/api/v1/agencies/my'],
    ];
    for (const [method, url, body] of refused) {
      const res = await onSite(method as 'GET', url, body);
      expect([res.statusCode, res.json().msg], `${method} ${url}`).toEqual([403, SITE_MESSAGES.siteSessionForbidden]);
    }

    // The same cookie with the product's Host (or another site's) is no session at all.
    for (const host of ['127.0.0.1:4321', s.priv]) {
      const product = await onSite('GET', '/api/v1/client', undefined, host);
      expect(product.statusCode, host).toBe(401);
      expect((await onSite('GET', `/api/v1/client/${s.outsider.cuid}/bank-accounts`, undefined, host)).statusCode, host).toBe(401);
    }
    // The product's own session of the same client is not limited.
    expect((await callAs(t.app, s.outsider, 'GET', `/api/v1/client/${s.outsider.cuid}/bank-accounts`)).statusCode).toBe(200);
  });

  it('an expired token is refused (fake clock), and of two exchanges at once only one wins', async () => {
    const s = await sites();
    const { token } = await issue(s.outsider, s.pub);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 + 1_000 });
    const late = await new TestBrowser(t.app).call('POST', '/api/v1/auth/loginwithtoken', { token, state: STATE }, { host: s.pub });
    expect([late.statusCode, late.json().msg]).toEqual([400, M.tokenInvalid]);
    vi.useRealTimers();

    const fresh = await issue(s.outsider, s.pub);
    const [a, b] = await Promise.all([0, 1].map(() => new TestBrowser(t.app).call('POST', '/api/v1/auth/loginwithtoken', { token: fresh.token, state: STATE }, { host: s.pub })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
  });

  it('a private site: a client who left its members between continue and the exchange is refused', async () => {
    const s = await sites();
    const { token } = await issue(s.member, s.priv);
    await agencyTables(t.database).updateTable('association_members').set({ status: 'removed' }).where('asso_uid', '=', s.assoUid).execute();
    const res = await new TestBrowser(t.app).call('POST', '/api/v1/auth/loginwithtoken', { token, state: STATE }, { host: s.priv });
    expect([res.statusCode, res.json().msg]).toEqual([403, M.membersOnly]);
    expect((await siteLoginTables(t.database).selectFrom('site_login_tokens').select('used_at').where('cuid', '=', s.member.cuid).executeTakeFirstOrThrow()).used_at).toBeNull();
  });

  it('tries of codes are limited per client (and per address)', async () => {
    const s = await sites();
    const tryer = await createTestClientSession(t.database, { anonymous: true });
    const statuses: number[] = [];
    const csrf = csrfFor(t.app, tryer.token);
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/v1/auth/loginwithtoken', payload: { token: 'A'.repeat(43), state: STATE }, remoteAddress: `10.9.${i}.1`,
        cookies: { [SESSION_COOKIE]: tryer.token, [CSRF_COOKIE]: csrf },
        headers: { host: s.pub, 'x-csrf-token': csrf },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((code) => code === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
