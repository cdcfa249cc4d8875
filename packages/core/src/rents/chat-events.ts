import type { TTicketMessage } from '@nj/contracts';
import type { RentStep } from './rent-steps.ts';
import type { ChatMessage } from './rents-repository.ts';

/** A message was stored: `message` as listMessages returns it; `to` is the receiver's cuid (null: none). */
export type MessageEvent = { ruid: string; message: ChatMessage; from: string | null; to: string | null };
/**
 * A rent changed step: both parties' cuids so a socket layer can reach their rooms. A new rent (first contact) is
 * announced as `from: 'hello', to: 'hello'`, before its first message.
 */
export type StepChangeEvent = { ruid: string; from: RentStep; to: RentStep; renterCuid: string; ownerCuid: string };

/** A party selected an option of a message (PUT /v1/messages/so): the message as stored now. */
export type SelectedOptionEvent = { ruid: string; message: ChatMessage; by: string };

/**
 * A support ticket's message was stored (issue 14): `message` in its wire form (GET /v1/tickets/chats/{tuid}),
 * `authorCuid` the ticket's author (their client room hears it), `fromCuid` the sender (null: system).
 */
export type TicketMessageEvent = { tuid: string; authorCuid: string; fromCuid: string | null; message: TTicketMessage };

/** A party read the conversation: `muids` were marked seen at `seenAt` (ISO) by `by` (the sender sees receipts). */
export type SeenEvent = { ruid: string; muids: string[]; seenAt: string; by: string };

/**
 * The in-process publisher of chat events (issue 11 'Chat'): core verbs (sendMessage, contactListing, discardRent,
 * the visit verbs) call `publishMessage` / `publishStepChange` after their write is committed; the socket layer
 * (apps/server/src/realtime/) subscribes with `onMessage(fn)` / `onStepChange(fn)` and broadcasts to the rent's room
 * (through the Redis adapter when several processes run); `onSelectedOption(fn)` for on_selected_option. Listeners run synchronously in subscription order; one
 * that throws is reported to `onListenerError` and does not stop the others or fail the verb (the message is already
 * stored; a client catches up with `GET /v1/messages/{ruid}?last`). Each `on…` returns its unsubscribe function.
 * Create one per process (createAppServices) and pass it to the verbs as `events`.
 */
export class ChatEvents {
  private readonly messageListeners = new Set<(event: MessageEvent) => void>();
  private readonly stepListeners = new Set<(event: StepChangeEvent) => void>();
  private readonly optionListeners = new Set<(event: SelectedOptionEvent) => void>();
  private readonly seenListeners = new Set<(event: SeenEvent) => void>();
  private readonly ticketListeners = new Set<(event: TicketMessageEvent) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Subscribes to stored messages; returns the unsubscribe function. */
  onMessage(listener: (event: MessageEvent) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Subscribes to step changes; returns the unsubscribe function. */
  onStepChange(listener: (event: StepChangeEvent) => void): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  /** Subscribes to option selections; returns the unsubscribe function. */
  onSelectedOption(listener: (event: SelectedOptionEvent) => void): () => void {
    this.optionListeners.add(listener);
    return () => this.optionListeners.delete(listener);
  }

  /** Subscribes to seen receipts; returns the unsubscribe function. */
  onSeen(listener: (event: SeenEvent) => void): () => void {
    this.seenListeners.add(listener);
    return () => this.seenListeners.delete(listener);
  }

  /** Subscribes to stored ticket messages (issue 14, the tickets' real time); returns the unsubscribe function. */
  onTicketMessage(listener: (event: TicketMessageEvent) => void): () => void {
    this.ticketListeners.add(listener);
    return () => this.ticketListeners.delete(listener);
  }

  /** Tells every ticket message listener (errors go to onListenerError). */
  publishTicketMessage(event: TicketMessageEvent): void {
    for (const listener of this.ticketListeners) this.safely(() => listener(event));
  }

  /** Tells every seen listener (errors go to onListenerError). */
  publishSeen(event: SeenEvent): void {
    for (const listener of this.seenListeners) this.safely(() => listener(event));
  }

  /** Tells every option listener (errors go to onListenerError). */
  publishSelectedOption(event: SelectedOptionEvent): void {
    for (const listener of this.optionListeners) this.safely(() => listener(event));
  }

  /** Tells every message listener (errors go to onListenerError). */
  publishMessage(event: MessageEvent): void {
    for (const listener of this.messageListeners) this.safely(() => listener(event));
  }

  /** Tells every step listener (errors go to onListenerError). */
  publishStepChange(event: StepChangeEvent): void {
    for (const listener of this.stepListeners) this.safely(() => listener(event));
  }

  private safely(run: () => void): void {
    try { run(); } catch (error) { this.onListenerError(error); }
  }
}
