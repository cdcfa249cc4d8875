import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { findMediaAccess } from './media-access.ts';
import { registeredActor, VISITOR } from '../policies/actor.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys, sweepPendingMedia } from './pending-media.ts';
import { createLocalMediaStorage } from './storage/local-media-storage.ts';
import { sweepOrphanMedia } from './sweep-orphan-media.ts';
import type { MediaStorage } from './storage/media-storage.ts';

let database: Database;
let dir: string;
let storage: MediaStorage;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-pending-'));
  storage = createLocalMediaStorage({ root: dir });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pending = async () => (await sql<{ key: string }>`SELECT key FROM media_pending ORDER BY key`.execute(database.db)).rows.map((r) => r.key);
const onDisk = (key: string) => existsSync(join(dir, ...key.split('/')));
/** Makes every journal row older by `interval` (a PostgreSQL interval), instead of waiting for time to pass. */
const age = async (interval: string) => {
  await sql`UPDATE media_pending SET created_at = created_at - ${interval}::interval`.execute(database.db);
};
const put = (key: string) => storage.put(key, Buffer.from('x'), { contentType: 'image/webp' });

describe('media_pending journal (issue 7 §7)', () => {
  it('settled keys stay; pending keys are swept (all at start on PGlite, only old ones with a grace)', async () => {
    await recordPendingKeys(database.db, ['properties/p_a/1.webp', 'properties/p_a/2.webp', 'properties/p_b/1.webp']);
    await recordPendingKeys(database.db, ['properties/p_a/1.webp']); // idempotent
    await Promise.all(['properties/p_a/1.webp', 'properties/p_a/2.webp', 'properties/p_b/1.webp'].map(put));
    expect(await database.db.transaction().execute((trx) => settlePendingKeys(trx, ['properties/p_b/1.webp', 'properties/p_b/nunca.webp']))).toBe(1);
    expect(await pending()).toEqual(['properties/p_a/1.webp', 'properties/p_a/2.webp']);
    // a grace longer than their age keeps them (another process may still be uploading)
    expect(await sweepPendingMedia({ database, storage }, { olderThanSeconds: 3600 })).toBe(0);
    expect(onDisk('properties/p_a/1.webp')).toBe(true);
    await age('2 hours');
    expect(await sweepPendingMedia({ database, storage }, { olderThanSeconds: 3600, batch: 1 })).toBe(2);
    expect(await pending()).toEqual([]);
    expect(onDisk('properties/p_a/1.webp') || onDisk('properties/p_a/2.webp')).toBe(false);
    expect(onDisk('properties/p_b/1.webp')).toBe(true); // settled: referenced by a committed row, kept
  });

  it('a key whose file cannot be deleted keeps its journal row, so a later sweep retries', async () => {
    const failing: MediaStorage = { ...storage, delete: async (key) => { if (key.includes('roto')) throw new Error('disk'); await storage.delete(key); } };
    await recordPendingKeys(database.db, ['drafts/d_x/roto.webp', 'drafts/d_x/bien.webp']);
    expect(await discardMediaKeys({ database, storage: failing }, ['drafts/d_x/roto.webp', 'drafts/d_x/bien.webp'])).toBe(1);
    expect(await pending()).toEqual(['drafts/d_x/roto.webp']);
    await age('1 second');
    expect(await sweepPendingMedia({ database, storage }, { olderThanSeconds: 0 })).toBe(1);
    expect(await pending()).toEqual([]);
  });
});

