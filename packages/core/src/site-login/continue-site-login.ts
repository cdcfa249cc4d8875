import { createHash, randomBytes } from 'node:crypto';
import { SITE_LOGIN, type TSiteLoginContinue } from '@nj/contracts';
import type { Database } from '@nj/db';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { siteLoginPolicy } from '../policies/site-login.ts';
import { rateKey, requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';
import { isSiteMember } from '../sites/site-members.ts';
import { siteLoginRepository } from './site-login-repository.ts';
import { requireSiteForReturnTo, siteReturnUrl } from './site-login-site.ts';

/** SHA-256 hex of a one-time token; the table keeps only this. */
export function hashSiteLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How many tokens one client may be issued per window (a person signs in to a few sites, not hundreds). */
export const SITE_LOGIN_LIMITS = {
  tokensPerClient: { limit: 30, windowMs: 10 * 60_000 },
  exchangesPerClient: { limit: 20, windowMs: 10 * 60_000 },
  exchangesPerIp: { limit: 60, windowMs: 10 * 60_000 },
} as const;

/**
 * POST /v1/auth/continue (spec 03 §7; issue 15 'Branded login'; decision 031): a signed-in client on the product host
 * agrees to sign in to the branded site `returnTo`. Issues a one-time token (32 random bytes, base64url; only its
 * SHA-256 is stored) bound to that site, that client and `state`, valid SITE_LOGIN.tokenTtlMs (2 minutes), and
 * answers the branded host's `/integrations-auth?token&state` URL. Tokens expired for a day are dropped here.
 * @param input.productOrigin the product's origin (scheme and port of the answer's URL)
 * @param input.now the clock (tests)
 * @returns `{ redirect_url }`
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients; BAD_REQUEST an unregistered domain; FORBIDDEN
 *   'Este sitio es privado…' for a non-member of a private site; RATE_LIMITED past SITE_LOGIN_LIMITS.tokensPerClient
 */
export async function continueSiteLogin(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; returnTo: string; state: string; productOrigin: string; now?: Date },
): Promise<TSiteLoginContinue> {
  authorize(input.actor, siteLoginPolicy, 'continue');
  const cuid = ownCuid(input.actor);
  const site = await requireSiteForReturnTo(deps.database, input.returnTo);
  const isMember = site.is_private ? await isSiteMember(deps.database, site.uid, cuid) : false;
  authorize(input.actor, siteLoginPolicy, 'continue', { is_private: site.is_private, is_member: isMember });
  await requireNotLimited(deps.limiter, [{ key: rateKey('site-login-token', cuid), ...SITE_LOGIN_LIMITS.tokensPerClient }]);
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await siteLoginRepository.deleteExpiredBefore(deps.database, new Date(now.getTime() - 24 * 3600_000));
  await siteLoginRepository.insertToken(deps.database, {
    tokenHash: hashSiteLoginToken(token), siteUid: site.uid, cuid, state: input.state,
    expiresAt: new Date(now.getTime() + SITE_LOGIN.tokenTtlMs),
  });
  return { redirect_url: siteReturnUrl(input.productOrigin, site.base_domain, token, input.state) };
}
