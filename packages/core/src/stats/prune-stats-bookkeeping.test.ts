import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { pruneStatsBookkeeping } from './prune-stats-bookkeeping.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('pruneStatsBookkeeping (scheduled stats upkeep)', () => {
  it('drops push ids and last-seen marks older than the cut-off and keeps newer ones and the counts', async () => {
    const puid = (await database.db.selectFrom('properties').select('puid').limit(1).executeTakeFirstOrThrow()).puid;
    await sql`INSERT INTO stats_pushes (cuid, push_id, kind, created_at) VALUES
      ('c_prune', 'viejo', 'view', now() - interval '2 days'), ('c_prune', 'nuevo', 'view', now())`.execute(database.db);
    await sql`INSERT INTO listing_last_seen (cuid, kind, puid, last_seen) VALUES
      ('c_prune_a', 'view', ${puid}, now() - interval '2 days'), ('c_prune_b', 'view', ${puid}, now())`.execute(database.db);
    await sql`INSERT INTO listing_daily_stats (puid, day, views) VALUES (${puid}, current_date - 40, 7)
      ON CONFLICT (puid, day) DO UPDATE SET views = 7`.execute(database.db);
    const r = await pruneStatsBookkeeping(database, { olderThanHours: 24 });
    expect(r.pushes).toBeGreaterThanOrEqual(1);
    expect(r.lastSeen).toBeGreaterThanOrEqual(1);
    const pushes = await sql<{ push_id: string }>`SELECT push_id FROM stats_pushes WHERE cuid = 'c_prune'`.execute(database.db);
    expect(pushes.rows.map((x) => x.push_id)).toEqual(['nuevo']);
    const seen = await sql<{ cuid: string }>`SELECT cuid FROM listing_last_seen WHERE cuid LIKE 'c_prune_%'`.execute(database.db);
    expect(seen.rows.map((x) => x.cuid)).toEqual(['c_prune_b']);
    const kept = await sql<{ views: number }>`SELECT views FROM listing_daily_stats WHERE puid = ${puid} AND day = current_date - 40`.execute(database.db);
    expect(kept.rows[0]!.views).toBe(7);
  });
});
