import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Avatar, Badge, Button, Card, ColorInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENCY_MESSAGES as M } from '@nj/contracts/agencies/messages';
import type { TAgentProcess } from '@nj/contracts/agencies/schemas';
import { errorMessage } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';
import { AGENCY_KEYS, createAgency, day, joinAgency, searchAgencies } from './agencies-api.ts';

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', approved: 'teal', suspended: 'orange', removed: 'gray' };

/** The client's own request to be an agent: the agency, its state, and the way to the agent dashboard once approved. */
export function MembershipCard({ membership }: { membership: TAgentProcess }) {
  return (
    <Card withBorder padding="lg" data-testid="agent-process">
      <Stack gap="xs">
        <Title order={2} fz={20}>{M.processTitle}</Title>
        <Group gap="sm">
          <Text fw={600}>{membership.agency_name}</Text>
          <Badge color={STATUS_COLOR[membership.status]} variant="light">{M.statusLabels[membership.status]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{day(membership.requested_at)}</Text>
        {membership.approved ? <Button component={Link} to="/agent-dashboard" w="fit-content">{M.goToAgentDashboard}</Button> : null}
      </Stack>
    </Card>
  );
}

/** Create an agency: name, optional domain and colours (the logo comes after, in the settings). */
function CreateAgencyForm() {
  const client = useQueryClient();
  const session = useOptionalSession();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [primary, setPrimary] = useState('');
  const [secondary, setSecondary] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await createAgency({ name: name.trim(), base_domain: domain.trim() || null, color_primary: primary || null, color_secondary: secondary || null });
      toast('success', M.created);
      await client.invalidateQueries({ queryKey: AGENCY_KEYS.my });
      // The session's settings now say is_agency_admin: the navigation links the panel and the agent dashboard.
      void session?.refresh();
    } catch (err) {
      setError(errorMessage(err, M.saveError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agency-create-title">
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Title order={2} fz={20} id="agency-create-title">{M.createTitle}</Title>
          <TextInput label={M.nameLabel} required value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={M.domainLabel} description={M.domainHint} value={domain} maxLength={253} onChange={(e) => setDomain(e.currentTarget.value)} />
          <Group grow>
            <ColorInput label={M.primaryLabel} value={primary} onChange={setPrimary} format="hex" withEyeDropper={false} />
            <ColorInput label={M.secondaryLabel} value={secondary} onChange={setSecondary} format="hex" withEyeDropper={false} />
          </Group>
          {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          <Button type="submit" loading={busy} disabled={name.trim().length < 2} w="fit-content">{M.createButton}</Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Ask to join an agency: search by name, then 'Pedir mi alta' on one of the results. */
function JoinAgency() {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({ queryKey: AGENCY_KEYS.search(search), queryFn: ({ signal }) => searchAgencies(search, signal), enabled: search.length > 0, retry: 0 });
  const join = async (auid: string) => {
    setBusy(auid);
    try {
      await joinAgency(auid);
      toast('success', M.joinRequested);
      await client.invalidateQueries({ queryKey: AGENCY_KEYS.my });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agency-join-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="agency-join-title">{M.joinTitle}</Title>
        <form onSubmit={(e) => { e.preventDefault(); setSearch(text.trim()); }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={M.searchLabel} placeholder={M.searchPlaceholder} value={text} maxLength={100} style={{ flex: 1 }}
              onChange={(e) => setText(e.currentTarget.value)} />
            <Button type="submit" variant="default">{M.searchButton}</Button>
          </Group>
        </form>
        {query.data ? (
          query.data.agencies.length === 0 ? <Text c="dimmed" role="status">{M.noAgencies}</Text> : (
            <Stack gap="xs" data-testid="agency-results">
              {query.data.agencies.map((a) => (
                <Group key={a.auid} justify="space-between" wrap="nowrap" data-testid="agency-result">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar src={a.logo} alt="" radius="sm" color="brand">{a.name.slice(0, 1).toUpperCase()}</Avatar>
                    <Text fw={500} truncate>{a.name}</Text>
                  </Group>
                  <Button size="xs" loading={busy === a.auid} onClick={() => void join(a.auid)} aria-label={`${M.joinButton}: ${a.name}`}>{M.joinButton}</Button>
                </Group>
              ))}
            </Stack>
          )
        ) : null}
      </Stack>
    </Card>
  );
}

/** /agency-control-panel without an agency: create one or ask to join one (issue 15). */
export function AgencyStart() {
  return (
    <Stack gap="lg">
      <Text>{M.startIntro}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CreateAgencyForm />
        <JoinAgency />
      </SimpleGrid>
    </Stack>
  );
}
