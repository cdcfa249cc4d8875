import { Link } from 'react-router';
import { Alert, Avatar, Badge, Button, Center, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { MEDIA_URL_PREFIX } from '@nj/contracts/media/constants';
import { errorMessage } from '../accounts/api.ts';
import { LoadMore } from '../layout/LoadMore.tsx';
import { formatPrice } from '../properties/format.ts';
import { CHAT_KEYS, getChats, type TRentSummary } from './api.ts';
import { activityLabel, browserTimeZone } from './chat-time.ts';
import { useChatEvent } from './hooks.ts';

const thumb = (r: TRentSummary) => (r.photo ? `${MEDIA_URL_PREFIX}properties/${encodeURIComponent(r.puid)}/${encodeURIComponent(r.photo)}_thumb.webp` : null);

/**
 * The conversation list of /chat (issue 11 'Chat'; GET /v1/messages/chats?page&ur): newest activity first, 20 a page
 * with 'Ver más conversaciones', each with the listing's photo, title, price, step badge, the last message and the
 * unread count; 'Solo no leídos' keeps those with unread messages. Refetched live when a message arrives or a rent
 * changes step.
 */
export function ConversationList({ selected, unreadOnly, onUnreadOnly, tabs, hidden }: {
  selected: string | null; unreadOnly: boolean; onUnreadOnly: (v: boolean) => void; tabs?: React.ReactNode; hidden?: boolean;
}) {
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const query = useInfiniteQuery({
    queryKey: CHAT_KEYS.chats(unreadOnly),
    queryFn: ({ pageParam, signal }) => getChats({ page: pageParam, ur: unreadOnly }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.all });
  useChatEvent('on_message_received', refetch);
  useChatEvent('on_quick_buttons_update', refetch);
  const rents = query.data?.pages.flatMap((p) => p.rents) ?? [];
  const now = Date.now();

  const head = (
    <Group justify="space-between" px="md" py="sm" wrap="nowrap">
      <Title order={1} fz="lg" id="chat-list-title">{M.pageTitle}</Title>
      {!hidden ? <Switch size="xs" label={M.unreadOnly} checked={unreadOnly} onChange={(e) => onUnreadOnly(e.currentTarget.checked)} /> : null}
    </Group>
  );
  if (hidden) return <nav aria-labelledby="chat-list-title">{head}{tabs}</nav>;
  return (
    <nav aria-labelledby="chat-list-title">
      {head}
      {tabs}
      {query.isPending ? <Center h={160}><Loader size="sm" aria-label={M.loading} /></Center> : null}
      {query.isError ? <Alert color="red" mx="md" role="alert">{errorMessage(query.error, M.loadFailed)}</Alert> : null}
      {query.isSuccess && rents.length === 0 ? (
        <Stack gap="xs" p="md" align="flex-start">
          <Text fw={600}>{M.noConversations}</Text>
          <Text size="sm" c="dimmed">{M.noConversationsHint}</Text>
          <Button component={Link} to="/propiedades" variant="light" size="sm">{M.searchProperties}</Button>
        </Stack>
      ) : null}
      <ul className="nj-chat-items">
        {rents.map((r) => (
          <li key={r.ruid}>
            <Link to={`/chat?chat=${encodeURIComponent(r.ruid)}`} className="nj-chat-item" aria-current={selected === r.ruid ? 'page' : undefined} data-testid="chat-item">
              <Avatar src={thumb(r)} radius="sm" size={52} alt="">{r.title.slice(0, 1)}</Avatar>
              <div className="nj-chat-item-body">
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="sm" fw={r.unread ? 700 : 600} lineClamp={1}>{r.title}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{activityLabel(r.lastActivityAt, now, zone)}</Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <Badge size="xs" color={r.stepColor} variant="light">{r.stepLabel}</Badge>
                  {r.price ? <Text size="xs" c="dimmed">{formatPrice(r.price, 'mxn', 'rent')}</Text> : null}
                </Group>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c={r.unread ? 'dark.7' : 'dimmed'} lineClamp={1}>{r.lastText ?? ''}</Text>
                  {r.unread ? <Badge size="sm" circle color="red" aria-label={M.unreadBadge(r.unread)}>{r.unread}</Badge> : null}
                </Group>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={query} label={M.loadMore} />
    </nav>
  );
}
