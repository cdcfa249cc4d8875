import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Center, Grid, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import type { TCompleteTicketBody, TStaffTicket } from '@nj/contracts/staff-panel/schemas';
import { TICKET_CATEGORY_NAMES } from '@nj/contracts/tickets/vocabulary';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { TicketConversationSlot } from './TicketConversationSlot.tsx';
import { CompleteTicketModal } from './CompleteTicketModal.tsx';
import { StaffFrame } from './StaffGate.tsx';
import { StaffNotes } from './StaffNotes.tsx';
import { StatusBadge } from './StaffTicketsPage.tsx';
import { closeTicket, completeTicket, getStaffTicket, grabTicket, staffKeys, when } from './staff-api.ts';

/** One labelled value of the ticket's card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** The ticket: title, category, description, author, listing and rent links, dates, assignee and outcome. */
function TicketDetails({ t }: { t: TStaffTicket }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>{t.title}</Title>
          <StatusBadge status={t.status} />
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="grape">{TICKET_CATEGORY_NAMES[t.category]}</Badge>
          {t.outcome && <Badge variant="light" color={t.outcome === 'completed' ? 'teal' : 'gray'}>{M.outcome[t.outcome]}</Badge>}
        </Group>
        <Field label={M.description}><Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{t.description}</Text></Field>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={M.author}>
            <Anchor component={Link} to={`/perfil?u=${encodeURIComponent(t.author_cuid)}`}>{t.author_nickname ?? t.author_cuid}</Anchor>
            {t.author_email && <Text size="sm" c="dimmed">{t.author_email}</Text>}
          </Field>
          <Field label={M.created}>{when(t.created_at)}</Field>
          {t.puid && (
            <Field label={M.listing}>
              <Anchor component={Link} to={`/propiedades/${encodeURIComponent(t.puid)}`}>{t.listing_title ?? t.puid}</Anchor>
              {t.listing_last_verified && <Text size="sm" c="teal.8">{M.verifiedOwner} · {t.listing_folio_gob_mx}</Text>}
            </Field>
          )}
          {t.ruid && <Field label={M.rent}><Anchor component={Link} to={`/propiedades-contactadas/${encodeURIComponent(t.ruid)}`}>{t.ruid}</Anchor></Field>}
          {t.event_date && <Field label={M.eventDate}>{t.event_date}</Field>}
          <Field label={M.assignedTo}>{t.mine ? `${t.assigned_nickname ?? ''} (${M.you})` : t.assigned_nickname ?? M.unassigned}</Field>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * /tickets/{tuid} (issue 14 'The staff panel'): the ticket, the actions Tomar (grab), Cerrar (with a confirmation)
 * and Completar (the category's completion fields in a modal), the conversation with the author (the tickets'
 * TicketConversation as staff, real time) and the internal notes of the ticket, its author, its listing and its rent.
 */
export function StaffTicketPage() {
  const { tuid = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({ queryKey: staffKeys.ticket(tuid), queryFn: ({ signal }) => getStaffTicket(tuid, signal), retry: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const run = (id: string, call: () => Promise<TStaffTicket>, done: string) => {
    setBusy(id);
    return call()
      .then((t) => {
        client.setQueryData(staffKeys.ticket(tuid), t);
        void client.invalidateQueries({ queryKey: ['staff-queue'] });
        toast('success', done);
        return true;
      })
      .catch((e: unknown) => {
        toast('danger', errorMessage(e, M.loadError));
        return false;
      })
      .finally(() => setBusy(null));
  };

  let body;
  if (query.isLoading) body = <Center py={80}><Loader aria-label={M.ticketPageTitle} /></Center>;
  else if (query.isError || !query.data) body = <Alert color="red" role="alert">{errorMessage(query.error, M.invalidTuid)}</Alert>;
  else {
    const t = query.data;
    const open = t.status !== 'closed';
    body = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <TicketDetails t={t} />
            {open && (
              <Group gap="sm">
                {!(t.mine && t.status === 'in_process') && (
                  <Button variant="light" loading={busy === 'grab'} onClick={() => void run('grab', () => grabTicket(t.tuid), M.grabbed)}>{M.grab}</Button>
                )}
                <Button onClick={() => setCompleting(true)}>{M.complete}</Button>
                <Button variant="default" onClick={() => setConfirmClose(true)}>{M.close}</Button>
              </Group>
            )}
            <Stack gap="xs" component="section" aria-labelledby="staff-conversation">
              <Title order={2} size="h4" id="staff-conversation">{M.conversation}</Title>
              <TicketConversationSlot tuid={t.tuid} />
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" component="section" aria-labelledby="staff-notes">
            <Title order={2} size="h4" id="staff-notes">{M.notesTitle}</Title>
            <Text size="sm" c="dimmed">{M.notesHelp}</Text>
            <StaffNotes rtable="tickets" rkey={t.tuid} label={M.notesFor.tickets!} />
            <StaffNotes rtable="clients" rkey={t.author_cuid} label={`${M.notesFor.clients!}: ${t.author_nickname ?? t.author_cuid}`} />
            {t.puid && <StaffNotes rtable="properties" rkey={t.puid} label={`${M.notesFor.properties!}: ${t.listing_title ?? t.puid}`} />}
            {t.ruid && <StaffNotes rtable="rents" rkey={t.ruid} label={`${M.notesFor.rents!}: ${t.ruid}`} />}
          </Stack>
        </Grid.Col>
        {completing && (
          <CompleteTicketModal ticket={t} opened busy={busy === 'complete'} onClose={() => setCompleting(false)}
            onSubmit={(b: TCompleteTicketBody) => void run('complete', () => completeTicket(t.tuid, b), M.completedOk).then((ok) => ok && setCompleting(false))} />
        )}
        <Modal opened={confirmClose} onClose={() => setConfirmClose(false)} title={M.confirmClose} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
          <Stack gap="md">
            <Text size="sm">{M.confirmCloseHelp}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmClose(false)}>{M.cancel}</Button>
              <Button color="red" loading={busy === 'close'} onClick={() => void run('close', () => closeTicket(t.tuid), M.closedOk).then(() => setConfirmClose(false))}>{M.close}</Button>
            </Group>
          </Stack>
        </Modal>
      </Grid>
    );
  }
  return (
    <StaffFrame>
      <Stack gap="md">
        <Anchor component={Link} to="/tickets" size="sm">← {M.backToPanel}</Anchor>
        {body}
      </Stack>
    </StaffFrame>
  );
}
