import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { TICKET_MESSAGES as T, TICKET_UI_MESSAGES as M } from '@nj/contracts/tickets/messages';
import type { TTicketStatus } from '@nj/contracts/tickets/vocabulary';
import { errorMessage } from '../accounts/api.ts';
import { useSession } from '../accounts/session.tsx';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { activityLabel, browserTimeZone } from '../chat/chat-time.ts';
import { ArrowLeftIcon } from '../layout/icons.tsx';
import { LoadMore } from '../layout/LoadMore.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { getTicket, getTicketChats, TICKET_KEYS, type TTicket, type TTicketChat } from './api.ts';
import { HelpButton } from './HelpButton.tsx';
import { TicketConversation } from './TicketConversation.tsx';
import { ticketSocket } from './ticket-socket.ts';
import './tickets.css';

/** Badge colours of the statuses (the theme's light variant keeps them readable). */
const STATUS_COLOR: Record<TTicketStatus, string> = { sent: 'blue', in_process: 'orange', closed: 'gray' };

/** A ticket's status as a badge: Enviado, En proceso, Cerrado. */
export function TicketStatusBadge({ ticket }: { ticket: Pick<TTicket, 'status' | 'statusLabel'> }) {
  return <Badge variant="light" color={STATUS_COLOR[ticket.status]} data-testid="ticket-status">{ticket.statusLabel}</Badge>;
}

/** One ticket in the list: title, category, status, unread count, last activity. */
function TicketItem({ chat, selected, zone }: { chat: TTicketChat; selected: boolean; zone: string }) {
  const t = chat.ticket;
  return (
    <li>
      <Link to={`?ticket=${encodeURIComponent(t.tuid)}`} className="nj-help-item" aria-current={selected ? 'page' : undefined} data-testid="ticket-item">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm" lineClamp={1}>{t.title}</Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{activityLabel(t.last_activity_at, Date.now(), zone)}</Text>
        </Group>
        <Group gap={6} mt={4} wrap="wrap">
          <TicketStatusBadge ticket={t} />
          <Text size="xs" c="dimmed">{t.categoryName}</Text>
          {chat.unread ? <Badge size="sm" color="red" circle aria-label={M.unread(chat.unread)}>{chat.unread}</Badge> : null}
        </Group>
        {chat.last ? <Text size="xs" c="dimmed" lineClamp={1} mt={4}>{chat.last.text}</Text> : null}
      </Link>
    </li>
  );
}

