import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INTEGRATION_LABELS, INTEGRATION_MESSAGES as M } from '@nj/contracts/integrations/messages';
import type { IntegrationProvider, TIntegration, TIntegrationRun, TPullResult } from '@nj/contracts/integrations/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { connectIntegration, getIntegrations, INTEGRATION_KEYS, pullNow, simulatePull } from './integrations-api.ts';

const when = (iso: string) => new Date(iso).toLocaleString('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' });

/** The connect form: EasyBroker's API key, or KW's client id and secret. */
function ConnectForm({ provider, connected, onDone }: { provider: IntegrationProvider; connected: boolean; onDone: () => Promise<void> }) {
  const [apiKey, setApiKey] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await connectIntegration(provider === 'easybroker' ? { provider, api_key: apiKey.trim() } : { provider, client_id: clientId.trim(), client_secret: secret.trim() });
      toast('success', M.connected);
      setApiKey('');
      setSecret('');
      await onDone();
    } catch (err) {
      toast('danger', errorMessage(err, M.providerUnavailable));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        {provider === 'easybroker' ? (
          <PasswordInput label={M.apiKeyLabel} value={apiKey} required maxLength={200} autoComplete="off" style={{ flex: '1 1 260px' }} onChange={(e) => setApiKey(e.currentTarget.value)} />
        ) : (
          <>
            <TextInput label={M.clientIdLabel} value={clientId} required maxLength={200} autoComplete="off" style={{ flex: '1 1 200px' }} onChange={(e) => setClientId(e.currentTarget.value)} />
            <PasswordInput label={M.clientSecretLabel} value={secret} required maxLength={200} autoComplete="off" style={{ flex: '1 1 200px' }} onChange={(e) => setSecret(e.currentTarget.value)} />
          </>
        )}
        <Button type="submit" loading={busy} variant={connected ? 'default' : 'filled'}>{connected ? M.reconnect : M.connect}</Button>
      </Group>
    </form>
  );
}

/** What the last dry run or pull did, with its first listings. */
function PullOutcome({ result }: { result: TPullResult }) {
  const counts = { created: result.created, updated: result.updated, deactivated: result.deactivated, failed: result.failed };
  return (
    <Alert color={result.dry_run ? 'blue' : 'teal'} title={result.dry_run ? M.dryRunDone : M.pulled} data-testid="pull-outcome">
      <Text size="sm">{result.dry_run ? M.wouldDo(counts) : M.runCounts(counts)}</Text>
      {result.items.some((i) => i.action === 'fail') ? (
        <Stack gap={2} mt="xs">
          {result.items.filter((i) => i.action === 'fail').slice(0, 5).map((i) => <Text key={i.source_id} size="xs">{`${i.source_id}: ${i.reason ?? ''}`}</Text>)}
        </Stack>
      ) : null}
    </Alert>
  );
}

/** The runs of one connection, newest first. */
function RunsTable({ runs }: { runs: TIntegrationRun[] }) {
  if (runs.length === 0) return <Text size="sm" c="dimmed">{M.noRuns}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder data-testid="integration-runs">
        <Table.Thead>
          <Table.Tr><Table.Th>{M.colStarted}</Table.Th><Table.Th>{M.colKind}</Table.Th><Table.Th>{M.colResult}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{when(r.started_at)}</Table.Td>
              <Table.Td>{r.dry_run ? M.runDry : M.runTrigger[r.trigger]}</Table.Td>
              <Table.Td>{r.error ? <Text size="sm" c="red.8">{r.error}</Text> : !r.finished_at ? M.runRunning : r.dry_run ? M.wouldDo(r) : M.runCounts(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One provider's card: state, connect form, 'Simular' and 'Sincronizar ahora', runs. */
function ProviderCard({ provider, connection, refresh }: { provider: IntegrationProvider; connection: TIntegration | undefined; refresh: () => Promise<void> }) {
  const [busy, setBusy] = useState<'dry' | 'pull' | null>(null);
  const [result, setResult] = useState<TPullResult | null>(null);
  const run = async (kind: 'dry' | 'pull') => {
    setBusy(kind);
    try {
      const r = kind === 'dry' ? await simulatePull(provider) : await pullNow(provider);
      setResult(r);
      await refresh();
    } catch (err) {
      toast('danger', errorMessage(err, M.providerUnavailable));
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const titleId = `integration-${provider}-title`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={`integration-${provider}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={20} id={titleId}>{INTEGRATION_LABELS[provider]}</Title>
          {connection ? <Badge color="teal" variant="light">{M.credentialsEnding(connection.credentials_hint)}</Badge> : null}
        </Group>
        <ConnectForm provider={provider} connected={!!connection} onDone={refresh} />
        {connection ? (
          <>
            <Group gap="xs">
              <Button variant="default" loading={busy === 'dry'} disabled={busy !== null} onClick={() => void run('dry')}>{M.dryRun}</Button>
              <Button loading={busy === 'pull'} disabled={busy !== null} onClick={() => void run('pull')}>{M.pullNow}</Button>
            </Group>
            {result ? <PullOutcome result={result} /> : null}
            <Title order={3} fz={16}>{M.runsTitle}</Title>
            <RunsTable runs={connection.runs} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The 'Integraciones' tab of /agency-control-panel (issue 16): connect EasyBroker and KW, dry run, pull now, runs. */
export function IntegrationsSection() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: INTEGRATION_KEYS.list, queryFn: ({ signal }) => getIntegrations(signal), retry: 0 });
  const refresh = () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.list });
  if (query.isLoading) return <Loader size="sm" aria-label={M.tab} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, M.providerUnavailable)}</Alert>;
  const items = query.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Text>{M.intro}</Text>
      {(['easybroker', 'kw'] as const).map((p) => <ProviderCard key={p} provider={p} connection={items.find((i) => i.provider === p)} refresh={refresh} />)}
    </Stack>
  );
}
