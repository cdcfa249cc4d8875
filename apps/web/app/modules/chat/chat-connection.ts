import type { Socket } from 'socket.io-client';
import { CHAT_SOCKET_RETRY } from '@nj/contracts/rents/messages';
import type { TChatMessage } from './api.ts';
import { getChatAuth, postMessage } from './api.ts';
import { Outbox } from './outbox.ts';

/** Events the server sends (apps/server/src/realtime/chat-socket.ts). */
export type ChatServerEvents = {
  on_joined_room: { ruid: string | null };
  on_message_received: { ruid: string; message: TChatMessage };
  on_message_sent: { ruid: string; message: TChatMessage; duplicate: boolean };
  on_selected_option: { ruid: string; message: TChatMessage };
  on_messages_seen: { ruid: string; muids: string[]; seen_at: string };
  on_quick_buttons_update: { ruid: string; step: string; stepLabel: string; stepColor: string };
  on_error_alert: { msg: string; code: string; ruid?: string | null; client_message_id?: string | null };
};
export type ChatStatus = 'idle' | 'connecting' | 'online' | 'offline' | 'failed';
type Listener<K extends keyof ChatServerEvents> = (data: ChatServerEvents[K]) => void;

/** Where the server listens (CHAT_SOCKET_PATH). */
const SOCKET_PATH = '/api/socket.io';

/**
 * The browser's one chat connection (issue 11 'Chat'), shared by the nav's unread count, the conversation list and
 * the open conversation:
 * - `start()` connects (socket.io, WebSocket only) once a signed-in session exists; every (re)connect asks
 *   GET /api/v1/messages/auth for a fresh token and joins the client's room plus every conversation in use
 *   (`join(ruid)`), so a conversation hears `on_joined_room` again after a reconnect and fetches what it missed.
 * - Reconnects with the spec's retry cap (CHAT_SOCKET_RETRY); after the last attempt the status is 'failed' and
 *   `retry()` starts over (the page offers it). Coming back online (the browser's 'online' event) retries at once.
 * - `send(ruid, text)` puts the message in the outbox first and emits it when the room is joined; the outbox resends
 *   on every join with the same client message id, so nothing typed offline is lost or sent twice.
 * - `stop()` on sign-out.
 */
export class ChatConnection {
  readonly outbox: Outbox;
  private socket: Socket | null = null;
  private status: ChatStatus = 'idle';
  private readonly rooms = new Map<string, number>();
  private readonly joined = new Set<string>();
  private readonly listeners = new Map<string, Set<(data: never) => void>>();
  private readonly statusListeners = new Set<(s: ChatStatus) => void>();
  private starting: Promise<void> | null = null;

  constructor(outbox: Outbox) {
    this.outbox = outbox;
  }

  /** The connection's state (the page shows 'Sin conexión. Reintentando…' while offline). */
  getStatus(): ChatStatus {
    return this.status;
  }

  /** Connects if not connected yet (browser only; needs a signed-in session for the token). */
  start(): Promise<void> {
    if (typeof window === 'undefined' || this.socket) return Promise.resolve();
    this.starting ??= (async () => {
      this.setStatus('connecting');
      const { io } = await import('socket.io-client');
      const socket = io({
        path: SOCKET_PATH, transports: ['websocket'],
        reconnectionAttempts: CHAT_SOCKET_RETRY.attempts, reconnectionDelay: CHAT_SOCKET_RETRY.delayMs, reconnectionDelayMax: CHAT_SOCKET_RETRY.maxDelayMs,
      });
      this.socket = socket;
      socket.on('connect', () => void this.joinAll());
      socket.on('disconnect', () => { this.joined.clear(); this.setStatus('offline'); });
      socket.on('connect_error', () => this.setStatus('offline'));
      socket.io.on('reconnect_failed', () => {
        this.setStatus('failed');
        // What waits in the outbox of the conversations in use goes over HTTP.
        for (const ruid of this.rooms.keys()) for (const p of this.outbox.of(ruid)) if (!p.error) this.sendOverHttp(ruid, p.text, p.clientMessageId);
      });
      socket.on('on_joined_room', (data: ChatServerEvents['on_joined_room']) => {
        if (data.ruid) { this.joined.add(data.ruid); this.flush(data.ruid); }
        this.setStatus('online');
      });
      socket.on('on_message_sent', (data: ChatServerEvents['on_message_sent']) => {
        if (data.message.client_message_id) this.outbox.acknowledge(data.message.client_message_id);
      });
      socket.on('on_error_alert', (data: ChatServerEvents['on_error_alert']) => {
        if (data.client_message_id) this.outbox.fail(data.client_message_id, data.msg);
      });
      for (const name of ['on_joined_room', 'on_message_received', 'on_message_sent', 'on_selected_option', 'on_messages_seen', 'on_quick_buttons_update', 'on_error_alert']) {
        socket.on(name, (data: unknown) => { for (const fn of this.listeners.get(name) ?? []) (fn as (d: unknown) => void)(data); });
      }
      window.addEventListener('online', this.onOnline);
    })().finally(() => { this.starting = null; });
    return this.starting;
  }

