import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { openTestDatabase, type Database } from '@nj/db';
import { appSecretProof, createAnonymousSession, decodeOAuthFlow, encodeOAuthFlow, findSession } from '@nj/core';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { OAUTH_FLOW_COOKIE } from './oauth-cookies.ts';

// The whole social login against a local OpenID Connect provider (oauth2-mock-server: discovery, authorize with
// PKCE, token endpoint, RS256-signed ID tokens, JWKS), plus a fake of Google's tokeninfo/userinfo for bare tokens.

const PUBLIC_URL = 'http://localhost:3999';
const CLIENT_ID = 'google-test-client';
let database: Database;
let app: FastifyInstance;
let mock: OAuth2Server;
let fake: Server;
let identity: { email: string; name: string; email_verified: boolean };
let lastTokenRequest: Record<string, string> | undefined;
let fakeUrl: string;

function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value || undefined;
}

/** start → the mock's authorize page → the callback URL it redirects to. */
async function startAndAuthorize(returnTo = '/propiedades?op=renta') {
  const start = await app.inject({ method: 'GET', url: `/api/v1/oauth/google/start?return_to=${encodeURIComponent(returnTo)}` });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start, OAUTH_FLOW_COOKIE)!;
  const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  return { start, flowCookie, callback };
}

