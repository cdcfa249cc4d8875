import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { sweepStaleListingImports } from './sweep-stale-listing-imports.ts';

let database: Database;
let dir: string;
let storage: MediaStorage;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-sweep-imports-'));
  storage = createLocalMediaStorage({ root: dir });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sweepStaleListingImports (issue 10 import page)', () => {
  it('deletes uploads never imported after the given days with their files, and keeps recent ones and imports that ran', async () => {
    const { cuid } = await createTestClientSession(database);
    const add = async (id: string, status: 'planned' | 'done', daysAgo: number) => {
      const stored = `imports/${cuid.toLowerCase()}/${id}.upload`;
      await storage.put(stored, Buffer.from('a,b\n1,2'), { contentType: 'application/octet-stream' });
      await database.db.insertInto('listing_imports').values({
        id, owner_cuid: cuid, file_name: `${id}.csv`, stored_path: stored, format: 'csv', status,
        mapping: JSON.stringify({ headers: ['a', 'b'], columns: [], missing: [] }),
      }).execute();
      await sql`UPDATE listing_imports SET created_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${id}`.execute(database.db);
      return stored;
    };
    const old = await add('imp_viejo', 'planned', 8);
    const recent = await add('imp_reciente', 'planned', 2);
    await add('imp_hecho', 'done', 30);
    expect(await sweepStaleListingImports({ database, storage }, { olderThanDays: 7 })).toBe(1);
    const left = await database.db.selectFrom('listing_imports').select('id').where('owner_cuid', '=', cuid).orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['imp_hecho', 'imp_reciente']);
    expect(await storage.get(old)).toBeNull();
    expect(await storage.get(recent)).not.toBeNull();
  });
});
