import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { authorize } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { siteLoginPolicy } from '../policies/site-login.ts';
import { rateKey, requireNotLimited, type RateLimiter, type RateRule } from '../accounts/rate-limiter.ts';
import { findSiteByHost } from '../sites/find-site-by-host.ts';
import { isSiteMember } from '../sites/site-members.ts';
import { siteLoginRepository } from './site-login-repository.ts';
import { hashSiteLoginToken, SITE_LOGIN_LIMITS } from './continue-site-login.ts';

/**
 * POST /v1/auth/loginwithtoken (spec 03 §7; issue 15 'Branded login'; decision 031), on the branded host: spends the
 * one-time token when it is unspent, unexpired, issued for the site of this request's host and for `state`, and (for
 * a private site) its client is still a member. In one transaction, so of two exchanges at once one wins. Anything
 * else answers one Spanish 400 and changes nothing (the token stays as it was). The caller then signs the returned
 * client in on this host (a new session cookie).
 * @param input.host the request's Host header; input.ip the client address as the server sees it (socket or
 *   trusted proxy); input.sessionCuid the caller's current client, when any (the per-identity limit)
 * @returns `{ cuid, siteUid }`: the client to sign in and the site its session belongs to (decision 031 'Site sessions')
 * @throws AppError BAD_REQUEST 'Esta dirección no es la de un sitio asociado' off a branded host, 'El enlace de inicio
 *   de sesión no es válido…' for a wrong, spent, expired, other-site or other-state token; FORBIDDEN 'Este sitio es
 *   privado…' when the client left a private site's members; RATE_LIMITED past SITE_LOGIN_LIMITS per client and IP
 */
export async function logInWithToken(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; token: string; state: string; host: string | undefined; ip: string; sessionCuid?: string | null; now?: Date },
): Promise<{ cuid: string; siteUid: string }> {
  authorize(input.actor, siteLoginPolicy, 'exchange');
  const rules: RateRule[] = [{ key: rateKey('site-login-exchange-ip', input.ip), ...SITE_LOGIN_LIMITS.exchangesPerIp }];
  if (input.sessionCuid) rules.push({ key: rateKey('site-login-exchange', input.sessionCuid), ...SITE_LOGIN_LIMITS.exchangesPerClient });
  await requireNotLimited(deps.limiter, rules);
  const site = await findSiteByHost(deps.database, input.host);
  if (!site) throw new AppError('BAD_REQUEST', M.notABrandedSite);
  const now = input.now ?? new Date();
  const tokenHash = hashSiteLoginToken(input.token);
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await siteLoginRepository.findUsableForUpdate(trx, { tokenHash, siteUid: site.uid, state: input.state, now });
    if (!row) throw new AppError('BAD_REQUEST', M.tokenInvalid);
    if (site.is_private && !(await isSiteMember(trx, site.uid, row.cuid))) throw new AppError('FORBIDDEN', M.membersOnly);
    if (!(await siteLoginRepository.spend(trx, tokenHash, now))) throw new AppError('BAD_REQUEST', M.tokenInvalid);
    return { cuid: row.cuid, siteUid: site.uid };
  });
}
