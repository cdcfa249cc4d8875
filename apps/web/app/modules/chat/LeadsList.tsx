import { Link } from 'react-router';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import type { TOwnerLead } from '@nj/contracts/stats/schemas';
import { errorMessage } from '../accounts/api.ts';
import { LoadMore } from '../layout/LoadMore.tsx';
import { api } from '../api/client.ts';
import { activityLabel, browserTimeZone, clockLabel, dayLabel, dayKey } from './chat-time.ts';

type LeadPage = { leads: TOwnerLead[]; page: number; hasMore: boolean };
/** GET /api/v1/leads?page: the owner's contact-form messages from people without an account. */
const getLeads = (page: number, signal?: AbortSignal) => api<LeadPage>('GET', '/v1/leads', { query: { page }, signal });
export const LEADS_KEY = ['owner-leads'] as const;

/** The leads query shared by the list and the open lead (React Query caches one copy). */
export function useLeads() {
  return useInfiniteQuery({
    queryKey: LEADS_KEY,
    queryFn: ({ pageParam, signal }) => getLeads(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/**
 * 'Formulario' (contact-form messages) in the owner's conversation list (issue 11: the lead form 'is delivered into the same
 * conversation list of the owner'): who wrote, about which listing, an excerpt and when, newest first.
 */
export function LeadsList({ selected }: { selected: string | null }) {
  const query = useLeads();
  const zone = browserTimeZone();
  const leads = query.data?.pages.flatMap((p) => p.leads) ?? [];
  return (
    <div>
      <Text size="xs" c="dimmed" px="md" pb="xs">{M.leadsHint}</Text>
      {query.isPending ? <Center h={120}><Loader size="sm" aria-label={M.loading} /></Center> : null}
      {query.isError ? <Alert color="red" mx="md" role="alert">{errorMessage(query.error, M.leadsFailed)}</Alert> : null}
      {query.isSuccess && !leads.length ? <Text size="sm" px="md">{M.leadsEmpty}</Text> : null}
      <ul className="nj-chat-items">
        {leads.map((l) => (
          <li key={l.luid}>
            <Link to={`/chat?tab=formulario&lead=${encodeURIComponent(l.luid)}`} className="nj-chat-item" aria-current={selected === l.luid ? 'page' : undefined} data-testid="lead-item">
              <div className="nj-chat-item-body">
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} lineClamp={1}>{l.name}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{activityLabel(l.created_at, Date.now(), zone)}</Text>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={1}>{M.leadAbout(l.title)}</Text>
                <Text size="xs" lineClamp={1}>{l.message}</Text>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={query} label={M.loadMore} />
    </div>
  );
}

/** One contact-form message: the whole text, the listing, and ways to answer (e-mail, WhatsApp, phone call). */
export function LeadView({ luid }: { luid: string }) {
  const query = useLeads();
  const zone = browserTimeZone();
  const lead = query.data?.pages.flatMap((p) => p.leads).find((l) => l.luid === luid);
  if (query.isPending) return <Center h={240}><Loader aria-label={M.loading} /></Center>;
  if (!lead) return <Center h="100%"><Text c="dimmed">{M.chooseLead}</Text></Center>;
  const digits = lead.phone.replace(/\D/g, '');
  return (
    <div className="nj-chat-conversation" data-testid="lead-view">
      <header className="nj-chat-head">
        <Title order={2} fz="md">{lead.name}</Title>
        <Anchor component={Link} to={`/propiedades/${lead.slug}`} size="sm">{M.leadAbout(lead.title)}</Anchor>
      </header>
      <div className="nj-chat-messages">
        <div className="nj-chat-divider" role="separator"><span>{dayLabel(dayKey(Date.parse(lead.created_at), zone), Date.now(), zone)}</span></div>
        <div className="nj-chat-row">
          <div className="nj-chat-bubble">
            <Text size="sm" className="nj-chat-text">{lead.message}</Text>
            <Text size="xs" c="dimmed" ta="right">{clockLabel(lead.created_at, zone)}</Text>
          </div>
        </div>
      </div>
      <Stack gap={6} p="md" className="nj-chat-lead-actions">
        <Text size="sm">{lead.email} · {lead.phone}</Text>
        <Group gap="xs">
          <Button component="a" href={`mailto:${lead.email}?subject=${encodeURIComponent(M.leadReplySubject(lead.title))}`}>{M.leadReplyEmail}</Button>
          <Button component="a" href={`https://wa.me/${digits}`} target="_blank" rel="noopener" variant="light">{M.leadReplyWhatsapp}</Button>
          <Button component="a" href={`tel:${lead.phone}`} variant="default">{M.leadCall}</Button>
        </Group>
      </Stack>
    </div>
  );
}
