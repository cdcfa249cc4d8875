import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CRM_MESSAGES as M } from '@nj/contracts/crm/messages';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { CRM_KEYS, convertLead, getLeadInteractions } from './crm-api.ts';

const dateTime = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * The 'Contactos' tab of /agent-dashboard (issue 16 'Leads'): every contact, message, visit and offer on the agent's
 * listings (the agency's for its administrator: `agency`), newest first, with the first-response time and
 * 'Convertir en cliente', which opens the new CRM client in the CRM tab.
 */
export function LeadInteractions({ agency }: { agency: string | null }) {
  const queries = useQueryClient();
  const [, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({ queryKey: CRM_KEYS.leads(page, agency), queryFn: ({ signal }) => getLeadInteractions(page, agency, signal), retry: 0 });
  const openClient = (uid: string) => setParams((p) => { p.set('tab', 'crm'); p.set('client', uid); return p; });
  const convert = async (ref: string) => {
    setBusy(ref);
    try {
      const client = await convertLead(ref);
      toast('success', M.converted);
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
      openClient(client.uid);
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
    } finally {
      setBusy(null);
    }
  };
  const items = list.data?.interactions ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="leads-title">
      <Title order={2} fz={22} id="leads-title">{M.leadsTitle}</Title>
      {list.isLoading ? <Loader size="sm" aria-label={M.leadsTitle} /> : list.isError ? <Alert color="red">{errorMessage(list.error, M.loadError)}</Alert>
        : !items.length ? <Text c="dimmed" role="status">{M.noInteractions}</Text> : items.map((i) => (
          <Card key={i.ref} withBorder padding="md" data-testid="lead-interaction">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{i.name}</Text>
                  <Badge variant="light">{M.kind[i.kind]}</Badge>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{i.title} · {dateTime(i.at)}</Text>
                {i.message ? <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{i.message}</Text> : null}
                <Text size="xs" c="dimmed">{M.firstResponse}: {i.first_response_seconds == null ? M.noResponse : M.responseIn(Math.max(1, Math.round(i.first_response_seconds / 60)))}</Text>
              </Stack>
              <Group gap="xs">
                {i.href ? <Button component={Link} to={i.href} size="xs" variant="default">{M.open}</Button> : null}
                {i.crm_uid ? (
                  <Button size="xs" variant="light" color="teal" onClick={() => openClient(i.crm_uid!)}>{M.convertedBadge}</Button>
                ) : (
                  <Button size="xs" loading={busy === i.ref} onClick={() => void convert(i.ref)}>{M.convert}</Button>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      {list.data && (page > 1 || list.data.has_more) ? (
        <Group justify="center" gap="xs">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>{M.prev}</Button>
          <Text size="sm">{M.pageOf(page)}</Text>
          <Button variant="default" size="xs" disabled={!list.data.has_more} onClick={() => setPage(page + 1)}>{M.next}</Button>
        </Group>
      ) : null}
    </Stack>
  );
}
