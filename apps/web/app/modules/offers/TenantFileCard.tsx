import { useState } from 'react';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTenantFile } from '@nj/contracts/tenant-file/schemas';
import { TENANT_FILE_MESSAGES } from '@nj/contracts/tenant-file/messages';
import { api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { documentsKey } from './documents-api.ts';
import { investigationKey } from './investigation-api.ts';
import { OFFER_KEYS_Q } from './api.ts';
import { dayLabel, mxn } from './OfferSummary.tsx';

const M = TENANT_FILE_MESSAGES.ui;
const tenantFileKey = (ruid: string) => ['tenant-file', ruid] as const;
/** GET /api/v1/rents/{ruid}/tenant-file — what of the renter's verified file this rent can reuse. */
const getTenantFile = (ruid: string, signal?: AbortSignal) => api<TTenantFile>('GET', `/v1/rents/${encodeURIComponent(ruid)}/tenant-file`, { signal });
/** POST /api/v1/rents/{ruid}/tenant-file — copies it into the rent. */
const postTenantFile = (ruid: string) => api<TTenantFile>('POST', `/v1/rents/${encodeURIComponent(ruid)}/tenant-file`, { body: {} });

/**
 * 'Reutiliza tu expediente' (issue 12 'A reusable tenant file'): when the renter has an application sent in the last
 * 30 days or a valid investigation, and this proposal has none of their data yet, it lists what will be added and
 * what the owner will see (and never see) before 'Usar mi expediente' copies it. Renders nothing otherwise.
 */
export function TenantFileCard({ ruid, onApplied }: { ruid: string; onApplied: () => void }) {
  const queryClient = useQueryClient();
  const file = useQuery({ queryKey: tenantFileKey(ruid), queryFn: ({ signal }) => getTenantFile(ruid, signal), retry: 0 });
  const [busy, setBusy] = useState(false);
  const data = file.data;
  if (!data || !data.reusable || data.target_has_data) return null;

  const use = () => {
    setBusy(true);
    void postTenantFile(ruid)
      .then(() => {
        toast('success', TENANT_FILE_MESSAGES.applied);
        for (const key of [tenantFileKey(ruid), OFFER_KEYS_Q.persons(ruid), documentsKey(ruid), investigationKey(ruid)]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
        onApplied();
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.loadFailed)))
      .finally(() => setBusy(false));
  };

  const items: string[] = [
    ...(data.identity.verified ? [M.items.identity] : []),
    ...(data.person ? [M.items.person] : []),
    ...(data.documents.length > 0 ? [M.items.documents(data.documents.length)] : []),
    ...(data.income !== null ? [M.items.income(mxn(data.income))] : []),
    ...(data.references.total > 0 ? [M.items.references(data.references.confirmed, data.references.total)] : []),
    ...(data.investigation ? [data.investigation.score === null ? M.items.investigationNoScore : M.items.investigation(String(data.investigation.score))] : []),
  ];
  return (
    <Card withBorder padding="md" radius="md" data-testid="tenant-file">
      <Stack gap="sm">
        <Title order={2} fz="lg">{M.title}</Title>
        <Text size="sm">
          {data.source ? M.intro(data.source.title, dayLabel(data.source.sent_at.slice(0, 10))) : M.introInvestigationOnly(dayLabel(data.investigation!.created_at.slice(0, 10)))}
          {data.valid_until ? ` ${M.validUntil(dayLabel(data.valid_until.slice(0, 10)))}` : ''}
        </Text>
        <Text size="sm" fw={600}>{M.itemsTitle}</Text>
        <List size="sm" spacing={2}>{items.map((item) => <List.Item key={item}>{item}</List.Item>)}</List>
        <Text size="sm" fw={600}>{M.sharedTitle}</Text>
        <List size="sm" spacing={2}>{M.shared.map((item) => <List.Item key={item}>{item}</List.Item>)}</List>
        <Alert variant="light" color="blue" p="xs"><Text size="sm">{M.notShared} {data.investigation ? M.recomputed : ''}</Text></Alert>
        <div><Button onClick={use} loading={busy}>{M.use}</Button></div>
      </Stack>
    </Card>
  );
}
