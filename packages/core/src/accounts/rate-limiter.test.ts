import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { startTestRedis, type TestRedis } from '../testing/redis-server.ts';
import { createDatabaseRateLimiter, createRedisRateLimiter, rateKey, requireNotLimited, type RateLimiter } from './rate-limiter.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function exercise(a: RateLimiter, b: RateLimiter, prefix: string): Promise<void> {
  const rule = { key: rateKey(prefix, 'Who@Example.com'), limit: 3, windowMs: 60_000 };
  // two limiters (as two processes) share the count
  expect((await a.hit(rule)).allowed).toBe(true);
  expect((await b.hit(rule)).allowed).toBe(true);
  expect((await a.hit(rule)).allowed).toBe(true);
  const over = await b.hit(rule);
  expect(over).toMatchObject({ allowed: false, count: 4 });
  expect(over.retryAfterMs).toBeGreaterThan(0);
  expect(over.retryAfterMs).toBeLessThanOrEqual(60_000);
  await expect(requireNotLimited(a, [rule])).rejects.toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/^Hiciste demasiados intentos; espera (un minuto|\d+ segundos) e inténtalo de nuevo$/) });
  expect(await b.peek(rule.key)).toMatchObject({ count: 5 });
  expect((await a.peek(rule.key)).retryAfterMs).toBeGreaterThan(0);
  await a.reset(rule.key);
  expect(await b.peek(rule.key)).toEqual({ count: 0, retryAfterMs: 0 });
  await expect(requireNotLimited(b, [rule])).resolves.toBeUndefined();
  // a window that ended starts over
  // (a window long enough that a loaded machine never lets it end between the first two hits; the store's own
  // clock ends it — the database's now() or Redis's expiry — so the test waits until the store says it ended)
  const short = { key: rateKey(prefix + '-short', 'x'), limit: 1, windowMs: 1000 };
  await a.hit(short);
  expect((await a.hit(short)).allowed).toBe(false);
  await vi.waitFor(async () => expect(await b.peek(short.key)).toEqual({ count: 0, retryAfterMs: 0 }), { timeout: 10_000, interval: 50 });
  expect((await b.hit(short)).allowed).toBe(true);
  // several counters in one call: each counted once, each with its own window and limit, answered in order
  const pair = [{ key: rateKey(prefix + '-m', 'y'), limit: 2, windowMs: 60_000 }, { key: rateKey(prefix + '-h', 'y'), limit: 1, windowMs: 3_600_000 }];
  expect((await a.hitAll(pair)).map((r) => [r.allowed, r.count])).toEqual([[true, 1], [true, 1]]);
  const second = await b.hitAll(pair);
  expect(second.map((r) => [r.allowed, r.count])).toEqual([[true, 2], [false, 2]]);
  expect(second[1]!.retryAfterMs).toBeGreaterThan(60_000);
  expect(await a.peek(pair[0]!.key)).toMatchObject({ count: 2 });
}

describe('database rate limiter', () => {
  it('counts per key across limiter instances, resets, and expires windows', async () => {
    await exercise(createDatabaseRateLimiter(database), createDatabaseRateLimiter(database), 'db');
  });
});

describe('redis rate limiter', () => {
  let redis: TestRedis | undefined;
  let url = '';
  beforeAll(async () => {
    try {
      redis = await startTestRedis();
      url = redis.url;
    } catch {
      redis = undefined;
    }
  });
  afterAll(() => {
    redis?.stop();
  });
  it('shares counts through Redis (skipped when redis-server is not installed)', async (ctx) => {
    if (!redis) ctx.skip();
    const a = createRedisRateLimiter(url);
    const b = createRedisRateLimiter(url);
    try {
      await exercise(a, b, 'redis');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