describe('findMediaAccess: only keys a committed row references (issue 7 §7)', () => {
  it('listing photos public, draft photos only to their owner, profile photos public, the rest never', async () => {
    const { db } = database;
    for (const cuid of ['c_dueno_media', 'c_otro_media']) await db.insertInto('clients').values({ cuid, is_anonymous: false }).execute();
    const listing = await db.selectFrom('properties').select('puid').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('properties').set({ images: JSON.stringify([{ name: 'aaaa000011112222', order: 0 }]) }).where('puid', '=', listing.puid).execute();
    await db.insertInto('property_drafts').values({ id: 'd_media1', owner_cuid: 'c_dueno_media', data: JSON.stringify({ photos: [{ name: 'bbbb000011112222' }] }) }).execute();
    await db.updateTable('clients').set({ profile_photo_name: 'profile/c_dueno_media/abc123.webp' }).where('cuid', '=', 'c_dueno_media').execute();
    const access = (key: string, viewerCuid?: string) => findMediaAccess({ database }, { key, actor: viewerCuid ? registeredActor(viewerCuid) : VISITOR });

    for (const v of ['', '_card', '_thumb']) expect(await access(`properties/${listing.puid}/aaaa000011112222${v}.webp`)).toBe('public');
    expect(await access(`properties/${listing.puid}/cccc000011112222_card.webp`)).toBe('none'); // not in images
    expect(await access('properties/p_nada/aaaa000011112222.webp')).toBe('none');
    expect(await access(`originals/properties/${listing.puid}/aaaa000011112222`)).toBe('none');

    expect(await access('drafts/d_media1/bbbb000011112222_card.webp', 'c_dueno_media')).toBe('owner');
    expect(await access('drafts/d_media1/bbbb000011112222_card.webp', 'c_otro_media')).toBe('none');
    expect(await access('drafts/d_media1/bbbb000011112222_card.webp')).toBe('none');
    expect(await access('drafts/d_media1/cccc000011112222.webp', 'c_dueno_media')).toBe('none');

    expect(await access('profile/c_dueno_media/abc123.webp')).toBe('public');
    expect(await access('profile/c_dueno_media/abc123-thumb.webp')).toBe('public');
    expect(await access('profile/c_dueno_media/viejo99.webp')).toBe('none');
    expect(await access('profile/c_otro_media/abc123.webp')).toBe('none');
    expect(await access('otra/cosa.webp')).toBe('none');
  });
});

describe('sweepOrphanMedia: files no committed row references, older than the grace (issue 7 §7)', () => {
  it('deletes old unreferenced files and temporary leftovers; keeps referenced, journaled and recent ones', async () => {
    const { db } = database;
    await db.insertInto('clients').values({ cuid: 'c_orfan', is_anonymous: false, profile_photo_name: 'profile/c_orfan/foto1.webp' }).execute();
    const listing = await db.selectFrom('properties').select('puid').offset(1).limit(1).executeTakeFirstOrThrow();
    await db.updateTable('properties').set({ images: JSON.stringify([{ name: 'dddd000011112222', order: 0 }]) }).where('puid', '=', listing.puid).execute();
    await db.insertInto('property_drafts').values({ id: 'd_orfan', owner_cuid: 'c_orfan', data: JSON.stringify({ photos: [{ name: 'eeee000011112222' }] }) }).execute();
    const kept = [
      `properties/${listing.puid}/dddd000011112222.webp`, `properties/${listing.puid}/dddd000011112222_card.webp`,
      `originals/properties/${listing.puid}/dddd000011112222`, 'drafts/d_orfan/eeee000011112222_thumb.webp',
      'originals/drafts/d_orfan/eeee000011112222', 'profile/c_orfan/foto1.webp', 'profile/c_orfan/foto1-thumb.webp',
      'properties/p_journal/ffff000011112222.webp', // in the journal: sweepPendingMedia's
    ];
    const orphans = [
      `properties/${listing.puid}/9999000011112222_thumb.webp`, 'properties/p_sin_fila/dddd000011112222.webp',
      'originals/properties/p_sin_fila/dddd000011112222', 'drafts/d_borrado/eeee000011112222.webp',
      'profile/c_orfan/vieja.webp', 'profile/c_nadie/foto1.webp', `properties/${listing.puid}/dddd000011112222.webp.1a2b3c.tmp`,
    ];
    const recent = 'properties/p_sin_fila/reciente.webp';
    await recordPendingKeys(db, ['properties/p_journal/ffff000011112222.webp']);
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const key of [...kept, ...orphans, recent]) {
      await put(key);
      if (key !== recent) utimesSync(join(dir, ...key.split('/')), old, old);
    }
    const result = await sweepOrphanMedia({ database, storage }, { olderThanSeconds: 3600 });
    expect(result.deleted).toBe(orphans.length);
    for (const key of orphans) expect(onDisk(key), key).toBe(false);
    for (const key of [...kept, recent]) expect(onDisk(key), key).toBe(true);
    // listing the storage: every object with its time
    const listed: string[] = [];
    for await (const o of storage.list('profile/')) listed.push(o.key);
    expect(listed.sort()).toEqual(['profile/c_orfan/foto1-thumb.webp', 'profile/c_orfan/foto1.webp']);
  });
});
