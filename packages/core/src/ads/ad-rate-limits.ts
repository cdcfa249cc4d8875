import { rateKey, requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';

/**
 * Server rate limits of the map ads calls (issue 16: 'The server also rate-limits per client'), fixed one-minute
 * windows per client: the session's cuid (anonymous clients have one), else the caller's address for a request
 * without any session (never a header). The browser asks at most every 2.5 s per spot (ADS_THROTTLE), so 60 map
 * calls a minute leave room for several tabs; clicks are rarer.
 */
export const AD_RATE_LIMITS = {
  search: { limit: 60, windowMs: 60_000 },
  click: { limit: 30, windowMs: 60_000 },
  manage: { limit: 120, windowMs: 60_000 },
} as const;

/**
 * Counts one call of `kind` for the caller and refuses past the limit.
 * @throws AppError RATE_LIMITED (429, Spanish) past the limit
 */
export async function requireAdsNotLimited(limiter: RateLimiter, actor: Actor, ip: string, kind: keyof typeof AD_RATE_LIMITS): Promise<void> {
  const who = actor.cuid ?? `ip:${ip}`;
  await requireNotLimited(limiter, [{ key: rateKey(`ads-${kind}`, who), ...AD_RATE_LIMITS[kind] }]);
}
