import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Redis } from 'ioredis';
import { chatPresence } from '@nj/core/rents/chat-presence';
import { RENTS_MESSAGES, TICKET_MESSAGES, TICKET_SOCKET_EVENTS, ZSocketJoinRoom, ZSocketJoinTicket, ZSocketSendMessage } from '@nj/contracts';
import { actorOfChatToken, AppError, getRent, loadTicketFor, messageToWire, sendMessage, stepLabel, type RegisteredActor } from '@nj/core';

/** Where the browser connects (socket.io's `path`): under /api so proxies route it with the API. */
export const CHAT_SOCKET_PATH = '/api/socket.io';

/** The socket.io room of one rent's conversation, and of one client's every tab (unread counts in the nav). */
export const rentRoom = (ruid: string) => `rent:${ruid}`;
export const clientRoom = (cuid: string) => `client:${cuid}`;
/** The socket.io room of one support ticket's conversation: its author and the support users looking at it (issue 14). */
export const ticketRoom = (tuid: string) => `ticket:${tuid}`;

type ChatSocketData = { actor?: RegisteredActor; rooms: Set<string> };

/**
 * Same-origin handshakes only: a browser always sends Origin on a WebSocket or a cross-site request, and it must name
 * the host the request came to; a client without Origin (a server-side client) is let through to the token check,
 * which is the real authentication.
 */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The Spanish message and code of a refused event (AppError), or the generic one for anything unexpected. */
function alertOf(error: unknown): { msg: string; code: string } {
  if (error instanceof AppError) return { msg: error.msg, code: error.code };
  return { msg: RENTS_MESSAGES.chatFailed, code: 'INTERNAL' };
}

/**
 * The chat's real-time layer (issue 11 'Chat'; spec 02 §7 'Realtime socket'; spec 03 §7), socket.io on the app's
 * HTTP server at CHAT_SOCKET_PATH. Events:
 * - client → `on_join_room` `{ token, ruid }` (token from GET /api/v1/messages/auth): the token's client must be a
 *   party of the rent (the `rent` policy through getRent); answers `on_joined_room` `{ ruid, rent }` (the rent's
 *   summary) and puts the socket in the rent's room and its client's room, else `on_error_alert` `{ msg, code, ruid }`.
 *   Without `ruid` only the client's room is joined (answer `{ ruid: null, rent: null }`): the nav's unread count.
 * - client → `on_message_sent` `{ ruid, text, client_message_id? }` on a joined rent: stored by core sendMessage
 *   (idempotent on client_message_id, rate-limited, refused on a closed conversation); the sender's socket gets
 *   `on_message_sent` with the stored message (also for a resend, `duplicate: true`), refusals `on_error_alert`.
 * - server → `on_message_received` (the message as GET /v1/messages/{ruid} gives it) to the rent's room and the
 *   receiver's client room, for every message any process stores (ChatEvents, whichever route or verb wrote it);
 *   `on_selected_option` likewise for PUT /v1/messages/so; `on_messages_seen` `{ ruid, muids, seen_at }` when the
 *   receiver read them (seen receipts); `on_quick_buttons_update` `{ ruid, step, stepLabel, stepColor }` to the rent's
 *   room and both parties' client rooms when the rent changes step (the quick buttons a side may use follow the step).
 * - client → `on_join_ticket` `{ token, tuid }` (issue 14, support tickets): the token's client must be the ticket's
 *   author or a support user (core loadTicketFor; anyone else gets `on_error_alert` `{ msg, code, tuid }`); answers
 *   `on_joined_ticket` `{ tuid }` and puts the socket in the ticket's room and its client's room.
 * - server → `on_ticket_message_received` `{ tuid, message }` (the message as GET /v1/tickets/chats/{tuid} gives it)
 *   to the ticket's room and its author's client room, for every ticket message any process stores (ChatEvents
 *   onTicketMessage: the author's and the staff's replies, the staff panel's system messages); `on_ticket_message_sent`
 *   `{ tuid, message }` to the sender's client room (their other tabs; the sending tab already has the HTTP answer).
 *   Ticket messages are sent over HTTP (POST /v1/tickets/{tuid}/message, with files), not over the socket.
 * Rooms span server processes (a message stored by one process reaches sockets on every other; decision 010): with
 * `REDIS_URL` through `@socket.io/redis-adapter`; otherwise, for node:cluster workers on PostgreSQL (`overPostgres`,
 * set by main.ts), through `@socket.io/postgres-adapter`
 * (LISTEN/NOTIFY on the app's own database, a pool of 2 connections of its own; payloads over 8,000 bytes through
 * the `socket_io_attachments` table, migration 022); with PGlite the server is one process and needs neither.
 * Closes with the app (sockets disconnected, Redis quit, the adapter's pool ended).
 * @returns the socket.io Server (tests and the bench read it)
 */
