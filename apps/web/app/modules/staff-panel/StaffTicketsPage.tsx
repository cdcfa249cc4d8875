import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import type { TStaffQueueItem, TStaffQueueView } from '@nj/contracts/staff-panel/schemas';
import {
  TICKET_CATEGORY_CODES, TICKET_CATEGORY_NAMES, TICKET_STATUS_CODES, TICKET_STATUS_LABELS, type TTicketCategory, type TTicketStatus,
} from '@nj/contracts/tickets/vocabulary';
import { errorMessage } from '../accounts/api.ts';
import { StaffFrame } from './StaffGate.tsx';
import { getQueue, staffKeys, when } from './staff-api.ts';
import { useUrlFilters } from './use-url-filters.ts';

const VIEWS: TStaffQueueView[] = ['unassigned', 'mine', 'all'];
const STATUS_COLOR: Record<TTicketStatus, string> = { sent: 'blue', in_process: 'orange', closed: 'gray' };

/** A ticket's status as a badge (light variant: the theme's contrast-safe one). */
export function StatusBadge({ status }: { status: TTicketStatus }) {
  return <Badge color={STATUS_COLOR[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

const ticketLink = (t: TStaffQueueItem) => `/tickets/${encodeURIComponent(t.tuid)}`;

/** One ticket as a card (phones). */
function TicketCard({ t }: { t: TStaffQueueItem }) {
  return (
    <Card withBorder padding="sm" data-testid="staff-ticket-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={ticketLink(t)} fw={600} style={{ overflowWrap: 'anywhere' }}>{t.title}</Anchor>
          <StatusBadge status={t.status} />
        </Group>
        <Text size="sm">{TICKET_CATEGORY_NAMES[t.category]}</Text>
        <Text size="sm" c="dimmed">{M.author}: {t.author_nickname ?? '—'} · {when(t.created_at)}</Text>
        {t.listing_title && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{M.listing}: {t.listing_title}</Text>}
        <Text size="sm" c="dimmed">{M.assignedTo}: {t.assigned_nickname ?? M.unassigned}</Text>
      </Stack>
    </Card>
  );
}

/** The tickets as a table (desktop). */
function TicketTable({ tickets }: { tickets: TStaffQueueItem[] }) {
  return (
    <Table verticalSpacing="sm" data-testid="staff-ticket-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Ticket</Table.Th><Table.Th>{M.categoryLabel}</Table.Th><Table.Th>{M.author}</Table.Th>
          <Table.Th>{M.listing}</Table.Th><Table.Th>{M.statusLabel}</Table.Th><Table.Th>{M.assignedTo}</Table.Th><Table.Th>{M.created}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tickets.map((t) => (
          <Table.Tr key={t.tuid}>
            <Table.Td><Anchor component={Link} to={ticketLink(t)} fw={600}>{t.title}</Anchor></Table.Td>
            <Table.Td>{TICKET_CATEGORY_NAMES[t.category]}</Table.Td>
            <Table.Td>{t.author_nickname ?? '—'}</Table.Td>
            <Table.Td>{t.listing_title ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}><StatusBadge status={t.status} /></Table.Td>
            <Table.Td>{t.assigned_nickname ?? M.unassigned}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(t.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /tickets (issue 14 'The staff panel'; spec 02 §2): the support queue in three tabs — Sin asignar, Asignados a mí,
 * Todos — with filters by category and status (kept in the URL: ?view&category&status&page), 20 per page, newest
 * first; a table on desktop and cards on phones, each to /tickets/{tuid}.
 */
export function StaffTicketsPage() {
  const { params, page, set } = useUrlFilters();
  const view = (VIEWS as string[]).includes(params.get('view') ?? '') ? params.get('view') as TStaffQueueView : 'unassigned';
  const category = (TICKET_CATEGORY_CODES as readonly string[]).includes(params.get('category') ?? '') ? params.get('category') as TTicketCategory : undefined;
  const status = (TICKET_STATUS_CODES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status') as TTicketStatus : undefined;
  const q = { view, category, status, page };
  const query = useQuery({ queryKey: staffKeys.queue(q), queryFn: ({ signal }) => getQueue(q, signal), retry: 0 });

  let list;
  if (query.isLoading) list = <Center py={60}><Loader aria-label={M.loaded} /></Center>;
  else if (query.isError || !query.data) list = <Alert color="red" role="alert">{errorMessage(query.error, M.loadError)}</Alert>;
  else if (query.data.tickets.length === 0) list = <Text c="dimmed" py="lg" role="status">{M.empty}</Text>;
  else {
    const d = query.data;
    list = (
      <Stack gap="sm">
        <Stack gap="xs" hiddenFrom="sm">{d.tickets.map((t) => <TicketCard key={t.tuid} t={t} />)}</Stack>
        <Card withBorder padding={0} visibleFrom="sm"><TicketTable tickets={d.tickets} /></Card>
        {d.pages > 1 && (
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>{M.previous}</Button>
            <Text size="sm">{M.pageOf(page, d.pages)}</Text>
            <Button variant="default" disabled={page >= d.pages} onClick={() => set({ page: String(page + 1) })}>{M.next}</Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <StaffFrame>
      <Stack gap="md">
        <Title order={1} size="h2">{M.pageTitle}</Title>
        <Text c="dimmed">{M.intro}</Text>
        <Tabs value={view} onChange={(v) => set({ view: v && v !== 'unassigned' ? v : null })}>
          <Tabs.List>
            {VIEWS.map((v) => <Tabs.Tab key={v} value={v}>{M.tabs[v]}</Tabs.Tab>)}
          </Tabs.List>
          {VIEWS.map((v) => (
            <Tabs.Panel key={v} value={v} pt="md">
              {v === view && (
                <Stack gap="md">
                  <Group grow preventGrowOverflow={false} wrap="wrap" gap="sm">
                    <Select label={M.categoryLabel} placeholder={M.anyCategory} clearable value={category ?? null} miw={200}
                      data={TICKET_CATEGORY_CODES.map((c) => ({ value: c, label: TICKET_CATEGORY_NAMES[c] }))} onChange={(c) => set({ category: c })} />
                    <Select label={M.statusLabel} placeholder={M.anyStatus} clearable value={status ?? null} miw={200}
                      data={TICKET_STATUS_CODES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))} onChange={(s) => set({ status: s })} />
                  </Group>
                  {list}
                </Stack>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </StaffFrame>
  );
}