  /** Disconnects and forgets the rooms (sign-out). */
  stop(): void {
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.socket?.disconnect();
    this.socket = null;
    this.joined.clear();
    this.setStatus('idle');
  }

  /** Tries again after the retry cap was reached. */
  retry(): void {
    if (!this.socket) void this.start();
    else if (!this.socket.connected) this.socket.connect();
  }

  /** Uses conversation `ruid` (joins its room now or on the next connect); returns the release function. */
  join(ruid: string): () => void {
    this.rooms.set(ruid, (this.rooms.get(ruid) ?? 0) + 1);
    if (this.socket?.connected) void this.joinRooms([ruid]);
    return () => {
      const n = (this.rooms.get(ruid) ?? 1) - 1;
      if (n <= 0) this.rooms.delete(ruid);
      else this.rooms.set(ruid, n);
    };
  }

  /** True when `ruid`'s room is joined on the current connection (messages go out at once). */
  isJoined(ruid: string): boolean {
    return this.joined.has(ruid) && !!this.socket?.connected;
  }

  /**
   * Sends a message through the outbox (see the class comment). When the socket gave up (the retry cap was reached:
   * a network that blocks WebSockets), it goes over HTTP (POST /v1/messages/{ruid}, same client id) instead.
   */
  send(ruid: string, text: string, clientMessageId: string): void {
    this.outbox.add(ruid, text, clientMessageId);
    if (this.isJoined(ruid)) this.socket!.emit('on_message_sent', { ruid, text, client_message_id: clientMessageId });
    else if (this.status === 'failed') this.sendOverHttp(ruid, text, clientMessageId);
  }

  /** Resends a message the server refused once its error was cleared (same client id). */
  resend(ruid: string, clientMessageId: string): void {
    this.outbox.retry(clientMessageId);
    const item = this.outbox.of(ruid).find((p) => p.clientMessageId === clientMessageId);
    if (item && this.isJoined(ruid)) this.socket!.emit('on_message_sent', { ruid, text: item.text, client_message_id: clientMessageId });
    else if (item && this.status === 'failed') this.sendOverHttp(ruid, item.text, clientMessageId);
  }

  /** The HTTP fallback: the stored message is announced like a socket acknowledgement; a refusal marks the message. */
  private sendOverHttp(ruid: string, text: string, clientMessageId: string): void {
    postMessage(ruid, text, clientMessageId).then(({ message, duplicate }) => {
      this.outbox.acknowledge(clientMessageId);
      for (const fn of this.listeners.get('on_message_sent') ?? []) (fn as (d: unknown) => void)({ ruid, message, duplicate });
    }).catch((error: unknown) => {
      // Offline too: it stays in the outbox and goes out with the next connection.
      if ((error as { status?: number })?.status) this.outbox.fail(clientMessageId, (error as Error).message);
    });
  }

  /** Listens to a server event; returns the unsubscribe function. */
  on<K extends keyof ChatServerEvents>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as (data: never) => void);
    return () => set.delete(listener as (data: never) => void);
  }

  /** Listens to status changes; returns the unsubscribe function. */
  onStatus(listener: (s: ChatStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private readonly onOnline = () => this.retry();

  private setStatus(status: ChatStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const fn of this.statusListeners) fn(status);
  }

  private async joinAll(): Promise<void> {
    await this.joinRooms([null, ...this.rooms.keys()]);
  }

  private async joinRooms(ruids: (string | null)[]): Promise<void> {
    let token: string;
    try {
      token = (await getChatAuth()).token;
    } catch {
      this.setStatus('offline');
      return;
    }
    for (const ruid of ruids) this.socket?.emit('on_join_room', ruid ? { token, ruid } : { token });
  }

  /** Sends what the outbox holds for `ruid` (after a join), errors excepted (those wait for 'retry'). */
  private flush(ruid: string): void {
    for (const p of this.outbox.of(ruid)) {
      if (!p.error) this.socket?.emit('on_message_sent', { ruid, text: p.text, client_message_id: p.clientMessageId });
    }
  }
}

let shared: ChatConnection | null = null;

/** The page's one ChatConnection (created on first use in the browser). */
export function chatConnection(): ChatConnection {
  shared ??= new ChatConnection(new Outbox(typeof window === 'undefined' ? null : safeStorage()));
  return shared;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
