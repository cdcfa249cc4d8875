import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { openTestDatabase, type Database } from '@nj/db';
import { ZChatAuth, ZContactResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { callAs } from '../testing/call-as.ts';
import { CHAT_SOCKET_PATH } from './chat-socket.ts';

// Two server processes' worth of app on one PostgreSQL database and no REDIS_URL, as `npm start` runs with
// DATABASE_URL (node:cluster, decision 003): the rooms span them through LISTEN/NOTIFY (decision 010). On the
// embedded PGlite the server is one process, so this file runs in the PostgreSQL round of the tests only.
// Fixtures near Isla Socorro (Revillagigedo), away from seeded listings and other test files' fixtures.
const database: Database = await openTestDatabase();
const onPostgres = database.kind === 'postgres';
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlB = '';
let owner: { cuid: string; token: string };
let renter: { cuid: string; token: string };
let ruid = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const config = readServerConfig({ SESSION_SECRET: 'p'.repeat(40) });
  appA = await buildApp({ database, config, chatRoomsOverPostgres: true });
  appB = await buildApp({ database, config, chatRoomsOverPostgres: true });
  await appA.listen({ port: 0, host: '127.0.0.1' });
  urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestClientSession(database);
  renter = await createTestClientSession(database);
  const [{ puid }] = await insertTestProperties(database, [
    { lat: 18.78, lng: -110.97, owner_cuid: owner.cuid, rent_price: 15000 },
  ]) as unknown as [{ puid: string }];
  const contacted = await callAs(appA, renter, 'POST', '/api/v1/rents', { puid, text: 'Hola, ¿sigue disponible?', client_message_id: 'pg0' });
  ruid = ZContactResult.parse(contacted.json().data).ruid;
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
  await database.close();
});

describe.skipIf(!onPostgres)('chat rooms across processes on PostgreSQL without Redis (decision 010)', () => {
  it('a message and a step change stored by one process reach the other party connected to the other process', async () => {
    const token = ZChatAuth.parse((await callAs(appB, owner, 'GET', '/api/v1/messages/auth')).json().data).token;
    const socket = connect(urlB, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const events: { name: string; data: any }[] = [];
    socket.onAny((name: string, data: unknown) => events.push({ name, data }));
    socket.emit('on_join_room', { token, ruid });
    await vi.waitFor(() => expect(events.map((e) => e.name)).toContain('on_joined_room'));

    // Short (NOTIFY carries it) and at the 5,000-character limit in two-byte letters (over NOTIFY's 8,000 bytes:
    // it goes through the socket_io_attachments table).
    const long = 'ñ'.repeat(5000);
    for (const [text, id] of [['Desde el otro proceso', 'pg1'], [long, 'pg2']] as const) {
      expect((await callAs(appA, renter, 'POST', `/api/v1/messages/${ruid}`, { text, client_message_id: id })).statusCode).toBe(200);
    }
    await vi.waitFor(() => {
      const texts = events.filter((e) => e.name === 'on_message_received').map((e) => e.data.message.text);
      expect(texts).toEqual(['Desde el otro proceso', long]);
    }, { timeout: 5000 });

    expect((await callAs(appA, renter, 'POST', `/api/v1/rents/${ruid}/appointment`)).statusCode).toBe(200);
    await vi.waitFor(() => expect(events.filter((e) => e.name === 'on_quick_buttons_update').map((e) => e.data.step)).toContain('appt_requested'), { timeout: 5000 });
  });
});
