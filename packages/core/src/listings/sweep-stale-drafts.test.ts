import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { listingPhotoKeys } from './store-listing-photos.ts';
import { sweepStaleDrafts } from './sweep-stale-drafts.ts';

let database: Database;
let storage: MediaStorage;
let root: string;
let owner: string;

beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-drafts-sweep-'));
  storage = createLocalMediaStorage({ root });
  owner = 'c_drafts_sweep';
  await database.db.insertInto('clients').values({ cuid: owner }).execute();
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A draft with one stored photo, last changed `daysAgo` days ago. Returns the photo's keys. */
async function draft(id: string, photo: string, daysAgo: number): Promise<string[]> {
  await sql`INSERT INTO property_drafts (id, owner_cuid, data, updated_at)
    VALUES (${id}, ${owner}, ${JSON.stringify({ photos: [{ name: photo }] })}::jsonb, now() - make_interval(days => ${daysAgo}))`.execute(database.db);
  const keys = listingPhotoKeys(id, photo, 'drafts');
  for (const key of keys) await storage.put(key, Buffer.from('x'), { contentType: 'image/webp' });
  return keys;
}

describe('sweepStaleDrafts (issue 8 §4: drafts never published are swept after 30 days)', () => {
  it('removes drafts unchanged for 30 days with their files, keeps newer ones, and a second run finds nothing', async () => {
    const oldKeys = await draft('d_sweep_old', 'aaaaaaaaaaaaaaaa', 31);
    const newKeys = await draft('d_sweep_new', 'bbbbbbbbbbbbbbbb', 29);
    const result = await sweepStaleDrafts({ database, storage }, { olderThanDays: 30 });
    expect(result).toEqual({ drafts: 1, files: oldKeys.length });
    for (const key of oldKeys) expect(await storage.get(key)).toBeNull();
    for (const key of newKeys) expect(await storage.get(key)).not.toBeNull();
    const left = await database.db.selectFrom('property_drafts').select('id').where('id', 'like', 'd_sweep_%').execute();
    expect(left.map((r) => r.id)).toEqual(['d_sweep_new']);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM media_pending WHERE key LIKE 'drafts/d_sweep_%' OR key LIKE 'originals/drafts/d_sweep_%'`.execute(database.db)).rows[0]!.n).toBe(0);
    expect(await sweepStaleDrafts({ database, storage }, { olderThanDays: 30 })).toEqual({ drafts: 0, files: 0 });
  });
});
