import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_MESSAGES } from '@nj/contracts/rent-contracts/messages';
import { DOCUMENT_MESSAGES } from '@nj/contracts/documents/messages';
import type { TContractState } from '@nj/contracts/rent-contracts/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { CONTRACT_KEYS, downloadContractFile, getContract, postContract } from './contract-api.ts';

const M = CONTRACT_MESSAGES.ui;
const when = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * The rent page's 'Contrato' tab (`?section=contrato`; issue 13): for either party — generate the lease from the
 * accepted offer (again while nobody signed), download the draft with its SHA-256, 'Enviar enlaces para firmar',
 * 'Firmar contrato' (opens the caller's own signing page: DocuSeal's or the sandbox's /firma/{slug}), each party's
 * status, and once everyone signed the signed PDF and its audit trail. A failed download says 'Error al descargar el
 * archivo'.
 */
export function ContractSection({ ruid }: { ruid: string }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: CONTRACT_KEYS.state(ruid), queryFn: ({ signal }) => getContract(ruid, signal) });
  const [busy, setBusy] = useState<string | null>(null);
  const run = (action: 'contract' | 'send-link-to-sign' | 'sign', done: string) => {
    setBusy(action);
    void postContract(action, ruid)
      .then((state) => {
        client.setQueryData(CONTRACT_KEYS.state(ruid), state);
        if (action === 'sign' && state.my_signing_url) window.location.assign(state.my_signing_url);
        else toast('success', done);
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, CONTRACT_MESSAGES.providerUnavailable)))
      .finally(() => setBusy(null));
  };
  const download = (kind: 'pdf' | 'signed' | 'audit') => {
    void downloadContractFile(ruid, kind).catch(() => toast('danger', DOCUMENT_MESSAGES.downloadFailed));
  };
  if (query.isError) return <Alert color="red" role="alert">{errorMessage(query.error, CONTRACT_MESSAGES.notGenerated)}</Alert>;
  const state: TContractState | undefined = query.data;
  if (!state) return <Center h={120}><Loader size="sm" aria-label={M.title} /></Center>;
  const me = state.signers.find((s) => s.is_me);
  const signing = state.step === 'on_contract_sign';
  return (
    <Stack gap="md" data-testid="contract-section">
      <Title order={2} size="h3">{M.title}</Title>
      {!state.generated && !state.can_generate && <Text>{M.notYet}</Text>}
      {state.can_generate && !state.generated && <Text>{M.intro}</Text>}
      {state.completed_at && <Alert color="green" title={M.complete}>{CONTRACT_MESSAGES.allSigned}</Alert>}
      <Group gap="sm">
        {state.can_generate && (
          <Button loading={busy === 'contract'} variant={state.generated ? 'default' : 'filled'} onClick={() => run('contract', CONTRACT_MESSAGES.generated)}>
            {state.generated ? M.regenerate : M.generate}
          </Button>
        )}
        {state.generated && <Button variant="default" onClick={() => download('pdf')}>{M.download}</Button>}
        {signing && state.generated && <Button variant="default" loading={busy === 'send-link-to-sign'} onClick={() => run('send-link-to-sign', CONTRACT_MESSAGES.linksSent)}>{M.sendLinks}</Button>}
        {signing && state.generated && !me?.signed_at && <Button loading={busy === 'sign'} onClick={() => run('sign', CONTRACT_MESSAGES.signState)}>{M.sign}</Button>}
        {signing && state.submission_created && me?.signed_at && <Button variant="subtle" loading={busy === 'sign'} onClick={() => run('sign', CONTRACT_MESSAGES.signState)}>{M.refresh}</Button>}
      </Group>
      {state.pdf_sha256 && (
        <Text size="sm">{M.hash}: <Code style={{ wordBreak: 'break-all' }}>{state.pdf_sha256}</Code></Text>
      )}
      {state.signers.length > 0 && (
        <Card withBorder padding="sm">
          <Title order={3} size="h5" mb="xs">{M.parties}</Title>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Tbody>
                {state.signers.map((s) => (
                  <Table.Tr key={s.role} data-testid={`signer-${s.role}`}>
                    <Table.Td><Text size="sm" fw={600}>{s.roleLabel}</Text><Text size="sm">{s.name}</Text></Table.Td>
                    <Table.Td>{s.signed_at ? <Text size="sm" fw={600}>{M.signedAt(when(s.signed_at))}</Text> : <Badge color="gray" variant="light">{M.pending}</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {state.completed_at && (
        <Group gap="sm">
          <Button onClick={() => download('signed')}>{M.signedPdf}</Button>
          <Button variant="default" onClick={() => download('audit')}>{M.audit}</Button>
        </Group>
      )}
    </Stack>
  );
}
