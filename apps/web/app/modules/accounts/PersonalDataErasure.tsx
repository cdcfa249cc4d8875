import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { DATA_ERASURE_MESSAGES } from '@nj/contracts/data-erasure/messages';
import type { TDataErasure } from '@nj/contracts/data-erasure/schemas';
import { api } from '../api/client.ts';
import { errorMessage } from './api.ts';
import { toast } from '../toast/toast.ts';

const M = DATA_ERASURE_MESSAGES.ui;
const ERASURE_KEY = ['personal-data-erasure'] as const;
/** A request not run since it was made (or renewed). */
const isPending = (d: TDataErasure | undefined) => Boolean(d?.requested_at && (!d.last_run_at || d.last_run_at < d.requested_at));
const dateLabel = (iso: string) => new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * 'Tus datos personales' on /cuenta (issue 12 'Rules'; LFPDPPP derecho de cancelación; decision 019): what an
 * erasure removes and what a lease in progress keeps, the request behind a confirmation, and how it went (pending,
 * done, or the rents whose data are retained until their legal period ends).
 */
export function PersonalDataErasure() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ERASURE_KEY,
    queryFn: ({ signal }) => api<TDataErasure>('GET', '/v1/client/personal-data/erasure', { signal }),
    // While a request is being processed, look again every few seconds.
    refetchInterval: (q) => (isPending(q.state.data) ? 3000 : false),
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = status.data;

  const request = () => {
    setBusy(true);
    void api<TDataErasure>('POST', '/v1/client/personal-data/erasure', { body: {} })
      .then((fresh) => {
        queryClient.setQueryData(ERASURE_KEY, fresh);
        toast('success', DATA_ERASURE_MESSAGES.requested);
        setConfirming(false);
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.loadFailed)))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="sm" data-testid="personal-data-erasure">
      <Title order={2} fz="xl">{M.title}</Title>
      <Text size="sm">{M.intro}</Text>
      <Text size="sm">{M.kept}</Text>
      <Text size="sm" c="dimmed">{M.keptAccount}</Text>
      {status.isError ? <Alert color="red" role="alert">{errorMessage(status.error, M.loadFailed)}</Alert> : null}
      {isPending(data) && data?.requested_at ? <Alert color="blue" variant="light" data-testid="erasure-status">{M.pending(dateLabel(data.requested_at))}</Alert> : null}
      {data?.erased_at && !isPending(data) ? <Alert color="teal" variant="light" data-testid="erasure-status">{M.done(dateLabel(data.erased_at))}</Alert> : null}
      {data && !isPending(data) && !data.erased_at && data.retained.length > 0 ? (
        <Alert color="yellow" variant="light" data-testid="erasure-status">
          <Text size="sm">{M.retained(data.retained.length)}</Text>
          <List size="sm">
            {data.retained.map((r) => (
              <List.Item key={r.ruid}><Anchor component={Link} to={`/propiedades-contactadas/${encodeURIComponent(r.ruid)}`}>{r.title || r.ruid}</Anchor></List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group>
        <Button variant="outline" color="red.9" h="auto" py={8} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} onClick={() => setConfirming(true)}>{M.request}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={M.confirmTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Text size="sm">{M.confirmBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>{M.cancel}</Button>
            <Button color="red.9" onClick={request} loading={busy}>{M.confirm}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
