import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSOCIATION_MESSAGES as M } from '@nj/contracts/associations/messages';
import type { TAgency } from '@nj/contracts/agencies/schemas';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { day } from '../agencies/agencies-api.ts';
import { ASSOCIATION_KEYS, askToJoin, getAgencyAssociations, getAssociationsByState } from './associations-api.ts';

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', approved: 'teal', removed: 'gray' };

/**
 * 'Asociaciones' in the agency's settings (issue 15; decision 029): the associations the agency asked to join with
 * each request's state, and the way to ask: choose the state, then one of its associations (GET
 * /v1/agencies/associations?mexican_state), 'Pedir ingreso' (POST /v1/associations/{asso_uid}/register).
 */
export function AgencyAssociationsSection({ agency }: { agency: TAgency }) {
  const client = useQueryClient();
  const [state, setState] = useState('');
  const [asso, setAsso] = useState('');
  const [busy, setBusy] = useState(false);
  const mine = useQuery({ queryKey: ASSOCIATION_KEYS.ofAgency(agency.auid), queryFn: ({ signal }) => getAgencyAssociations(agency.auid, signal), retry: 0 });
  const list = useQuery({ queryKey: ASSOCIATION_KEYS.byState(state), queryFn: ({ signal }) => getAssociationsByState(state, signal), enabled: !!state, retry: 0 });
  const options = list.data?.states.flatMap((s) => s.associations) ?? [];
  const ask = async () => {
    setBusy(true);
    try {
      await askToJoin(asso);
      toast('success', M.joinRequested);
      setAsso('');
      await client.invalidateQueries({ queryKey: ASSOCIATION_KEYS.ofAgency(agency.auid) });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(false);
    }
  };
  const memberships = mine.data?.associations ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agency-associations-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="agency-associations-title">{M.agencySectionTitle}</Title>
        <Text size="sm" c="dimmed">{M.agencySectionIntro}</Text>
        {mine.isLoading ? <Loader size="sm" aria-label={M.memberships} /> : mine.isError ? <Alert color="red">{M.loadError}</Alert> : memberships.length ? (
          <Stack gap="xs" aria-label={M.memberships} role="list">
            {memberships.map((m) => (
              <Group key={m.asso_uid} gap="sm" wrap="nowrap" role="listitem" data-testid="agency-association">
                <Avatar src={m.logo} alt="" radius="md" color="brand">{m.name.slice(0, 1).toUpperCase()}</Avatar>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={500} truncate>{m.name}</Text>
                  <Text size="xs" c="dimmed">{[m.mexican_state, M.requestedOn(day(m.requested_at))].filter(Boolean).join(' · ')}</Text>
                </div>
                <Badge color={STATUS_COLOR[m.status]} variant="light" style={{ flexShrink: 0 }}>{M.statusLabels[m.status]}</Badge>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NativeSelect label={M.chooseState} value={state} w={{ base: '100%', xs: 220 }} onChange={(e) => { setState(e.currentTarget.value); setAsso(''); }}
            data={[{ value: '', label: M.statePlaceholder, disabled: true }, ...MX_STATES.map((s) => s.name)]} />
          <NativeSelect label={M.chooseAssociation} value={asso} w={{ base: '100%', xs: 280 }} disabled={!state || list.isLoading}
            onChange={(e) => setAsso(e.currentTarget.value)}
            data={[{ value: '', label: state && !list.isLoading && !options.length ? M.noAssociationsInState : M.chooseAssociationPlaceholder, disabled: true },
              ...options.map((a) => ({ value: a.uid, label: a.name }))]} />
          <Button onClick={() => void ask()} disabled={!asso} loading={busy}>{M.askButton}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
