import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createTestClientSession } from './testing/registered-session.ts';
import { mergeLikes } from './merge-likes.ts';
import { toggleLike } from './toggle-like.ts';
import { listLikedProperties } from './list-liked-properties.ts';
import { likesRepository } from './likes-repository.ts';
import { registeredActor } from '../policies/actor.ts';

let database: Database;
let ids: { puid: string }[];
const rates = { usd: 20, eur: 21 };
const likes = async (puid: string) =>
  (await database.db.selectFrom('properties').select('likes').where('puid', '=', puid).executeTakeFirstOrThrow()).likes;

beforeAll(async () => {
  database = await openTestDatabase();
  ids = await insertTestProperties(database, [0, 1, 2, 3].map((i) => ({ lat: 18.3 + i * 0.001, lng: -114.2 })));
});
afterAll(async () => {
  await database?.close();
});

describe('mergeLikes', () => {
  it("moves an anonymous client's likes to the account, once each, keeping the counters equal to the rows", async () => {
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const account = await createTestClientSession(database);
    const other = await createTestClientSession(database);
    const [a, b, c, d] = ids.map((i) => i.puid) as [string, string, string, string];
    // Likes written directly: an anonymous client cannot like through the API, but may hold likes from before.
    await database.db.insertInto('property_likes').values([
      { cuid: anonymous.cuid, puid: a, created_at: new Date('2024-01-01') },
      { cuid: anonymous.cuid, puid: b, created_at: new Date('2024-01-03') },
    ]).execute();
    await toggleLike(database, { actor: registeredActor(account.cuid), puid: b });
    await toggleLike(database, { actor: registeredActor(account.cuid), puid: c });
    await toggleLike(database, { actor: registeredActor(other.cuid), puid: d });
    expect(await likes(b)).toBe(2);

    expect(await mergeLikes(database, anonymous.cuid, account.cuid)).toBe(1); // a moved; b was already liked
    expect(await likes(a)).toBe(1);
    expect(await likes(b)).toBe(1);
    expect(await likes(c)).toBe(1);
    expect(await likes(d)).toBe(1);
    const list = await listLikedProperties(database, { actor: registeredActor(account.cuid), rates });
    expect(list.total).toBe(3);
    expect(new Set(list.properties.map((p) => p.uid))).toEqual(new Set([a, b, c]));
    expect(list.properties.at(-1)?.uid).toBe(a); // the moved like keeps its date (oldest)
    expect((await likesRepository.likedAmong(database, anonymous.cuid, [a, b, c, d])).size).toBe(0);
    expect([...(await likesRepository.likedAmong(database, other.cuid, [a, b, c, d]))]).toEqual([d]);

    expect(await mergeLikes(database, anonymous.cuid, account.cuid)).toBe(0); // nothing left: idempotent
    expect(await mergeLikes(database, account.cuid, account.cuid)).toBe(0);
    expect((await listLikedProperties(database, { actor: registeredActor(account.cuid), rates })).total).toBe(3);
  });

  it('changes nothing when the target client does not exist (one statement: all or nothing)', async () => {
    const anonymous = await createTestClientSession(database, { anonymous: true });
    await database.db.insertInto('property_likes').values({ cuid: anonymous.cuid, puid: ids[3]!.puid }).execute();
    const before = await likes(ids[3]!.puid);
    await expect(mergeLikes(database, anonymous.cuid, 'c_missing')).rejects.toThrow();
    expect(await likes(ids[3]!.puid)).toBe(before);
    expect((await likesRepository.likedAmong(database, anonymous.cuid, [ids[3]!.puid])).size).toBe(1);
  });
});
