import type { TLoginWithTokenResult, TSiteLoginContinue, TSiteLoginStart } from '@nj/contracts/site-login/schemas';
import { api } from '../api/client.ts';

/** POST /api/v1/auth/start — the site that asks (by its base domain) and whether I am signed in here. */
export const startSiteLogin = (returnTo: string, state: string) =>
  api<TSiteLoginStart>('POST', '/v1/auth/start', { body: { return_to: returnTo, state } });
/** POST /api/v1/auth/continue — a one-time token for the site; answers the branded host's /integrations-auth URL. */
export const continueSiteLogin = (returnTo: string, state: string) =>
  api<TSiteLoginContinue>('POST', '/v1/auth/continue', { body: { return_to: returnTo, state } });
/** POST /api/v1/auth/loginwithtoken — on the branded host: spends the token and signs me in here. */
export const loginWithToken = (token: string, state: string) =>
  api<TLoginWithTokenResult>('POST', '/v1/auth/loginwithtoken', { body: { token, state } });
