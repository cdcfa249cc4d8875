import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { ACCOUNT_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

/** One counted rule: at most `limit` hits of `key` per fixed window of `windowMs` ms. */
export type RateRule = { key: string; limit: number; windowMs: number };

/** Fixed-window counters shared by every process (Redis when configured, else the `rate_limits` table). */
export interface RateLimiter {
  /** Counts one hit of `key`; `allowed` false once the window's count exceeds `limit`. */
  hit(rule: RateRule): Promise<{ allowed: boolean; count: number; retryAfterMs: number }>;
  /** Counts one hit of every rule (distinct keys) in one round trip; answers in the rules' order. */
  hitAll(rules: RateRule[]): Promise<{ allowed: boolean; count: number; retryAfterMs: number }[]>;
  /** The current window's count of `key` without counting a hit (0 when none), and ms until the window ends. */
  peek(key: string): Promise<{ count: number; retryAfterMs: number }>;
  /** Forgets a key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Limits of the account calls (spec 02 issue: per IP and per account on login, PIN, forgot-password and phone
 * codes). Windows in ms. Keys are built by `rateKey`.
 */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  /** Attempts on one account from one IP (issue 7 finding 5: never the account from everywhere). */
  loginPerAccountIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Answers for unknown addresses (is_new) per IP: how fast one IP may probe which e-mails have an account. */
  loginProbePerIp: { limit: 20, windowMs: 60 * 60_000 },
  /** New anonymous clients (a row and a session each) made for one IP. */
  anonymousClientPerIp: { limit: 300, windowMs: 60 * 60_000 },
  /** Old-password checks when a signed-in client changes their password. */
  oldPasswordPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signupPerIp: { limit: 20, windowMs: 60 * 60_000 },
  pinSendPerAccount: { limit: 6, windowMs: 60 * 60_000 },
  pinCheckPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  phoneCodePerIp: { limit: 20, windowMs: 60 * 60_000 },
  phoneCodePerAccount: { limit: 8, windowMs: 60 * 60_000 },
} as const;

/** A limiter key: 'rl:' + action + ':' + who (IP, cuid, normalised e-mail). */
export function rateKey(action: string, who: string): string {
  return `rl:${action}:${who.trim().toLowerCase()}`;
}

/** Counters in the database: one upsert per hit, atomic across processes. */
export function createDatabaseRateLimiter(database: Database): RateLimiter {
  return {
    async hit(rule) {
      const seconds = rule.windowMs / 1000;
      const r = await sql<{ count: number; reset_at: Date }>`
        INSERT INTO rate_limits AS r (key, count, reset_at)
        VALUES (${rule.key}, 1, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
          reset_at = CASE WHEN r.reset_at <= now() THEN now() + make_interval(secs => ${seconds}) ELSE r.reset_at END
        RETURNING count, reset_at`.execute(database.db);
      const row = r.rows[0]!;
      const count = Number(row.count);
      return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
    },
    async hitAll(rules) {
      if (rules.length < 2 || new Set(rules.map((r) => r.key)).size !== rules.length) return Promise.all(rules.map((r) => this.hit(r)));
      // One statement for every counter (the chat counts two per message): new windows from each rule's length.
      const values = sql.join(rules.map((r) => sql`(${r.key}, 1, now() + make_interval(secs => ${r.windowMs / 1000}))`));
      const result = await sql<{ key: string; count: number; reset_at: Date }>`
        INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ${values}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
          reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
        RETURNING key, count, reset_at`.execute(database.db);
      const byKey = new Map(result.rows.map((row) => [row.key, row]));
      return rules.map((rule) => {
        const row = byKey.get(rule.key)!;
        const count = Number(row.count);
        return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
      });
    },
    async peek(key) {
      const row = await database.db.selectFrom('rate_limits').select(['count', 'reset_at'])
        .where('key', '=', key).where('reset_at', '>', sql<Date>`now()`).executeTakeFirst();
      if (!row) return { count: 0, retryAfterMs: 0 };
      return { count: Number(row.count), retryAfterMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
    },
    async reset(key) {
      await database.db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async close() {},
  };
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/** Counters in Redis (INCR + PEXPIRE in one script), shared by every process using the same Redis. */
export function createRedisRateLimiter(redisUrl: string): RateLimiter {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true });
  return {
    async hit(rule) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `nj:${rule.key}`, String(rule.windowMs))) as [number, number];
      return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, ttl) };
    },
    async hitAll(rules) {
      return Promise.all(rules.map((rule) => this.hit(rule)));
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(`nj:${key}`), redis.pttl(`nj:${key}`)]);
      return { count: Number(count ?? 0), retryAfterMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(`nj:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Redis when `redisUrl` is set (REDIS_URL), else the database; never process memory (design.md). */
export function createRateLimiter(options: { database: Database; redisUrl?: string | undefined }): RateLimiter {
  return options.redisUrl ? createRedisRateLimiter(options.redisUrl) : createDatabaseRateLimiter(options.database);
}

/**
 * Counts one hit against every rule and throws when any is over its limit (all are counted, so an attacker
 * cannot dodge one rule by tripping another first).
 *
 * @throws AppError RATE_LIMITED (429) 'Hiciste demasiados intentos; espera N minutos e inténtalo de nuevo' — the wait
 *   is the longest time left of the windows over their limit, in seconds, minutes or hours (waitText)
 */
export async function requireNotLimited(limiter: RateLimiter, rules: RateRule[]): Promise<void> {
  let retryAfterMs = 0;
  let limited = false;
  for (const r of await limiter.hitAll(rules)) {
    if (!r.allowed) {
      limited = true;
      retryAfterMs = Math.max(retryAfterMs, r.retryAfterMs);
    }
  }
  if (limited) {
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.rateLimited(retryAfterMs));
  }
}
