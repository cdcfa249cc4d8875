import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOptionalSession } from '../accounts/session.tsx';
import { CHAT_KEYS, getChats, getMessages, putSeen, type TChatMessage } from './api.ts';
import { chatConnection, type ChatServerEvents, type ChatStatus } from './chat-connection.ts';
import { markSeen, mergeMessages } from './messages-list.ts';
import type { PendingMessage } from './outbox.ts';

/** Starts the shared chat connection while a registered client is signed in, stops it on sign-out. */
export function useChatConnectionLifecycle(): void {
  const session = useOptionalSession();
  const registered = session?.status === 'ready' && session.registered;
  useEffect(() => {
    if (!registered) return;
    void chatConnection().start();
    return () => chatConnection().stop();
  }, [registered]);
}

/** Runs `listener` for every server event `name` while mounted (the latest listener, without resubscribing). */
export function useChatEvent<K extends keyof ChatServerEvents>(name: K, listener: (data: ChatServerEvents[K]) => void): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => chatConnection().on(name, (data) => ref.current(data)), [name]);
}

/** The connection's status, re-rendering on change. */
export function useChatStatus(): ChatStatus {
  return useSyncExternalStore(
    (fn) => chatConnection().onStatus(fn),
    () => chatConnection().getStatus(),
    () => 'idle',
  );
}

/**
 * The nav's unread count (issue 11 "'Mensajes' in the nav with the unread count, updated live"): the sum of unread
 * messages over the conversations GET /v1/messages/chats?ur=true lists (its first page: 20 conversations; `more`
 * says there are others), refetched when a message addressed to me arrives or a conversation is read.
 */
export function useUnreadCount(enabled: boolean): { count: number; more: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CHAT_KEYS.unread,
    queryFn: ({ signal }) => getChats({ ur: true }, signal),
    enabled,
    staleTime: 30_000,
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.unread });
  useChatEvent('on_message_received', refetch);
  useChatEvent('on_messages_seen', refetch);
  const rents = query.data?.rents ?? [];
  return { count: rents.reduce((n, r) => n + r.unread, 0), more: !!query.data?.hasMore };
}

/** The outbox's pending messages of `ruid`, re-rendering on change. */
function usePending(ruid: string): PendingMessage[] {
  const outbox = chatConnection().outbox;
  const cache = useRef<{ key: string; value: PendingMessage[] }>({ key: '', value: [] });
  return useSyncExternalStore(
    (fn) => outbox.subscribe(fn),
    () => {
      const value = outbox.of(ruid);
      const key = JSON.stringify(value);
      if (key !== cache.current.key) cache.current = { key, value };
      return cache.current.value;
    },
    () => cache.current.value,
  );
}

/**
 * One open conversation (issue 11 'Chat'): loads its messages (GET /v1/messages/{ruid}), joins its room, merges what
 * the socket delivers (received, sent, selected options, seen receipts), fetches what it missed with `?last` after
 * every (re)join, marks what I received as seen while the page is visible, and sends through the outbox.
 * `onStep` runs when the rent changes step (to refresh the visit panel and the header).
 * @returns `{ messages, pending, loading, error, send, resend }`
 */
export function useConversation(ruid: string, myCuid: string | null, onStep: () => void) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const pending = usePending(ruid);
  const lastRef = useRef<string | undefined>(undefined);
  lastRef.current = messages[messages.length - 1]?.muid;

  const add = useCallback((incoming: TChatMessage[]) => setMessages((current) => mergeMessages(current, incoming)), []);

  useEffect(() => {
    const controller = new AbortController();
    setMessages([]);
    setLoading(true);
    setError(null);
    getMessages(ruid, undefined, controller.signal)
      .then((r) => add(r.messages))
      .catch((e: unknown) => { if ((e as Error)?.name !== 'AbortError') setError(e); })
      .finally(() => setLoading(false));
    const release = chatConnection().join(ruid);
    return () => { controller.abort(); release(); };
  }, [ruid, add]);

  useChatEvent('on_joined_room', (data) => {
    if (data.ruid !== ruid) return;
    // After a reconnect: whatever arrived while offline.
    getMessages(ruid, lastRef.current).then((r) => add(r.messages)).catch(() => undefined);
  });
  useChatEvent('on_message_received', (data) => { if (data.ruid === ruid) add([data.message]); });
  useChatEvent('on_message_sent', (data) => { if (data.ruid === ruid) add([data.message]); });
  useChatEvent('on_selected_option', (data) => { if (data.ruid === ruid) add([data.message]); });
  useChatEvent('on_messages_seen', (data) => { if (data.ruid === ruid) setMessages((c) => markSeen(c, data.muids, data.seen_at)); });
  useChatEvent('on_quick_buttons_update', (data) => { if (data.ruid === ruid) onStep(); });

  // Seen receipts: what the other side sent me is marked seen while this conversation is on screen.
  const unseen = messages.some((m) => !m.seen && m.to_cuid === myCuid && m.from_cuid !== myCuid);
  useEffect(() => {
    if (!unseen || !myCuid) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      putSeen(ruid).then(() => {
        void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.unread });
        void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.all });
      }).catch(() => undefined);
    };
    const timer = window.setTimeout(mark, 400);
    document.addEventListener('visibilitychange', mark);
    return () => { window.clearTimeout(timer); document.removeEventListener('visibilitychange', mark); };
  }, [unseen, ruid, myCuid, queryClient]);

  const send = useCallback((text: string, clientMessageId: string) => chatConnection().send(ruid, text, clientMessageId), [ruid]);
  const resend = useCallback((clientMessageId: string) => chatConnection().resend(ruid, clientMessageId), [ruid]);
  return { messages, pending: pending.filter((p) => !messages.some((m) => m.client_message_id === p.clientMessageId)), loading, error, send, resend, add };
}
