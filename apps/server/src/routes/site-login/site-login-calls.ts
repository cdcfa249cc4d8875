import {
  SITE_LOGIN_MESSAGES as M, ZApiEnvelope, ZLoginWithTokenBody, ZLoginWithTokenResult, ZSiteLoginBody, ZSiteLoginContinue, ZSiteLoginStart,
} from '@nj/contracts';
import { continueSiteLogin } from '@nj/core/site-login/continue-site-login';
import { logInWithToken } from '@nj/core/site-login/log-in-with-token';
import { startSiteLogin } from '@nj/core/site-login/start-site-login';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { signInReply } from '../accounts/session-cookie.ts';

/** Where a client signed in on a branded host goes: the site's listings (spec 03 §2, the fallback landing). */
const BRANDED_LANDING = '/propiedades';

/**
 * The central login of branded sites (issue 15 'Branded login'; spec 03 §2 'Branded sites', §5 last line, §7;
 * decision 031). Every answer is `{ msg, data }`; bad input is a Spanish 400 that changes nothing.
 * - POST /api/v1/auth/start `{ return_to, state }` (product host; anyone) → `{ site, signed_in }`: return_to must be a
 *   registered site's base domain exactly (400 otherwise: no open redirect).
 * - POST /api/v1/auth/continue `{ return_to, state }` (product host; signed-in clients, a private site only its
 *   members — 403) → `{ redirect_url }`: `{scheme}://{base_domain}{:port}/integrations-auth?token&state` with a
 *   one-time token (2 minutes, bound to the site, the client and the state, stored hashed).
 * - POST /api/v1/auth/loginwithtoken `{ token, state }` (the branded host; anyone holding a token) → `{ cuid,
 *   redirect_to }`: spends the token for this host's site and state and signs its client in here (a new nj_sid
 *   session and its CSRF cookie, as the login). Spent, expired, other-site or other-state tokens: 400.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, limiter: app.services.limiter });

  app.post('/api/v1/auth/start', {
    schema: { tags: ['cuentas'], summary: 'Iniciar el inicio de sesión para un sitio asociado', body: ZSiteLoginBody, response: { 200: ZApiEnvelope(ZSiteLoginStart) } },
    preValidation: can('site_login', 'start'),
    handler: async (request) => ({ msg: M.started, data: await startSiteLogin(app.services.database, { actor: await request.getActor(), returnTo: request.body.return_to }) }),
  });

  app.post('/api/v1/auth/continue', {
    schema: { tags: ['cuentas'], summary: 'Continuar al sitio asociado con mi sesión', body: ZSiteLoginBody, response: { 200: ZApiEnvelope(ZSiteLoginContinue) } },
    preValidation: can('site_login', 'continue'),
    handler: async (request) => ({
      msg: M.tokenIssued,
      data: await continueSiteLogin(deps(), {
        actor: request.actor, returnTo: request.body.return_to, state: request.body.state, productOrigin: app.services.config.productOrigin,
      }),
    }),
  });

  app.post('/api/v1/auth/loginwithtoken', {
    schema: { tags: ['cuentas'], summary: 'Iniciar sesión en el sitio asociado con el código de un solo uso', body: ZLoginWithTokenBody, response: { 200: ZApiEnvelope(ZLoginWithTokenResult) } },
    preValidation: can('site_login', 'exchange'),
    handler: async (request, reply) => {
      const session = await request.getSession();
      const { cuid, siteUid } = await logInWithToken(deps(), {
        actor: await request.getActor(), token: request.body.token, state: request.body.state, host: request.headers.host,
        ip: request.clientKey, sessionCuid: session?.cuid ?? null,
      });
      await signInReply(app, request, reply, cuid, { siteUid });
      return { msg: M.signedIn, data: { cuid, redirect_to: BRANDED_LANDING } };
    },
  });
});
