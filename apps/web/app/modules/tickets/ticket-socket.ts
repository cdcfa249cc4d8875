import type { Socket } from 'socket.io-client';
import { CHAT_SOCKET_RETRY } from '@nj/contracts/rents/messages';
import type { TTicketMessage } from './api.ts';
import { getChatAuth } from '../chat/api.ts';

/** Events the server sends about tickets (apps/server/src/realtime/chat-socket.ts). */
export type TicketSocketEvent = { tuid: string; message: TTicketMessage };
type Listener = (event: TicketSocketEvent) => void;

/**
 * The browser's connection to the tickets' real time (issue 14), on the chat's socket.io server: `join(tuid)` uses a
 * ticket's conversation (its author or a support user); on every (re)connect a fresh token of GET
 * /api/v1/messages/auth joins every ticket in use (`on_join_ticket`), and `onJoined` listeners fetch what they missed
 * meanwhile. `on_ticket_message_received` and `on_ticket_message_sent` reach `onMessage` listeners. One per tab,
 * connected at the first join (WebSocket only, the chat's retry cap).
 */
class TicketSocket {
  private socket: Socket | null = null;
  private starting: Promise<void> | null = null;
  private readonly rooms = new Map<string, number>();
  private readonly pending = new Set<string>();
  private readonly messageListeners = new Set<Listener>();
  private readonly joinedListeners = new Set<(tuid: string) => void>();

  private start(): Promise<void> {
    if (typeof window === 'undefined' || this.socket) return Promise.resolve();
    this.starting ??= (async () => {
      const { io } = await import('socket.io-client');
      const socket = io({
        path: '/api/socket.io', transports: ['websocket'],
        reconnectionAttempts: CHAT_SOCKET_RETRY.attempts, reconnectionDelay: CHAT_SOCKET_RETRY.delayMs, reconnectionDelayMax: CHAT_SOCKET_RETRY.maxDelayMs,
      });
      this.socket = socket;
      socket.on('connect', () => void this.joinRooms([...this.rooms.keys()]));
      socket.on('on_joined_ticket', (data: { tuid: string }) => { for (const fn of this.joinedListeners) fn(data.tuid); });
      const relay = (data: TicketSocketEvent) => { for (const fn of this.messageListeners) fn(data); };
      socket.on('on_ticket_message_received', relay);
      socket.on('on_ticket_message_sent', relay);
    })().finally(() => { this.starting = null; });
    return this.starting;
  }

  private async joinRooms(tuids: string[]): Promise<void> {
    if (!tuids.length || !this.socket?.connected) return;
    try {
      const { token } = await getChatAuth();
      for (const tuid of tuids) this.socket.emit('on_join_ticket', { token, tuid });
    } catch {
      // Signed out or offline: the next connect tries again; the page still reads over HTTP.
    }
  }

  /** Uses ticket `tuid`'s conversation (joins its room now or on the next connect); returns the release function. */
  join(tuid: string): () => void {
    this.rooms.set(tuid, (this.rooms.get(tuid) ?? 0) + 1);
    if (this.socket?.connected) {
      // Joins asked in the same tick (a list of tickets) share one token.
      this.pending.add(tuid);
      if (this.pending.size === 1) queueMicrotask(() => { const tuids = [...this.pending]; this.pending.clear(); void this.joinRooms(tuids); });
    } else void this.start();
    return () => {
      const n = (this.rooms.get(tuid) ?? 1) - 1;
      if (n <= 0) this.rooms.delete(tuid);
      else this.rooms.set(tuid, n);
    };
  }

  /** Hears every ticket message of the joined tickets; returns the unsubscribe function. */
  onMessage(fn: Listener): () => void {
    this.messageListeners.add(fn);
    return () => { this.messageListeners.delete(fn); };
  }

  /** Hears each (re)join of a ticket's room (time to fetch what was missed); returns the unsubscribe function. */
  onJoined(fn: (tuid: string) => void): () => void {
    this.joinedListeners.add(fn);
    return () => { this.joinedListeners.delete(fn); };
  }
}

/** The tab's one ticket socket. */
export const ticketSocket = new TicketSocket();
