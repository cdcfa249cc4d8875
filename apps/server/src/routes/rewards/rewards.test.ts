import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, REWARDS_MESSAGES, WELCOME_REWARD_MXN, ZEmoneyStatement, ZWelcomeReward } from '@nj/contracts';
import { claimWelcomeReward, getClientView, registeredActor } from '@nj/core';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

let database: Database;
let app: FastifyInstance;
let csrf: string;
type Who = { token: string } | null;
const cookies = (who: Who) => ({ [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) });
const call = (who: Who, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, cookies: cookies(who), headers: { 'x-csrf-token': csrfFor(app, who?.token) } });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
  const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
  csrf = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('welcome reward (spec 02 §2 modal 9, §9)', () => {
  it('credits 200 MXN once as a ledger entry; the client view and the statement read the sum', async () => {
    const alice = await createTestClientSession(database);
    const before = await call(alice, 'GET', '/api/v1/client/rewards/welcome');
    expect(before.statusCode).toBe(200);
    expect(ZWelcomeReward.parse(before.json().data)).toEqual({
      amount_mxn: 200, is_claimed: false, claimed_at: null, emoney: 0, is_new_credit: false,
    });

    const claim = await call(alice, 'POST', '/api/v1/client/rewards/welcome');
    expect(claim.statusCode).toBe(200);
    expect(claim.json().msg).toBe('Has recibido tus $200 mxn con éxito');
    expect(claim.json().data).toMatchObject({ amount_mxn: WELCOME_REWARD_MXN, is_claimed: true, emoney: 200, is_new_credit: true });

    const again = await call(alice, 'POST', '/api/v1/client/rewards/welcome');
    expect(again.statusCode).toBe(200);
    expect(again.json().msg).toBe(REWARDS_MESSAGES.alreadyClaimed);
    expect(again.json().data).toMatchObject({ emoney: 200, is_new_credit: false });

    const rows = await database.db.selectFrom('emoney_ledger').selectAll().where('cuid', '=', alice.cuid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'welcome_reward', amount_mxn: 200 });

    expect((await getClientView({ database, cuid: alice.cuid }))?.client.emoney).toBe(200);
    const statement = ZEmoneyStatement.parse((await call(alice, 'GET', '/api/v1/client/emoney?page=abc')).json().data);
    expect(statement).toMatchObject({ emoney: 200, page: 1, total: 1 });
    expect(statement.entries[0]).toMatchObject({ amount_mxn: 200, kind: 'welcome_reward' });
  });

  it('is idempotent under concurrent claims', async () => {
    const bob = await createTestClientSession(database);
    const results = await Promise.all(Array.from({ length: 8 }, () => claimWelcomeReward({ database, actor: registeredActor(bob.cuid) })));
    expect(results.filter((r) => r.is_new_credit)).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(bob, 'POST', '/api/v1/client/rewards/welcome')));
    expect(answers.every((a) => a.statusCode === 200 && a.json().data.is_new_credit === false)).toBe(true);
    const sum = await database.db.selectFrom('emoney_ledger').select((eb) => eb.fn.sum<number>('amount_mxn').as('s'))
      .where('cuid', '=', bob.cuid).executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(200);
  });

  it('keeps each client to its own ledger', async () => {
    const carol = await createTestClientSession(database);
    const dave = await createTestClientSession(database);
    await call(carol, 'POST', '/api/v1/client/rewards/welcome');
    const daveView = await call(dave, 'GET', '/api/v1/client/rewards/welcome');
    expect(daveView.json().data).toMatchObject({ is_claimed: false, emoney: 0 });
    const daveStatement = await call(dave, 'GET', '/api/v1/client/emoney');
    expect(daveStatement.json().data).toMatchObject({ emoney: 0, total: 0, entries: [] });
  });

  it('answers 401 in Spanish to a visitor and to an anonymous client, and credits nothing', async () => {
    const anon = await createTestClientSession(database, { anonymous: true });
    for (const who of [null, anon]) {
      for (const [method, url] of [['GET', '/api/v1/client/rewards/welcome'], ['POST', '/api/v1/client/rewards/welcome'], ['GET', '/api/v1/client/emoney']] as const) {
        const res = await call(who, method, url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: COMMON_MESSAGES.loginRequired, data: null });
      }
    }
    const rows = await database.db.selectFrom('emoney_ledger').select('id').where('cuid', '=', anon.cuid).execute();
    expect(rows).toHaveLength(0);
  });
});
