import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { APPT_MESSAGES, COMMON_MESSAGES, RENTS_API_MESSAGES, ZAppointment, RENTS_MESSAGES, ZContactResult, ZMessageList, ZRentList, ZRentSummary, ZSendResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { dayInZone } from '@nj/core';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';

// Fixtures near Isla Socorro (Revillagigedo), away from seeded listings and other test files' fixtures.
const config = readServerConfig({ SESSION_SECRET: 'x'.repeat(40), USD_MXN_RATE: '20' });
let database: Database;
let app: FastifyInstance;
let owner: { cuid: string; token: string };
let renter: { cuid: string; token: string };
let stranger: { cuid: string; token: string };
let listing: string;

type Who = TestCaller;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => callAs(app, who, method, url, payload);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config });
  owner = await createTestClientSession(database);
  renter = await createTestClientSession(database);
  stranger = await createTestClientSession(database);
  [{ puid: listing }] = await insertTestProperties(database, [
    { lat: 18.78, lng: -110.97, owner_cuid: owner.cuid, rent_price: 15000, images: JSON.stringify([{ name: 'foto1', order: 0 }]) },
  ]) as unknown as [{ puid: string }];
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('rents and chat over HTTP (issue 11)', () => {
  it('contact, list, read, send (idempotent), mark seen, discard — for the two parties only', async () => {
    expect((await call(null, 'POST', '/api/v1/rents', { puid: listing, text: 'Hola' })).statusCode).toBe(401);
    const contacted = await call(renter, 'POST', '/api/v1/rents', { puid: listing, text: '¿Puedo visitarla?', client_message_id: 'k1' });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json().msg).toBe(RENTS_API_MESSAGES.contacted);
    const { ruid, created } = ZContactResult.parse(contacted.json().data);
    expect(created).toBe(true);

    const mine = ZRentList.parse((await call(renter, 'GET', '/api/v1/client/rents')).json().data);
    expect(mine.rents.map((r) => [r.ruid, r.stepLabel, r.photo, r.price])).toEqual([[ruid, 'Contactada', 'foto1', 15000]]);
    const ownerView = ZRentList.parse((await call(owner, 'GET', '/api/v1/rents?t=owner&only_active=true')).json().data);
    expect(ownerView.rents[0]).toMatchObject({ ruid, role: 'owner', unread: 1 });
    expect(ZRentSummary.parse((await call(owner, 'GET', `/api/v1/rents/${ruid}`)).json().data).ruid).toBe(ruid);
    expect((await call(stranger, 'GET', `/api/v1/rents/${ruid}`)).json()).toMatchObject({ msg: RENTS_MESSAGES.rentNotFound });
    expect((await call(stranger, 'GET', `/api/v1/messages/${ruid}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/v1/messages/${ruid}`, { text: 'Hola' })).statusCode).toBe(404);
    expect(ZRentList.parse((await call(stranger, 'GET', '/api/v1/messages/chats')).json().data).rents).toEqual([]);

    const sent = await call(owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'Claro, ¿cuándo?', client_message_id: 'k1' });
    expect(sent.statusCode).toBe(200);
    const again = ZSendResult.parse((await call(owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'Claro, ¿cuándo?', client_message_id: 'k1' })).json().data);
    expect(again).toEqual({ ...ZSendResult.parse(sent.json().data), duplicate: true });
    const all = ZMessageList.parse((await call(renter, 'GET', `/api/v1/messages/${ruid}`)).json().data).messages;
    expect(all.map((m) => m.text)).toEqual(['¿Puedo visitarla?', 'Claro, ¿cuándo?']);
    const after = ZMessageList.parse((await call(renter, 'GET', `/api/v1/messages/${ruid}?last=${all[0]!.muid}`)).json().data).messages;
    expect(after.map((m) => m.text)).toEqual(['Claro, ¿cuándo?']);
    expect(ZRentList.parse((await call(renter, 'GET', '/api/v1/messages/chats?ur=true')).json().data).rents.map((r) => r.ruid)).toEqual([ruid]);
    expect((await call(renter, 'PUT', `/api/v1/messages/${ruid}/seen`)).json().data.seen).toEqual([all[1]!.muid]);
    expect(ZRentList.parse((await call(renter, 'GET', '/api/v1/messages/chats?ur=true')).json().data).rents).toEqual([]);

    expect((await call(owner, 'POST', `/api/v1/rents/${ruid}/discard`, { reason: 'Muy corto' })).json()).toMatchObject({ msg: RENTS_MESSAGES.reasonTooShort });
    const discarded = await call(owner, 'POST', `/api/v1/rents/${ruid}/discard`, { reason: 'La propiedad ya se rentó a otra persona, gracias' });
    expect(discarded.json()).toMatchObject({ msg: RENTS_API_MESSAGES.discarded, data: { step: 'owner_discard', stepLabel: 'Descartada' } });
    const closed = await call(renter, 'POST', `/api/v1/messages/${ruid}`, { text: 'Hola' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe(RENTS_MESSAGES.conversationClosed);
  });

  it('answers bad input with Spanish 400s and never 500', async () => {
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['empty text', 'POST', '/api/v1/rents', { puid: listing, text: '   ' }],
      ['long text', 'POST', '/api/v1/rents', { puid: listing, text: 'x'.repeat(5001) }],
      ['bad puid', 'POST', '/api/v1/rents', { puid: '../etc', text: 'Hola' }],
      ['no body', 'POST', '/api/v1/rents'],
      ['bad t', 'GET', '/api/v1/rents?t=admin'],
      ['bad page', 'GET', '/api/v1/messages/chats?page=-1'],
      ['bad ruid', 'GET', '/api/v1/messages/%27%3B--'],
      ['bad last', 'GET', `/api/v1/messages/r_abc?last=${'x'.repeat(200)}`],
      ['reason not text', 'POST', '/api/v1/rents/r_abc/discard', { reason: 5 }],
    ];
    for (const [name, method, url, payload] of cases) {
      const res = await call(renter, method, url, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toMatch(/[a-záéíóúñ]/);
      expect(res.json().msg, name).not.toBe(COMMON_MESSAGES.generic);
    }
    expect((await call(owner, 'POST', '/api/v1/rents', { puid: listing, text: 'Hola' })).json()).toMatchObject({ msg: RENTS_MESSAGES.ownListing });
  });

  it('visit over HTTP: request, propose (window, Spanish 400s), select the option, confirm, cancel; review waits for the visit', async () => {
    const visitor = await createTestClientSession(database);
    const { ruid } = ZContactResult.parse((await call(visitor, 'POST', '/api/v1/rents', { puid: listing, text: 'Quiero verla' })).json().data);
    expect((await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment`)).statusCode).toBe(409);
    const { auid } = ZAppointment.parse((await call(visitor, 'POST', `/api/v1/rents/${ruid}/appointment`)).json().data);
    const zone = 'America/Mexico_City';
    const [y, m, d] = dayInZone(Date.now(), zone).split('-').map(Number) as [number, number, number];
    const inDays = (n: number) => new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
    const tooFar = await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/times`, { times: [{ date: inDays(8), time: '10:00' }], time_zone: zone });
    expect(tooFar.json()).toMatchObject({ msg: APPT_MESSAGES.outsideWindow });
    expect((await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/times`, { times: 'mañana', time_zone: zone })).json()).toMatchObject({ msg: APPT_MESSAGES.timesRequired });
    const proposed = ZAppointment.parse((await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/times`, { times: [{ date: inDays(1), time: '10:00' }, { date: inDays(7), time: '17:30' }], time_zone: zone })).json().data);
    expect(proposed.proposed).toHaveLength(2);
    const offer = ZMessageList.parse((await call(visitor, 'GET', `/api/v1/messages/${ruid}`)).json().data).messages.at(-1)!;
    const so = (who: Who, option: string) => call(who, 'PUT', `/api/v1/messages/so?muid=${offer.muid}&so=${encodeURIComponent(option)}`);
    expect((await so(visitor, 'otra')).json()).toMatchObject({ msg: RENTS_MESSAGES.optionInvalid });
    expect((await so(stranger, proposed.proposed[1]!.st)).statusCode).toBe(404);
    expect((await so(visitor, proposed.proposed[1]!.st)).json().data.dynamic_content.selected_option).toBe(proposed.proposed[1]!.st);
    const confirmed = ZAppointment.parse((await call(visitor, 'POST', `/api/v1/rents/${ruid}/appointment/confirm`, { st: proposed.proposed[1]!.st })).json().data);
    expect(confirmed).toMatchObject({ auid, status: 'confirmed', st: proposed.proposed[1]!.st, time_zone: zone });
    const current = (await call(visitor, 'GET', `/api/v1/rents/${ruid}/appointment`)).json().data;
    expect(current).toMatchObject({ appointment: { auid, status: 'confirmed', st: proposed.proposed[1]!.st }, reviewed_by_me: false });
    expect((await call(stranger, 'GET', `/api/v1/rents/${ruid}/appointment`)).statusCode).toBe(404);
    // The development shortcut that moves a visit to the past does not exist without DEV_OUTBOX=1.
    expect((await call(visitor, 'POST', `/api/dev/appointments/${auid}/elapse`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/v1/appts/${auid}/review`, { rating: 5 })).json()).toMatchObject({ msg: APPT_MESSAGES.notYetVisited });
    expect((await call(owner, 'POST', `/api/v1/appts/${auid}/review`, { rating: 9 })).json()).toMatchObject({ msg: APPT_MESSAGES.ratingInvalid });
    expect((await call(stranger, 'POST', `/api/v1/appts/${auid}/review`, { rating: 3 })).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/cancel`)).statusCode).toBe(200);
    const again = await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(RENTS_MESSAGES.cancelApptFailed);
  });

  it('after the visit (moved to the past by the local development shortcut) both sides rate each other once', async () => {
    const devApp = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DEV_OUTBOX: '1' }) });
    try {
      const visitor = await createTestClientSession(database);
      const { ruid } = ZContactResult.parse((await call(visitor, 'POST', '/api/v1/rents', { puid: listing, text: 'Otra visita' })).json().data);
      const { auid } = ZAppointment.parse((await call(visitor, 'POST', `/api/v1/rents/${ruid}/appointment`)).json().data);
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const proposed = ZAppointment.parse((await call(owner, 'POST', `/api/v1/rents/${ruid}/appointment/times`, { times: [{ date: day, time: '12:00' }], time_zone: 'UTC' })).json().data);
      await call(visitor, 'POST', `/api/v1/rents/${ruid}/appointment/confirm`, { st: proposed.proposed[0]!.st });
      const elapse = await callAs(devApp, null, 'POST', `/api/dev/appointments/${auid}/elapse`);
      expect(elapse.statusCode, elapse.body).toBe(200);
      const forwarded = await devApp.inject({ method: 'POST', url: `/api/dev/appointments/${auid}/elapse`, cookies: { [CSRF_COOKIE]: csrfFor(devApp, undefined) }, headers: { 'x-csrf-token': csrfFor(devApp, undefined), 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.statusCode).toBe(404);
      expect((await call(visitor, 'POST', `/api/v1/appts/${auid}/review`, { rating: 4, comment: 'Muy amable' })).statusCode).toBe(200);
      expect((await call(owner, 'POST', `/api/v1/appts/${auid}/review`, { rating: 5 })).statusCode).toBe(200);
      expect((await call(owner, 'POST', `/api/v1/appts/${auid}/review`, { rating: 1 })).json()).toMatchObject({ msg: APPT_MESSAGES.alreadyReviewed });
      expect((await call(visitor, 'GET', `/api/v1/rents/${ruid}/appointment`)).json().data.reviewed_by_me).toBe(true);
    } finally {
      await devApp.close();
    }
  });

  it('block and unblock over HTTP: a blocked conversation answers 409 with the Spanish reason', async () => {
    const visitor = await createTestClientSession(database);
    const { ruid } = ZContactResult.parse((await call(visitor, 'POST', '/api/v1/rents', { puid: listing, text: 'Hola' })).json().data);
    const blocked = await call(visitor, 'POST', `/api/v1/rents/${ruid}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(ZRentSummary.parse(blocked.json().data).blocked).toBe('me');
    expect(ZRentSummary.parse((await call(owner, 'GET', `/api/v1/rents/${ruid}`)).json().data).blocked).toBe('other');
    const refused = await call(owner, 'POST', `/api/v1/messages/${ruid}`, { text: '¿Sigues interesado?' });
    expect([refused.statusCode, refused.json().msg]).toEqual([409, RENTS_MESSAGES.conversationBlocked]);
    expect((await call(owner, 'POST', `/api/v1/rents/${ruid}/unblock`)).json().msg).toBe(RENTS_MESSAGES.notBlockedByYou);
    expect((await call(stranger, 'POST', `/api/v1/rents/${ruid}/unblock`)).statusCode).toBe(404);
    expect((await call(visitor, 'POST', `/api/v1/rents/${ruid}/unblock`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/v1/messages/${ruid}`, { text: '¿Sigues interesado?' })).statusCode).toBe(200);
  });

  it('a signed-in visitor\'s lead form lands in the owner\'s conversation list', async () => {
    const writer = await createTestClientSession(database);
    const lead = await call(writer, 'POST', '/api/v1/leads/contact', { puid: listing, name: 'Ana', phone: '3312345678', email: 'ana@example.com', message: 'Me interesa, ¿aceptan mascotas?' });
    expect(lead.statusCode).toBe(200);
    const chats = ZRentList.parse((await call(owner, 'GET', '/api/v1/messages/chats')).json().data).rents;
    const mine = chats.find((c) => c.lastText === 'Me interesa, ¿aceptan mascotas?');
    expect(mine).toMatchObject({ role: 'owner', step: 'hello', unread: 1, price: 15000 });
    const fromWriter = ZRentList.parse((await call(writer, 'GET', '/api/v1/client/rents')).json().data).rents;
    expect(fromWriter.map((r) => r.ruid)).toEqual([mine!.ruid]);
  });
});
