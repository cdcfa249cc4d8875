import type { ChatEvents } from './chat-events.ts';

/**
 * Who is connected to this process's chat socket (issue 11 'Offline notification'): the socket layer
 * (apps/server/src/realtime/chat-socket.ts) calls `connected(cuid)` when a socket's on_join_room authenticates its
 * client and `disconnected(cuid)` when that socket goes; sendMessage asks `isConnected(cuid)` to decide whether the
 * receiver needs an e-mail/WhatsApp notification. Counts sockets, so a client with two tabs stays connected until
 * both close.
 *
 * Per process, on purpose: with several server processes (node:cluster, Redis adapter) a receiver connected to
 * another process is not known here, so a notification is enqueued for them anyway; the notification job runs
 * CHAT_NOTIFY_DELAY_MS later and sends nothing if the message was seen by then (an open conversation marks it
 * seen), which is what decides in the end. Presence only saves the job for the common one-process case.
 */
export class ChatPresence {
  private readonly sockets = new Map<string, number>();
  private readonly notifying = new Map<string, number>();

  /** One more authenticated socket of client `cuid`. */
  connected(cuid: string): void {
    this.sockets.set(cuid, (this.sockets.get(cuid) ?? 0) + 1);
  }

  /** One socket of client `cuid` closed. */
  disconnected(cuid: string): void {
    const n = (this.sockets.get(cuid) ?? 0) - 1;
    if (n > 0) this.sockets.set(cuid, n);
    else this.sockets.delete(cuid);
  }

  /** True while client `cuid` has at least one authenticated socket on this process. */
  isConnected(cuid: string): boolean {
    return (this.sockets.get(cuid) ?? 0) > 0;
  }

  /**
   * True the first time this process asks to notify `cuid` about conversation `ruid` in minute `bucket` (ms since
   * epoch / 60,000), false after: that minute's notification job is already enqueued (its dedupe key is the same),
   * so a busy conversation costs the database one insert a minute, not one per message. Kept for the current
   * minutes only.
   */
  markNotifying(ruid: string, cuid: string, bucket: number): boolean {
    const key = `${ruid}:${cuid}`;
    if (this.notifying.get(key) === bucket) return false;
    if (this.notifying.size >= 10_000) {
      for (const [k, b] of this.notifying) if (b < bucket) this.notifying.delete(k);
    }
    this.notifying.set(key, bucket);
    return true;
  }

  /** Forgets which notifications this process enqueued (tests). */
  forgetNotifying(): void {
    this.notifying.clear();
  }
}

const presences = new WeakMap<ChatEvents, ChatPresence>();

/**
 * The presence of the process whose chat publisher is `events` (one ChatEvents per process, createAppServices):
 * created on first use, so the verbs that already get `events` and the socket layer share it without another service.
 */
export function chatPresence(events: ChatEvents): ChatPresence {
  let presence = presences.get(events);
  if (!presence) {
    presence = new ChatPresence();
    presences.set(events, presence);
  }
  return presence;
}
