import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Center, CloseButton, FileButton, Group, Image, Loader, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TICKET_MESSAGES as T, TICKET_UI_MESSAGES as M } from '@nj/contracts/tickets/messages';
import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts/rents/notifications';
import { errorMessage } from '../accounts/api.ts';
import { FileIcon, PaperclipIcon } from '../layout/icons.tsx';
import { toast } from '../toast/toast.ts';
import { browserTimeZone, clockLabel, dayLabel } from '../chat/chat-time.ts';
import { groupByDay } from '../chat/messages-list.ts';
import { newClientMessageId } from '../chat/outbox.ts';
import { useStickToBottom } from '../chat/use-stick-to-bottom.ts';
import { getTicket, getTicketMessages, mergeTicketMessages, postTicketMessage, TICKET_KEYS, type TTicketMessage } from './api.ts';
import { fitsTicketLimit, TICKET_ACCEPT, ticketFileProblem } from './ticket-files.ts';
import { ticketSocket } from './ticket-socket.ts';
import '../chat/chat.css';
import './tickets.css';

/** A message's file: an image as a thumbnail (opens full size), a PDF as a link; served only to the ticket's parties. */
function TicketAttachment({ message }: { message: TTicketMessage }) {
  const a = message.attachment;
  if (!a) return null;
  if (a.type.startsWith('image/')) {
    return (
      <Anchor href={a.url} target="_blank" rel="noopener" aria-label={M.openPdf(a.name)} className="nj-ticket-thumb">
        <Image src={a.url} alt={M.imageAlt(a.name)} radius="sm" w={180} h={140} fit="cover" />
      </Anchor>
    );
  }
  return <Anchor href={a.url} target="_blank" rel="noopener" className="nj-chat-file" c="dark.7" underline="always"><FileIcon size={18} /> {a.name}</Anchor>;
}

/** One message: mine on the right, the other side's on the left with who wrote it, system messages centred. */
function TicketBubble({ message, mine, viewer, zone }: { message: TTicketMessage; mine: boolean; viewer: 'author' | 'staff'; zone: string }) {
  if (message.cat === 'system') {
    return (
      <div className="nj-chat-system" data-testid="ticket-system-message">
        <Text size="sm" c="dimmed" ta="center">{message.text}</Text>
        <Text size="xs" c="dimmed" ta="center">{clockLabel(message.created_at, zone)}</Text>
      </div>
    );
  }
  const who = mine ? M.you : viewer === 'author' ? M.support : M.author;
  return (
    <div className={mine ? 'nj-chat-row nj-chat-row--mine' : 'nj-chat-row'} data-testid="ticket-message" data-mine={mine ? 'true' : 'false'}>
      <div className="nj-chat-bubble">
        {!mine ? <Text size="xs" fw={700} c={message.from_staff ? 'blue.9' : 'dark.6'}>{who}</Text> : null}
        <TicketAttachment message={message} />
        {message.cat === 'msg' ? <Text size="sm" className="nj-chat-text">{message.text}</Text> : null}
        <Text size="xs" c="dimmed" ta="right" className="nj-chat-meta">{clockLabel(message.created_at, zone)}</Text>
      </div>
    </div>
  );
}

/**
 * A support ticket's conversation (issue 14; spec 02 §2 /centro-de-ayuda, §3 'Ticket chat message'), shared by the help
 * centre (`viewer: 'author'`) and the support panel (`viewer: 'staff'`): the messages by day (dividers 'Hoy', 'Ayer',
 * dates), the files (image thumbnails, PDF links), live through the chat's socket (`on_ticket_message_received`;
 * after a reconnect it fetches what it missed with `?last`), and a reply box with files (up to 10, PNG/JPEG/WebP/PDF,
 * 50 MB each; Enter sends, Shift+Enter a new line). A closed ticket shows 'Este ticket está cerrado.' instead of the
 * reply box. Reading marks the other side's messages seen.
 */
