import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { ZOwnerLeadList } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Fixtures near Isla Roca Partida (Revillagigedo), away from seeded listings and other test files' fixtures.
let database: Database;
let app: FastifyInstance;
type Who = { cuid: string; token: string };
let owner: Who; let other: Who; let signedIn: Who;

const get = (who: Who | null, url: string) => app.inject({
  method: 'GET', url, cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
});

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'l'.repeat(40) }) });
  [owner, other, signedIn] = (await Promise.all([0, 1, 2].map(() => createTestClientSession(database)))) as [Who, Who, Who];
  const anonymous = await createTestClientSession(database, { anonymous: true });
  const [{ puid: mine }, { puid: theirs }] = await insertTestProperties(database, [
    { lat: 18.99, lng: -112.04, owner_cuid: owner.cuid, rent_price: 9000 },
    { lat: 18.99, lng: -112.05, owner_cuid: other.cuid, rent_price: 9500 },
  ]) as unknown as [{ puid: string }, { puid: string }];
  const lead = (luid: string, puid: string, owner_cuid: string, sender_cuid: string | null, name: string, minutesAgo: number) => ({
    luid, puid, owner_cuid, sender_cuid, name, phone: '+523312345678', email: `${luid}@example.mx`, message: `Hola, soy ${name}`, ip: null,
    created_at: new Date(Date.now() - minutesAgo * 60_000),
  });
  await database.db.insertInto('leads').values([
    lead('l_visit1', mine, owner.cuid, null, 'Ana', 10),
    lead('l_anon', mine, owner.cuid, anonymous.cuid, 'Beto', 5),
    lead('l_signed', mine, owner.cuid, signedIn.cuid, 'Carla', 1),
    lead('l_other', theirs, other.cuid, null, 'Dora', 2),
  ]).execute();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/v1/leads (issue 11: contact-form messages in the owner\'s conversation list)', () => {
  it('lists the owner\'s leads from people without an account, newest first, to the owner alone', async () => {
    expect((await get(null, '/api/v1/leads')).statusCode).toBe(401);
    const mine = ZOwnerLeadList.parse((await get(owner, '/api/v1/leads')).json().data);
    expect(mine.leads.map((l) => [l.luid, l.name])).toEqual([['l_anon', 'Beto'], ['l_visit1', 'Ana']]);
    expect(mine.leads[0]).toMatchObject({ email: 'l_anon@example.mx', phone: '+523312345678', message: 'Hola, soy Beto' });
    expect(mine.hasMore).toBe(false);
    expect(ZOwnerLeadList.parse((await get(other, '/api/v1/leads')).json().data).leads.map((l) => l.luid)).toEqual(['l_other']);
    expect(ZOwnerLeadList.parse((await get(signedIn, '/api/v1/leads')).json().data).leads).toEqual([]);
    expect((await get(owner, '/api/v1/leads?page=0')).statusCode).toBe(400);
  });
});