/** The open ticket: back (phones), title, status, category, the day it was opened, what it is about, and its conversation. */
function TicketPane({ tuid, onBack }: { tuid: string; onBack: () => void }) {
  const ticket = useQuery({ queryKey: TICKET_KEYS.ticket(tuid), queryFn: ({ signal }) => getTicket(tuid, signal) });
  const zone = useMemo(browserTimeZone, []);
  const t = ticket.data;
  return (
    <div className="nj-chat-conversation">
      <header className="nj-help-head">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={M.backToList} className="nj-help-back"><ArrowLeftIcon size={20} /></ActionIcon>
          <div style={{ minWidth: 0, flex: 1 }}>
            {ticket.isError ? <Alert color="red" variant="light">{errorMessage(ticket.error, T.listFailed)}</Alert> : null}
            {t ? (
              <>
                <Title order={2} fz="lg" lineClamp={2}>{t.title}</Title>
                <Group gap={6} mt={4} wrap="wrap">
                  <TicketStatusBadge ticket={t} />
                  <Text size="xs" c="dimmed">{t.categoryName}</Text>
                  <Text size="xs" c="dimmed">{M.createdOn(new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: zone }).format(new Date(t.created_at)))}</Text>
                  {t.date ? <Text size="xs" c="dimmed">{M.dateLabel}: {new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${t.date}T12:00:00Z`))}</Text> : null}
                </Group>
                <Text size="sm" mt={6} className="nj-help-description" lineClamp={4}>{t.description}</Text>
                {t.puid && t.listingTitle ? (
                  <Text size="xs" mt={4}>{M.aboutListing}: <Anchor component={Link} to={`/propiedades/${encodeURIComponent(t.puid)}`} size="xs">{t.listingTitle}</Anchor></Text>
                ) : null}
              </>
            ) : ticket.isPending ? <Loader size="sm" aria-label={M.myTickets} /> : null}
          </div>
        </Group>
      </header>
      <TicketConversation key={tuid} tuid={tuid} viewer="author" />
    </div>
  );
}

/**
 * /centro-de-ayuda (issue 14; spec 02 §2 'Help centre where tickets are reviewed'): my tickets, newest activity first,
 * each with its status (Enviado, En proceso, Cerrado), category and unread count; '?ticket={tuid}' opens its
 * conversation in real time. 'Abrir un ticket' opens the help modal. Desktop shows list and conversation side by side;
 * below 768 px one at a time (the conversation has a back arrow). Signed out: the sign-in prompt.
 */
export function HelpCentrePage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const zone = useMemo(browserTimeZone, []);
  const tuid = params.get('ticket');
  const registered = session.status === 'ready' && session.registered;
  const chats = useInfiniteQuery({
    queryKey: TICKET_KEYS.chats(0), enabled: registered, initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getTicketChats(pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const items = chats.data?.pages.flatMap((p) => p.chats) ?? [];

  // The list follows my tickets live: a message on any of them refreshes the counts and the order.
  const listed = items.slice(0, 20).map((c) => c.ticket.tuid).join(',');
  useEffect(() => {
    if (!listed) return;
    const releases = listed.split(',').map((id) => ticketSocket.join(id));
    const stop = ticketSocket.onMessage(() => void queryClient.invalidateQueries({ queryKey: ['tickets', 'chats'] }));
    return () => { for (const r of releases) r(); stop(); };
  }, [listed, queryClient]);

  return (
    <div className="nj-help-page">
      <NavBar variant="properties" />
      {session.status === 'ready' && !session.registered ? (
        <SignInRequired title={M.visitorTitle} body={M.helpCentreIntro} cta={M.visitorButton} />
      ) : (
        <main className="nj-help-layout" data-open={tuid ? 'conversation' : 'list'}>
          <section className="nj-help-list" aria-labelledby="help-title">
            <Stack gap="xs" p="md" className="nj-help-intro">
              <Title order={1} fz={24} id="help-title">{M.helpCentreTitle}</Title>
              <Text size="sm" c="dimmed">{M.helpCentreIntro}</Text>
              <HelpButton label={M.newTicket} testId="help-centre-new" />
            </Stack>
            <Title order={2} fz="sm" px="md" pb={4} c="dimmed" tt="uppercase">{M.myTickets}</Title>
            {chats.isPending && registered ? <Center py="lg"><Loader size="sm" aria-label={M.myTickets} /></Center> : null}
            {chats.isError ? <Alert color="red" variant="light" m="md">{M.loadError}</Alert> : null}
            {chats.data && items.length === 0 ? <Text c="dimmed" size="sm" px="md" py="sm">{M.noTickets}</Text> : null}
            <ul className="nj-help-items" aria-label={M.myTickets}>
              {items.map((c) => <TicketItem key={c.ticket.tuid} chat={c} selected={c.ticket.tuid === tuid} zone={zone} />)}
            </ul>
            <LoadMore query={chats} label={M.loadMore} />
          </section>
          <section className="nj-help-pane" aria-label={M.helpCentreTitle}>
            {tuid ? <TicketPane key={tuid} tuid={tuid} onBack={() => setParams({})} /> : (
              <Center h="100%" p="md"><Text c="dimmed">{M.selectTicket}</Text></Center>
            )}
          </section>
        </main>
      )}
    </div>
  );
}