export function TicketConversation({ tuid, viewer }: { tuid: string; viewer: 'author' | 'staff' }) {
  const queryClient = useQueryClient();
  const zone = useMemo(browserTimeZone, []);
  const [messages, setMessages] = useState<TTicketMessage[]>([]);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clientMessageId, setClientMessageId] = useState(newClientMessageId);
  const latest = useRef<string | undefined>(undefined);
  latest.current = messages.at(-1)?.muid;

  const ticket = useQuery({ queryKey: TICKET_KEYS.ticket(tuid), queryFn: ({ signal }) => getTicket(tuid, signal) });
  const initial = useQuery({ queryKey: TICKET_KEYS.messages(tuid), queryFn: ({ signal }) => getTicketMessages(tuid, undefined, signal), staleTime: 0 });
  useEffect(() => { if (initial.data) setMessages((m) => mergeTicketMessages(m, initial.data.messages)); }, [initial.data]);

  // Live: every message of this ticket (and every rejoin) fetches what came after the newest one shown, which also
  // marks it seen; the lists' unread counts are refreshed.
  useEffect(() => {
    const catchUp = () => {
      void getTicketMessages(tuid, latest.current).then((r) => setMessages((m) => mergeTicketMessages(m, r.messages))).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'chats'] });
    };
    const release = ticketSocket.join(tuid);
    const stopMessages = ticketSocket.onMessage((e) => {
      if (e.tuid !== tuid) return;
      setMessages((m) => mergeTicketMessages(m, [e.message]));
      catchUp();
      if (e.message.cat === 'system') void queryClient.invalidateQueries({ queryKey: TICKET_KEYS.ticket(tuid) });
    });
    const stopJoined = ticketSocket.onJoined((joined) => { if (joined === tuid) catchUp(); });
    return () => { release(); stopMessages(); stopJoined(); };
  }, [tuid, queryClient]);

  const { scroller, atBottom } = useStickToBottom([messages.length], initial.data !== undefined);

  const addFiles = (picked: File[]) => {
    setFileError(null);
    for (const f of picked) {
      const problem = ticketFileProblem(f);
      if (problem) { setFileError(problem === 'type' ? N.attachmentType : M.fileTooLarge); return; }
    }
    const next = [...files, ...picked];
    if (!fitsTicketLimit(next.length)) { setFileError(T.tooManyFiles); return; }
    setFiles(next);
  };

  const closed = ticket.data?.status === 'closed';
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if ((!value && files.length === 0) || busy || closed) return;
    setBusy(true);
    try {
      const result = await postTicketMessage(tuid, value, files, clientMessageId);
      setMessages((m) => mergeTicketMessages(m, result.messages));
      setText('');
      setFiles([]);
      setClientMessageId(newClientMessageId());
      atBottom.current = true;
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'chats'] });
    } catch (err) {
      toast('danger', errorMessage(err, T.sendFailed));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); void submit(); }
  };

  const mine = (m: TTicketMessage) => m.cat !== 'system' && (viewer === 'author' ? !m.from_staff : m.from_staff);
  const days = groupByDay(messages, zone);
  const now = Date.now();

  return (
    <div className="nj-chat-conversation nj-ticket-conversation" data-testid="ticket-conversation">
      <div className="nj-chat-messages" ref={scroller} role="log" aria-live="polite" aria-label={ticket.data?.title ?? M.myTickets} tabIndex={0}>
        <div>
          {initial.isPending ? <Center py="xl"><Loader size="sm" aria-label={M.myTickets} /></Center> : null}
          {initial.isError ? <Alert color="red" variant="light">{errorMessage(initial.error, T.listFailed)}</Alert> : null}
          {initial.data && messages.length === 0 ? <Text c="dimmed" ta="center" size="sm" py="md">{M.noMessages}</Text> : null}
          {days.map((d) => (
            <div key={d.day}>
              <div className="nj-chat-divider" role="separator"><span>{dayLabel(d.day, now, zone)}</span></div>
              {d.messages.map((m) => <TicketBubble key={m.muid} message={m} mine={mine(m)} viewer={viewer} zone={zone} />)}
            </div>
          ))}
        </div>
      </div>
      {closed ? (
        <Text className="nj-ticket-closed" size="sm" c="dimmed" ta="center" data-testid="ticket-closed">{M.closedNotice}</Text>
      ) : (
        <form className="nj-ticket-composer" onSubmit={(e) => void submit(e)} noValidate>
          {files.length ? (
            <Group gap={6} className="nj-ticket-chosen">
              {files.map((f, i) => (
                <Badge key={`${f.name}-${i}`} variant="light" color="gray" size="lg" tt="none" rightSection={
                  <CloseButton size="xs" aria-label={M.removeFile(f.name)} onClick={() => setFiles(files.filter((_, j) => j !== i))} />
                }>{f.name}</Badge>
              ))}
            </Group>
          ) : null}
          {fileError ? <Text size="xs" c="red.8" role="alert">{fileError}</Text> : null}
          <div className="nj-chat-composer nj-ticket-composer-row">
            <FileButton onChange={(picked) => addFiles(picked)} accept={TICKET_ACCEPT} multiple>
              {(props) => <ActionIcon {...props} variant="subtle" size="lg" aria-label={M.attach} disabled={busy}><PaperclipIcon size={20} /></ActionIcon>}
            </FileButton>
            <Textarea aria-label={M.replyPlaceholder} placeholder={M.replyPlaceholder} value={text} onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={onKeyDown} autosize minRows={1} maxRows={5} maxLength={5000} style={{ flex: 1 }} />
            <Button type="submit" loading={busy} disabled={!text.trim() && files.length === 0}>{M.send}</Button>
          </div>
        </form>
      )}
    </div>
  );
}