async function callback(url: URL, cookies: Record<string, string>) {
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies });
}

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  mock.service.on('beforeResponse', (_response: unknown, req: { body: Record<string, string> }) => {
    lastTokenRequest = { ...req.body };
  });
  // Google's tokeninfo and userinfo for the bare-access-token login: 'good-token' is ours, 'foreign-token' another app's.
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const token = url.pathname === '/tokeninfo' ? url.searchParams.get('access_token') : req.headers.authorization?.replace(/^Bearer /, '');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/debug_token') {
      const input = url.searchParams.get('input_token');
      const ok = url.searchParams.get('access_token') === 'fb-app|fb-secret' && input === 'fb-good';
      return res.end(JSON.stringify({ data: { app_id: 'fb-app', is_valid: ok, user_id: '10001' } }));
    }
    if (url.pathname === '/me') {
      const ok = token === 'fb-good' && url.searchParams.get('appsecret_proof') === appSecretProof('fb-secret', 'fb-good');
      res.statusCode = ok ? 200 : 400;
      return res.end(JSON.stringify(ok ? { id: '10001', name: 'Fabiola Báez', email: 'fabiola@example.mx' } : { error: { message: 'bad' } }));
    }
    if (token !== 'good-token' && token !== 'foreign-token') {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: 'invalid_token' }));
    }
    if (url.pathname === '/tokeninfo') {
      return res.end(JSON.stringify({ aud: token === 'good-token' ? CLIENT_ID : 'someone-else', sub: 'g-123', expires_in: '3000' }));
    }
    return res.end(JSON.stringify({ sub: 'g-123', email: 'Token.User@Example.mx', email_verified: true, name: 'Tomasa Ruiz' }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  app = await buildApp({
    database,
    config: readServerConfig({
      SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER_URL: mock.issuer.url,
      GOOGLE_TOKENINFO_URL: `${fakeUrl}/tokeninfo`, GOOGLE_USERINFO_URL: `${fakeUrl}/userinfo`,
      // Facebook: no credentials, so it is hidden.
    }),
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await mock?.stop();
  await new Promise((resolve) => fake?.close(resolve));
});

beforeEach(() => {
  identity = { email: 'ana.lopez@example.mx', name: 'Ana López', email_verified: true };
  lastTokenRequest = undefined;
});

async function clientByEmail(email: string) {
  return database.db.selectFrom('clients').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('social login: providers', () => {
  it('lists only configured providers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/oauth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'OK', data: { providers: ['google'] } });
  });

  it('answers 404 in Spanish for an unconfigured or unknown provider', async () => {
    for (const url of ['/api/v1/oauth/facebook/start', '/api/v1/oauth/twitter/start', '/api/v1/oauth/facebook/callback?code=a&state=b']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Este método de inicio de sesión no está disponible', data: null });
    }
  });
});

describe('social login: authorization-code flow with PKCE against the mock provider', () => {
  it('start redirects to the provider with state, S256 challenge and nonce, and keeps them in an httpOnly cookie', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/v1/oauth/google/start?return_to=/favoritos' });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${mock.issuer.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/oauth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    const cookie = start.cookies.find((c) => c.name === OAUTH_FLOW_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const flow = decodeOAuthFlow(cookie.value)!;
    expect(flow.state).toBe(location.searchParams.get('state'));
    expect(flow.nonce).toBe(location.searchParams.get('nonce'));
    expect(flow.returnTo).toBe('/favoritos');
    expect(location.searchParams.get('code_challenge')).not.toContain(flow.codeVerifier);
  });

  it('signs in: callback exchanges the code with the verifier, registers the client by e-mail, sets a session, returns to the page', async () => {
    const { flowCookie, callback: cb } = await startAndAuthorize('/propiedades?op=renta');
    const res = await callback(cb, { [OAUTH_FLOW_COOKIE]: flowCookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/propiedades?op=renta');
    // The PKCE verifier was actually sent to the token endpoint (and the mock checked it against the challenge).
    expect(lastTokenRequest?.code_verifier).toBe(decodeOAuthFlow(flowCookie)!.codeVerifier);
    const token = cookieOf(res, SESSION_COOKIE)!;
    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(sid.httpOnly).toBe(true);
    const session = await findSession({ database, token });
    expect(session?.isAnonymous).toBe(false);
    const client = await clientByEmail('ana.lopez@example.mx');
    expect(client?.cuid).toBe(session?.cuid);
    expect(client?.is_anonymous).toBe(false);
    expect(client?.is_email_verified).toBe(true);
    expect(client?.nickname).toBe('Ana');
    // The flow cookie is spent.
    expect(res.cookies.find((c) => c.name === OAUTH_FLOW_COOKIE)?.value).toBe('');
  });

  it('signs the same person into the same account next time, with a new session id, and an anonymous visitor keeps their cuid when registering', async () => {
    const first = await startAndAuthorize('/');
    const one = await callback(first.callback, { [OAUTH_FLOW_COOKIE]: first.flowCookie });
    const second = await startAndAuthorize('/');
    const two = await callback(second.callback, { [OAUTH_FLOW_COOKIE]: second.flowCookie, [SESSION_COOKIE]: cookieOf(one, SESSION_COOKIE)! });
    const t1 = cookieOf(one, SESSION_COOKIE)!;
    const t2 = cookieOf(two, SESSION_COOKIE)!;
    expect(t2).not.toBe(t1);
    expect(await findSession({ database, token: t1 })).toBeNull(); // the old session ended
    expect((await findSession({ database, token: t2 }))?.cuid).toBe((await clientByEmail('ana.lopez@example.mx'))?.cuid);

    // An anonymous visitor (session from a search) signs up with a new address: the same cuid becomes registered.
    identity = { email: 'nuevo.visitante@example.mx', name: 'Nuevo', email_verified: true };
    const { token: anonToken, cuid: anonCuid } = await createAnonymousSession({ database });
    const flow = await startAndAuthorize('/');
    const res = await callback(flow.callback, { [OAUTH_FLOW_COOKIE]: flow.flowCookie, [SESSION_COOKIE]: anonToken });
    expect(res.statusCode).toBe(302);
    expect((await clientByEmail('nuevo.visitante@example.mx'))?.cuid).toBe(anonCuid);
    expect((await findSession({ database, token: cookieOf(res, SESSION_COOKIE)! }))?.isAnonymous).toBe(false);
  });

  it('refuses a state mismatch, a missing flow cookie and a provider error without signing in', async () => {
    const { flowCookie, callback: cb } = await startAndAuthorize('/cuenta');
    const tampered = new URL(cb);
    tampered.searchParams.set('state', 'not-the-state-we-sent-xxxx');
    const mismatch = await callback(tampered, { [OAUTH_FLOW_COOKIE]: flowCookie });
    expect(mismatch.statusCode).toBe(302);
    expect(mismatch.headers.location).toBe('/cuenta?oauth_error=state');
    expect(cookieOf(mismatch, SESSION_COOKIE)).toBeUndefined();

    const noCookie = await callback(cb, {});
    expect(noCookie.headers.location).toBe('/?oauth_error=state');
    expect(cookieOf(noCookie, SESSION_COOKIE)).toBeUndefined();

    const denied = new URL(`${PUBLIC_URL}/api/v1/oauth/google/callback`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', decodeOAuthFlow(flowCookie)!.state);
    const deniedRes = await callback(denied, { [OAUTH_FLOW_COOKIE]: flowCookie });
    expect(deniedRes.headers.location).toBe('/cuenta?oauth_error=denied');
  });

  it('fails when the PKCE verifier does not match the challenge (the provider refuses the code)', async () => {
    const { flowCookie, callback: cb } = await startAndAuthorize('/');
    const flow = decodeOAuthFlow(flowCookie)!;
    const forged = encodeOAuthFlow({ ...flow, codeVerifier: 'x'.repeat(50) });
    const res = await callback(cb, { [OAUTH_FLOW_COOKIE]: forged });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?oauth_error=failed');
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an account whose e-mail the provider has not verified', async () => {
    identity = { email: 'sin.verificar@example.mx', name: 'Sin', email_verified: false };
    const { flowCookie, callback: cb } = await startAndAuthorize('/');
    const res = await callback(cb, { [OAUTH_FLOW_COOKIE]: flowCookie });
    expect(res.headers.location).toBe('/?oauth_error=email');
    expect(await clientByEmail('sin.verificar@example.mx')).toBeUndefined();
  });

  it('never redirects off-site: return_to must be a local path', async () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const start = await app.inject({ method: 'GET', url: `/api/v1/oauth/google/start?return_to=${encodeURIComponent(bad)}` });
      expect(decodeOAuthFlow(cookieOf(start, OAUTH_FLOW_COOKIE))!.returnTo).toBe('/');
    }
  });
});

describe('POST /api/v1/oauth/login', () => {
  async function csrf() {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    return cookieOf(res, CSRF_COOKIE)!;
  }
  async function post(payload: unknown, extraCookies: Record<string, string> = {}) {
    const token = extraCookies[SESSION_COOKIE] ? csrfFor(app, extraCookies[SESSION_COOKIE]) : await csrf();
    return app.inject({
      method: 'POST', url: '/api/v1/oauth/login', payload: payload as object,
      cookies: { [CSRF_COOKIE]: token, ...extraCookies }, headers: { 'x-csrf-token': token },
    });
  }

  it('answers a bad token with a Spanish 401 and no session', async () => {
    const res = await post({ provider: 'google', accessToken: 'made-up', existing_id: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: 'No pudimos validar tu inicio de sesión, inténtalo de nuevo', data: null });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an access token issued to another app', async () => {
    const res = await post({ provider: 'google', accessToken: 'foreign-token' });
    expect(res.statusCode).toBe(401);
  });

  it('signs in with a good access token and answers the login result', async () => {
    const res = await post({ provider: 'google', accessToken: 'good-token', existing_id: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe('OK');
    expect(body.data.is_new).toBe(true);
    expect(body.data.client.email).toBe('token.user@example.mx');
    expect(body.data.settings).toEqual({ privileges: [], is_agent: false, is_agency_admin: false });
    const again = await post({ provider: 'google', accessToken: 'good-token' });
    expect(again.json().data.is_new).toBe(false);
    expect(again.json().data.client.cuid).toBe(body.data.client.cuid);
  });

  it('signs in with a Google ID token signed by the provider, and refuses one for another audience', async () => {
    const idToken = await mock.issuer.buildToken({
      scopesOrTransform: (_h, p) => Object.assign(p, { sub: 'g-777', aud: CLIENT_ID, email: 'idtoken@example.mx', email_verified: true, name: 'Irene' }),
    });
    const ok = await post({ provider: 'google', accessToken: idToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.client.email).toBe('idtoken@example.mx');
    const other = await mock.issuer.buildToken({
      scopesOrTransform: (_h, p) => Object.assign(p, { sub: 'g-778', aud: 'another-app', email: 'x@example.mx', email_verified: true }),
    });
    expect((await post({ provider: 'google', accessToken: other })).statusCode).toBe(401);
    const expired = await mock.issuer.buildToken({
      expiresIn: -3600,
      scopesOrTransform: (_h, p) => Object.assign(p, { aud: CLIENT_ID, email: 'old@example.mx', email_verified: true }),
    });
    expect((await post({ provider: 'google', accessToken: expired })).statusCode).toBe(401);
  });

  it('ignores an existing_id that is not the request\'s own anonymous client', async () => {
    const { cuid: victimCuid } = await createAnonymousSession({ database });
    identity = { email: 'otro@example.mx', name: 'Otro', email_verified: true };
    const idToken = await mock.issuer.buildToken({
      scopesOrTransform: (_h, p) => Object.assign(p, { sub: 'g-900', aud: CLIENT_ID, email: 'ajeno@example.mx', email_verified: true }),
    });
    const res = await post({ provider: 'google', accessToken: idToken, existing_id: victimCuid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.client.cuid).not.toBe(victimCuid);
    const victimRow = await database.db.selectFrom('clients').select(['is_anonymous', 'email']).where('cuid', '=', victimCuid).executeTakeFirst();
    expect(victimRow).toEqual({ is_anonymous: true, email: null });
  });

  it('never answers 500 to garbage', async () => {
    const cases: unknown[] = [
      {}, { provider: 'google' }, { provider: 'twitter', accessToken: 'x' }, { provider: 'google', accessToken: '' },
      { provider: 'google', accessToken: 'a.b.c' }, { provider: 'google', accessToken: 'x'.repeat(9000) },
      { provider: 'facebook', accessToken: 'x' }, { provider: ['google'], accessToken: 1 }, 'texto',
    ];
    for (const payload of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().msg).toBe('string');
    }
    for (const url of [
      '/api/v1/oauth/google/callback', '/api/v1/oauth/google/callback?code=%00&state=%ff',
      `/api/v1/oauth/google/callback?state=${'a'.repeat(600)}`, '/api/v1/oauth/google/start?return_to=%E0%A4%A',
    ]) {
      const res = await app.inject({ method: 'GET', url, cookies: { [OAUTH_FLOW_COOKIE]: 'garbage!!' } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('Facebook (OIDC code flow with PKCE, Graph API for bare tokens)', () => {
  let fbApp: FastifyInstance;
  beforeAll(async () => {
    fbApp = await buildApp({
      database,
      config: readServerConfig({
        SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL,
        FACEBOOK_CLIENT_ID: 'fb-app', FACEBOOK_CLIENT_SECRET: 'fb-secret', FACEBOOK_ISSUER_URL: mock.issuer.url,
        FACEBOOK_GRAPH_URL: fakeUrl, FACEBOOK_USERINFO_URL: `${fakeUrl}/me`,
      }),
    });
  }, 60_000);
  afterAll(async () => { await fbApp?.close(); });

  it('runs the whole flow; only the client id and the verifier go to the token endpoint', async () => {
    expect((await fbApp.inject({ method: 'GET', url: '/api/v1/oauth/providers' })).json().data.providers).toEqual(['facebook']);
    identity = { email: 'fb.persona@example.mx', name: 'Persona Fb', email_verified: true };
    const start = await fbApp.inject({ method: 'GET', url: '/api/v1/oauth/facebook/start?return_to=/cuenta' });
    expect(new URL(start.headers.location as string).searchParams.get('scope')).toBe('openid email public_profile');
    const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
    const cb = new URL(authorize.headers.get('location')!);
    const res = await fbApp.inject({ method: 'GET', url: `${cb.pathname}${cb.search}`, cookies: { [OAUTH_FLOW_COOKIE]: cookieOf(start, OAUTH_FLOW_COOKIE)! } });
    expect(res.headers.location).toBe('/cuenta');
    expect(lastTokenRequest?.client_id).toBe('fb-app');
    expect(lastTokenRequest?.code_verifier).toBeTruthy();
    expect(lastTokenRequest?.client_secret).toBeUndefined();
    expect((await clientByEmail('fb.persona@example.mx'))?.is_anonymous).toBe(false);
  });

  it('POST /api/v1/oauth/login checks the token with debug_token and reads /me with appsecret_proof', async () => {
    const csrfRes = await fbApp.inject({ method: 'GET', url: '/api/v1/health' });
    const csrf = cookieOf(csrfRes, CSRF_COOKIE)!;
    const post = (accessToken: string) => fbApp.inject({
      method: 'POST', url: '/api/v1/oauth/login', payload: { provider: 'facebook', accessToken, existing_id: null },
      cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf },
    });
    const ok = await post('fb-good');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.client.email).toBe('fabiola@example.mx');
    const bad = await post('fb-bad');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().msg).toBe('No pudimos validar tu inicio de sesión, inténtalo de nuevo');
  });
});