export function attachChatSocket(app: FastifyInstance, options: { overPostgres?: boolean } = {}): Server {
  const { services } = app;
  const io = new Server(app.server, {
    path: CHAT_SOCKET_PATH,
    serveClient: false,
    // WebSocket only: with node:cluster (one process per core, decision 003) long-polling would need sticky sessions.
    transports: ['websocket'],
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
  });
  let redis: { pub: Redis; sub: Redis } | null = null;
  let adapterPool: pg.Pool | null = null;
  const adapterClients = new Set<pg.PoolClient>();
  let adapterClosed = false;
  if (services.config.redisUrl) {
    const pub = new Redis(services.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error) => app.log.warn(`chat redis: ${String(error)}`));
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub));
  } else if (options.overPostgres && services.database.connectionString) {
    const pool = new pg.Pool({ connectionString: services.database.connectionString, max: 2 });
    const warn = (error: unknown) => app.log.warn(`chat postgres: ${String(error)}`);
    // A dropped connection is an 'error' on the pool (idle) or on the client the adapter holds for LISTEN (which
    // has no listener of its own): both are logged, never thrown; the adapter reconnects its LISTEN by itself.
    pool.on('error', warn);
    pool.on('connect', (client) => {
      adapterClients.add(client);
      client.on('error', warn);
      client.on('end', () => adapterClients.delete(client));
      if (adapterClosed) void client.end().catch(() => undefined);
    });
    adapterPool = pool;
    io.adapter(createPostgresAdapter(pool, { errorHandler: warn }));
  }

  const stopMessages = services.chatEvents.onMessage((event) => {
    const rooms = [rentRoom(event.ruid), ...(event.to ? [clientRoom(event.to)] : [])];
    io.to(rooms).emit('on_message_received', { ruid: event.ruid, message: messageToWire(event.message) });
  });
  const stopOptions = services.chatEvents.onSelectedOption((event) => {
    io.to(rentRoom(event.ruid)).emit('on_selected_option', { ruid: event.ruid, message: messageToWire(event.message) });
  });
  const stopSeen = services.chatEvents.onSeen((event) => {
    io.to(rentRoom(event.ruid)).emit('on_messages_seen', { ruid: event.ruid, muids: event.muids, seen_at: event.seenAt });
  });
  const stopSteps = services.chatEvents.onStepChange((event) => {
    const label = stepLabel(event.to);
    io.to([rentRoom(event.ruid), clientRoom(event.renterCuid), clientRoom(event.ownerCuid)])
      .emit('on_quick_buttons_update', { ruid: event.ruid, step: event.to, stepLabel: label.shortLabel, stepColor: label.color });
  });

  const stopTickets = services.chatEvents.onTicketMessage((event) => {
    const payload = { tuid: event.tuid, message: event.message };
    io.to([ticketRoom(event.tuid), clientRoom(event.authorCuid)]).emit(TICKET_SOCKET_EVENTS.received, payload);
    if (event.fromCuid) io.to(clientRoom(event.fromCuid)).emit(TICKET_SOCKET_EVENTS.sent, payload);
  });

  const presence = chatPresence(services.chatEvents);
  io.on('connection', (socket: Socket) => {
    const data = socket.data as ChatSocketData;
    data.rooms = new Set();
    // Presence (core chat-presence.ts): a socket counts for its client from its first authenticated join until it
    // closes; sendMessage skips the offline e-mail/WhatsApp notification of a client connected to this process.
    const identify = (actor: RegisteredActor) => {
      if (data.actor) return;
      data.actor = actor;
      presence.connected(actor.cuid);
    };
    socket.on('disconnect', () => {
      if (data.actor) presence.disconnected(data.actor.cuid);
    });

    socket.on('on_join_room', async (payload: unknown) => {
      const ruid = typeof (payload as { ruid?: unknown })?.ruid === 'string' ? (payload as { ruid: string }).ruid : null;
      try {
        const input = ZSocketJoinRoom.safeParse(payload);
        if (!input.success) throw new AppError('BAD_REQUEST', input.error.issues[0]?.message ?? RENTS_MESSAGES.chatTokenInvalid);
        const actor = await actorOfChatToken({ database: services.database, secret: services.config.sessionSecret, token: input.data.token });
        if (data.actor && data.actor.cuid !== actor.cuid) throw new AppError('FORBIDDEN', RENTS_MESSAGES.chatTokenInvalid);
        if (!input.data.ruid) {
          identify(actor);
          await socket.join(clientRoom(actor.cuid));
          socket.emit('on_joined_room', { ruid: null, rent: null });
          return;
        }
        const rent = await getRent(services.database, { actor, ruid: input.data.ruid });
        identify(actor);
        data.rooms.add(input.data.ruid);
        await socket.join([rentRoom(input.data.ruid), clientRoom(actor.cuid)]);
        socket.emit('on_joined_room', { ruid: input.data.ruid, rent });
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error(error);
        socket.emit('on_error_alert', { ...alertOf(error), ruid });
      }
    });

    socket.on(TICKET_SOCKET_EVENTS.join, async (payload: unknown) => {
      const tuid = typeof (payload as { tuid?: unknown })?.tuid === 'string' ? (payload as { tuid: string }).tuid : null;
      try {
        const input = ZSocketJoinTicket.safeParse(payload);
        if (!input.success) throw new AppError('BAD_REQUEST', input.error.issues[0]?.message ?? TICKET_MESSAGES.joinFailed);
        const actor = await actorOfChatToken({ database: services.database, secret: services.config.sessionSecret, token: input.data.token });
        if (data.actor && data.actor.cuid !== actor.cuid) throw new AppError('FORBIDDEN', RENTS_MESSAGES.chatTokenInvalid);
        await loadTicketFor(services.database, actor, input.data.tuid, 'read');
        identify(actor);
        await socket.join([ticketRoom(input.data.tuid), clientRoom(actor.cuid)]);
        socket.emit(TICKET_SOCKET_EVENTS.joined, { tuid: input.data.tuid });
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error(error);
        socket.emit('on_error_alert', { ...alertOf(error), tuid });
      }
    });

    socket.on('on_message_sent', async (payload: unknown) => {
      const clientMessageId = (payload as { client_message_id?: unknown })?.client_message_id;
      try {
        const input = ZSocketSendMessage.safeParse(payload);
        if (!input.success) throw new AppError('BAD_REQUEST', input.error.issues[0]?.message ?? RENTS_MESSAGES.messageEmpty);
        if (!data.actor || !data.rooms.has(input.data.ruid)) throw new AppError('FORBIDDEN', RENTS_MESSAGES.chatJoinFirst);
        const { message, duplicate } = await sendMessage(
          { database: services.database, limiter: services.limiter, events: services.chatEvents },
          { actor: data.actor, ruid: input.data.ruid, text: input.data.text, clientMessageId: input.data.client_message_id ?? null },
        );
        socket.emit('on_message_sent', { ruid: input.data.ruid, message: messageToWire(message), duplicate });
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error(error);
        socket.emit('on_error_alert', { ...alertOf(error), client_message_id: typeof clientMessageId === 'string' ? clientMessageId : null });
      }
    });
  });

  app.addHook('preClose', async () => {
    stopMessages();
    stopOptions();
    stopSeen();
    stopSteps();
    stopTickets();
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    if (adapterPool) {
      // The adapter would reconnect its LISTEN client for ever after a close; it stops here, its client and timers
      // are released, and any connection it still holds (one being opened at the moment of closing) is ended so the
      // pool can end.
      adapterClosed = true;
      const adapter = io.of('/').adapter as unknown as { client?: { scheduleReconnection?: () => void } };
      if (adapter.client) adapter.client.scheduleReconnection = () => undefined;
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      await Promise.all([...adapterClients].map((client) => client.end().catch(() => undefined)));
      await adapterPool.end().catch(() => undefined);
    }
  });
  return io;
}
