import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { openTestDatabase, type Database } from '@nj/db';
import { RENTS_MESSAGES, ZChatAuth, ZContactResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { startTestRedis, type TestRedis } from '@nj/core/testing/redis-server';
import { issueChatToken } from '@nj/core';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { callAs } from '../testing/call-as.ts';
import { chatPresence } from '@nj/core/rents/chat-presence';
import { CHAT_SOCKET_PATH } from './chat-socket.ts';

// Fixtures near Isla Clarión (Revillagigedo), away from seeded listings and other test files' fixtures.
const SECRET = 's'.repeat(40);
let database: Database;
let redis: TestRedis;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlA = '';
let urlB = '';
let owner: { cuid: string; token: string };
let renter: { cuid: string; token: string };
let stranger: { cuid: string; token: string };
let ruid = '';
const sockets: Socket[] = [];

const call = callAs;

async function chatToken(who: { token: string }): Promise<string> {
  const answer = await call(appA, who, 'GET', '/api/v1/messages/auth');
  expect(answer.statusCode).toBe(200);
  return ZChatAuth.parse(answer.json().data).token;
}

/** A socket.io client on `url` that records every event it receives, in order. */
function client(url: string) {
  const socket = connect(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { name: string; data: any }[] = [];
  socket.onAny((name: string, data: unknown) => events.push({ name, data }));
  return { socket, events, named: (name: string) => events.filter((e) => e.name === name).map((e) => e.data) };
}

async function joined(c: ReturnType<typeof client>, token: string, room: string) {
  c.socket.emit('on_join_room', { token, ruid: room });
  await vi.waitFor(() => expect(c.events.some((e) => e.name === 'on_joined_room' || e.name === 'on_error_alert')).toBe(true));
  return c;
}

beforeAll(async () => {
  redis = await startTestRedis();
  database = await openTestDatabase();
  const config = readServerConfig({ SESSION_SECRET: SECRET, REDIS_URL: redis.url });
  // Two server processes' worth of app on one database, sharing rooms through Redis.
  appA = await buildApp({ database, config });
  appB = await buildApp({ database, config });
  urlA = await appA.listen({ port: 0, host: '127.0.0.1' });
  urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestClientSession(database);
  renter = await createTestClientSession(database);
  stranger = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [
    { lat: 18.35, lng: -114.72, owner_cuid: owner.cuid, rent_price: 12000 },
  ]) as unknown as [{ puid: string }];
  const contacted = await call(appA, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola, ¿sigue disponible?', client_message_id: 'c0' });
  ruid = ZContactResult.parse(contacted.json().data).ruid;
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
  await database?.close();
  redis?.stop();
});

describe('chat socket (issue 11: on_join_room, on_message_sent, on_message_received; Redis across processes)', () => {
  it('gives a token only to a signed-in client, and refuses forged, expired and strangers\' tokens', async () => {
    expect((await call(appA, null, 'GET', '/api/v1/messages/auth')).statusCode).toBe(401);
    const forged = await joined(client(urlA), `${renter.cuid}.${Date.now() + 60_000}.AAAA`, ruid);
    expect(forged.named('on_error_alert')).toEqual([expect.objectContaining({ msg: RENTS_MESSAGES.chatTokenInvalid, ruid })]);
    const expired = issueChatToken({ secret: SECRET, cuid: renter.cuid, now: Date.now() - 10 * 60_000 }).token;
    expect((await joined(client(urlA), expired, ruid)).named('on_error_alert')[0].msg).toBe(RENTS_MESSAGES.chatTokenInvalid);
    const outsider = await joined(client(urlA), await chatToken(stranger), ruid);
    expect(outsider.named('on_error_alert')[0].msg).toBe(RENTS_MESSAGES.rentNotFound);
    outsider.socket.emit('on_message_sent', { ruid, text: 'Hola', client_message_id: 'x1' });
    await vi.waitFor(() => expect(outsider.named('on_error_alert')).toHaveLength(2));
    expect(outsider.named('on_error_alert')[1].msg).toBe(RENTS_MESSAGES.chatJoinFirst);
    expect(outsider.named('on_joined_room')).toEqual([]);
  });

  it('delivers a message stored by one process to the other party on another process, once, even when resent', async () => {
    const ownerSocket = await joined(client(urlB), await chatToken(owner), ruid);
    expect(ownerSocket.named('on_joined_room')).toEqual([expect.objectContaining({ ruid })]);
    const renterSocket = await joined(client(urlA), await chatToken(renter), ruid);
    expect(renterSocket.named('on_joined_room')).toHaveLength(1);

    renterSocket.socket.emit('on_message_sent', { ruid, text: 'Me interesa visitarla el sábado', client_message_id: 'r1' });
    await vi.waitFor(() => expect(ownerSocket.named('on_message_received')).toHaveLength(1));
    expect(ownerSocket.named('on_message_received')[0]).toMatchObject({ ruid, message: { text: 'Me interesa visitarla el sábado' } });
    await vi.waitFor(() => expect(renterSocket.named('on_message_sent')).toHaveLength(1));
    expect(renterSocket.named('on_message_sent')[0]).toMatchObject({ duplicate: false, message: { text: 'Me interesa visitarla el sábado' } });

    // A resend after a reconnect (same client id) is acknowledged as a duplicate and reaches no one again.
    renterSocket.socket.emit('on_message_sent', { ruid, text: 'Me interesa visitarla el sábado', client_message_id: 'r1' });
    await vi.waitFor(() => expect(renterSocket.named('on_message_sent')).toHaveLength(2));
    expect(renterSocket.named('on_message_sent')[1]).toMatchObject({ duplicate: true });
    ownerSocket.socket.emit('on_message_sent', { ruid, text: 'Claro, a las 11', client_message_id: 'o1' });
    await vi.waitFor(() => expect(renterSocket.named('on_message_received').map((d) => d.message.text)).toContain('Claro, a las 11'));
    expect(ownerSocket.named('on_message_received').map((d) => d.message.text).filter((t: string) => t.startsWith('Me interesa'))).toHaveLength(1);

    // A message sent over HTTP (the fallback) reaches the sockets too; bad input gets a Spanish alert, nothing stored.
    await call(appB, owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'También el domingo', client_message_id: 'o2' });
    await vi.waitFor(() => expect(renterSocket.named('on_message_received').map((d) => d.message.text)).toContain('También el domingo'));
    renterSocket.socket.emit('on_message_sent', { ruid, text: '   ', client_message_id: 'r2' });
    await vi.waitFor(() => expect(renterSocket.named('on_error_alert')).toEqual([expect.objectContaining({ msg: RENTS_MESSAGES.messageEmpty, client_message_id: 'r2' })]));
    const stored = (await call(appA, renter, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages.map((m: { text: string }) => m.text);
    expect(stored).toEqual(['Hola, ¿sigue disponible?', 'Me interesa visitarla el sábado', 'Claro, a las 11', 'También el domingo']);
  });

  it('tells a client room (no ruid) of new messages, the sender of seen receipts and both sides of step changes', async () => {
    const nav = await joined(client(urlB), await chatToken(owner), undefined as unknown as string);
    expect(nav.named('on_joined_room')).toEqual([{ ruid: null, rent: null }]);
    const renterSocket = await joined(client(urlA), await chatToken(renter), ruid);
    renterSocket.socket.emit('on_message_sent', { ruid, text: '¿Aceptan mascotas?', client_message_id: 'r-nav' });
    await vi.waitFor(() => expect(nav.named('on_message_received').map((d) => d.message.text)).toContain('¿Aceptan mascotas?'));
    // A client room without a rent's room cannot send into a conversation it has not joined.
    nav.socket.emit('on_message_sent', { ruid, text: 'Hola', client_message_id: 'o-nav' });
    await vi.waitFor(() => expect(nav.named('on_error_alert').map((d) => d.msg)).toContain(RENTS_MESSAGES.chatJoinFirst));

    const seen = await call(appB, owner, 'PUT', `/api/v1/messages/${ruid}/seen`);
    expect(seen.statusCode).toBe(200);
    await vi.waitFor(() => expect(renterSocket.named('on_messages_seen')).toHaveLength(1));
    expect(renterSocket.named('on_messages_seen')[0].muids).toEqual(seen.json().data.seen);

    expect((await call(appA, renter, 'POST', `/api/v1/rents/${ruid}/appointment`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(nav.named('on_quick_buttons_update')).toEqual([expect.objectContaining({ ruid, step: 'appt_requested' })]));
    await vi.waitFor(() => expect(renterSocket.named('on_quick_buttons_update').map((d) => d.step)).toContain('appt_requested'));
    expect((await call(appA, renter, 'POST', `/api/v1/rents/${ruid}/appointment/cancel`)).statusCode).toBe(200);
  });

  it('a client that reconnects rejoins with a new token and fetches exactly what it missed with ?last', async () => {
    const renterSocket = await joined(client(urlA), await chatToken(renter), ruid);
    const before = (await call(appA, renter, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages as { muid: string }[];
    const last = before.at(-1)!.muid;
    renterSocket.socket.disconnect();
    await call(appB, owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'Mientras no estabas 1', client_message_id: 'away-1' });
    await call(appB, owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'Mientras no estabas 2', client_message_id: 'away-2' });
    expect(renterSocket.named('on_message_received').map((d) => d.message.text)).not.toContain('Mientras no estabas 1');

    const back = await joined(client(urlB), await chatToken(renter), ruid);
    expect(back.named('on_joined_room')).toHaveLength(1);
    const missed = (await call(appB, renter, 'GET', `/api/v1/messages/${ruid}?last=${last}`)).json().data.messages.map((m: { text: string }) => m.text);
    expect(missed).toEqual(['Mientras no estabas 1', 'Mientras no estabas 2']);
    await call(appA, owner, 'POST', `/api/v1/messages/${ruid}`, { text: 'Ya regresaste', client_message_id: 'away-3' });
    await vi.waitFor(() => expect(back.named('on_message_received').map((d) => d.message.text)).toContain('Ya regresaste'));
  });

  it('refuses a handshake from another site (Origin of a different host) and takes one from its own', async () => {
    const attempt = (origin: string) => new Promise<string>((resolve) => {
      const socket = connect(urlA, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin } });
      sockets.push(socket);
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', () => resolve('refused'));
    });
    expect(await attempt('https://otro-sitio.example')).toBe('refused');
    expect(await attempt(urlA)).toBe('connected');
  });

  it('presence: no offline notification for a receiver connected to this process; one once the socket closes (issue 11)', async () => {
    // One job per conversation, receiver and minute (key `{ruid}:{cuid}:{minute}`); each step starts from none.
    const jobsNow = async () => (await database.db.selectFrom('jobs').select('id').where('name', '=', 'chat.notify-message').where('key', 'like', `${ruid}:${owner.cuid}:%`).execute()).length;
    const fresh = async () => {
      await database.db.deleteFrom('jobs').where('name', '=', 'chat.notify-message').execute();
      for (const app of [appA, appB]) chatPresence(app.services.chatEvents).forgetNotifying();
    };
    const send = async (app: FastifyInstance, text: string) => {
      await fresh();
      const answer = await call(app, renter, 'POST', `/api/v1/messages/${ruid}`, { text });
      expect(answer.statusCode).toBe(200);
      return jobsNow();
    };
    const presentOn = (app: FastifyInstance) => chatPresence(app.services.chatEvents).isConnected(owner.cuid);
    for (const s of sockets) s.disconnect();
    await vi.waitFor(() => expect([presentOn(appA), presentOn(appB)]).toEqual([false, false]));
    expect(await send(appA, 'Sin nadie conectado')).toBe(1);

    const ownerSocket = await joined(client(urlA), await chatToken(owner), ruid);
    expect([presentOn(appA), presentOn(appB)]).toEqual([true, false]);
    expect(await send(appA, 'Mientras estás conectado')).toBe(0);
    // Presence is per process: the other process does not know the socket, so it enqueues the job, which sends
    // nothing if the message is seen by the time it runs (notify-new-message.ts).
    expect(await send(appB, 'Desde el otro proceso')).toBe(1);
    ownerSocket.socket.disconnect();
    await vi.waitFor(() => expect(presentOn(appA)).toBe(false));
    expect(await send(appA, 'Ya sin conexión')).toBe(1);
  });
});
