import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { openTestDatabase, type Database } from '@nj/db';
import { TICKET_SOCKET_EVENTS as E, ZChatAuth, ZTicketCreated } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { startTestRedis, type TestRedis } from '@nj/core/testing/redis-server';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { callAs } from '../testing/call-as.ts';
import { csrfFor } from '../testing/test-browser.ts';
import { CSRF_COOKIE } from '../plugins/csrf.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { CHAT_SOCKET_PATH } from './chat-socket.ts';

const SECRET = 't'.repeat(40);
let database: Database;
let redis: TestRedis;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlA = '';
let author: { cuid: string; token: string };
let support: { cuid: string; token: string };
let stranger: { cuid: string; token: string };
let tuid = '';
const sockets: Socket[] = [];

async function chatToken(who: { token: string }): Promise<string> {
  return ZChatAuth.parse((await callAs(appA, who, 'GET', '/api/v1/messages/auth')).json().data).token;
}

/** A socket.io client that records every event it receives, in order. */
function client(url: string) {
  const socket = connect(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { name: string; data: any }[] = [];
  socket.onAny((name: string, data: unknown) => events.push({ name, data }));
  return { socket, events, named: (name: string) => events.filter((e) => e.name === name).map((e) => e.data) };
}

beforeAll(async () => {
  redis = await startTestRedis();
  database = await openTestDatabase();
  const config = readServerConfig({ SESSION_SECRET: SECRET, REDIS_URL: redis.url });
  // Two server processes' worth of app on one database, sharing rooms through Redis.
  appA = await buildApp({ database, config });
  appB = await buildApp({ database, config });
  urlA = await appA.listen({ port: 0, host: '127.0.0.1' });
  await appB.listen({ port: 0, host: '127.0.0.1' });
  author = await createTestClientSession(database);
  support = await createTestClientSession(database);
  stranger = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ privileges: ['support'] } as never).where('cuid', '=', support.cuid).execute();
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const body = Object.entries({ title: 'Ayuda con mi pago', category: 'AY', description: 'No veo mi pago' })
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
  const created = await appA.inject({
    method: 'POST', url: '/api/v1/tickets', payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': csrfFor(appA, author.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(appA, author.token), [SESSION_COOKIE]: author.token },
  });
  tuid = ZTicketCreated.parse(created.json().data).ticket.tuid;
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
  await database?.close();
  redis?.stop();
});

describe('ticket chat over the socket (issue 14: on_join_ticket, on_ticket_message_received, on_ticket_message_sent)', () => {
  it("a support reply stored by another process reaches the author's socket live; a stranger cannot join", async () => {
    const watcher = client(urlA);
    watcher.socket.emit(E.join, { token: await chatToken(author), tuid });
    await vi.waitFor(() => expect(watcher.named(E.joined)).toEqual([{ tuid }]));

    const intruder = client(urlA);
    intruder.socket.emit(E.join, { token: await chatToken(stranger), tuid });
    await vi.waitFor(() => expect(intruder.named('on_error_alert')).toHaveLength(1));
    expect(intruder.named('on_error_alert')[0]).toMatchObject({ code: 'NOT_FOUND', tuid });

    const staffTab = client(urlA);
    staffTab.socket.emit(E.join, { token: await chatToken(support), tuid });
    await vi.waitFor(() => expect(staffTab.named(E.joined)).toHaveLength(1));

    const reply = await callAs(appB, support, 'POST', `/api/v1/tickets/${tuid}/message`, { text: 'Hola, ya lo revisamos', client_message_id: 'live-1' });
    expect(reply.statusCode).toBe(200);
    await vi.waitFor(() => expect(watcher.named(E.received).map((e) => e.message.text)).toEqual(['Hola, ya lo revisamos']));
    expect(watcher.named(E.received)[0]).toMatchObject({ tuid, message: { from_staff: true, from_cuid: null } });
    await vi.waitFor(() => expect(staffTab.named(E.sent).map((e) => e.message.text)).toEqual(['Hola, ya lo revisamos']));

    await callAs(appB, author, 'POST', `/api/v1/tickets/${tuid}/message`, { text: 'Gracias' });
    await vi.waitFor(() => expect(staffTab.named(E.received).map((e) => e.message.text)).toContain('Gracias'));
    expect(intruder.named(E.received)).toEqual([]);
  });
});
