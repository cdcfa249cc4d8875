/** A message typed but not yet acknowledged by the server: kept until on_message_sent (or the HTTP answer) names it. */
export type PendingMessage = { ruid: string; clientMessageId: string; text: string; createdAt: string; error?: string };

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const KEY = 'nj-chat-outbox';
/** Older than this, a pending message is dropped rather than sent (a week-old 'ya voy' would mislead). */
const MAX_AGE_MS = 3 * 24 * 3600_000;

/**
 * The chat's outbox (issue 11 'typing a message offline keeps it and sends it on reconnect, never twice'): every
 * message gets a client message id when typed and is kept here (localStorage, so a reload or a closed tab keeps it)
 * until the server acknowledges that id. Resending after a reconnect uses the same id, which the server stores
 * once (sendMessage is idempotent on client_message_id), so a message is never delivered twice.
 */
export class Outbox {
  private listeners = new Set<() => void>();
  private items: PendingMessage[];

  constructor(private readonly store: Store | null, private readonly now: () => number = Date.now) {
    this.items = this.read();
  }

  /** The pending messages of conversation `ruid`, oldest first. */
  of(ruid: string): PendingMessage[] {
    return this.items.filter((p) => p.ruid === ruid);
  }

  /** Keeps a new message; returns it. */
  add(ruid: string, text: string, clientMessageId: string): PendingMessage {
    const item = { ruid, text, clientMessageId, createdAt: new Date(this.now()).toISOString() };
    this.items = [...this.items, item];
    this.changed();
    return item;
  }

  /** The server stored `clientMessageId`: forget it. */
  acknowledge(clientMessageId: string): void {
    const next = this.items.filter((p) => p.clientMessageId !== clientMessageId);
    if (next.length === this.items.length) return;
    this.items = next;
    this.changed();
  }

  /** The server refused `clientMessageId` with `error` (Spanish): it stays, marked, until retried or removed. */
  fail(clientMessageId: string, error: string): void {
    this.items = this.items.map((p) => (p.clientMessageId === clientMessageId ? { ...p, error } : p));
    this.changed();
  }

  /** Clears a failure before a retry. */
  retry(clientMessageId: string): void {
    this.items = this.items.map((p) => (p.clientMessageId === clientMessageId ? { ruid: p.ruid, text: p.text, clientMessageId: p.clientMessageId, createdAt: p.createdAt } : p));
    this.changed();
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private read(): PendingMessage[] {
    try {
      const raw = this.store?.getItem(KEY);
      const parsed = raw ? (JSON.parse(raw) as unknown) : [];
      if (!Array.isArray(parsed)) return [];
      const cutoff = this.now() - MAX_AGE_MS;
      return parsed.filter((p): p is PendingMessage =>
        !!p && typeof p.ruid === 'string' && typeof p.clientMessageId === 'string' && typeof p.text === 'string'
        && typeof p.createdAt === 'string' && Date.parse(p.createdAt) > cutoff);
    } catch {
      return [];
    }
  }

  private changed(): void {
    try {
      this.store?.setItem(KEY, JSON.stringify(this.items));
    } catch {
      /* storage full or disabled: the outbox still lives in memory */
    }
    for (const listener of this.listeners) listener();
  }
}

/** A new client message id (random, unique per message). */
export function newClientMessageId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
