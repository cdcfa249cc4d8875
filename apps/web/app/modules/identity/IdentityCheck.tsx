import { useState } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TIdentityProcesses, TStartIdentityBody } from '@nj/contracts/identity-check/schemas';
import { IDENTITY_CHECK_MESSAGES, IDENTITY_UI_MESSAGES as M } from '@nj/contracts/identity-check/messages';
import { ApiError, api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';

/** React Query key of the signed-in client's identity attempts. */
export const IDENTITY_KEY = ['identity-processes'] as const;
const getProcesses = (signal?: AbortSignal) => api<TIdentityProcesses>('GET', '/v1/client/identity/processes', { signal });
const postIdentity = (body: TStartIdentityBody) => api<TIdentityProcesses>('POST', '/v1/client/identity', { body });
const resend = () => api<TIdentityProcesses>('GET', '/v1/client/identity/resend');

type Model = keyof typeof M.models;
type Field = keyof typeof M.fields;
/** The numbers each card model carries (spec 03 §7 POST /v1/client/identity; INE models C to H). */
const MODEL_FIELDS: Record<Model, Field[]> = { eh: ['cic', 'citizen_id'], d: ['cic', 'ocr'], c: ['voter_key', 'emission_number', 'ocr'] };
const STATUS_COLORS = { success: 'teal', 'in-process': 'yellow', 'contact-us': 'red', 'try-again': 'orange', none: 'gray' } as const;

/**
 * 'Verifica tu identidad' (issue 12 'Identity'; spec 03 §4 identity status rule, §8): the client's status as the
 * server derives it from their attempts, and the INE's numbers by card model (E–H: CIC and citizen identifier; D:
 * CIC and OCR; C: voter key, emission number and OCR) with where to find each. The provider's answer comes back at
 * once; an attempt in review can be asked again; after five failures only 'Contáctanos' remains (the server refuses).
 */
export function IdentityCheck() {
  const queryClient = useQueryClient();
  const processes = useQuery({ queryKey: IDENTITY_KEY, queryFn: ({ signal }) => getProcesses(signal) });
  const [model, setModel] = useState<Model>('eh');
  const [values, setValues] = useState<Record<Field, string>>({ cic: '', citizen_id: '', ocr: '', voter_key: '', emission_number: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = processes.data?.status ?? 'none';

  const settle = (work: Promise<TIdentityProcesses>, okMessage: string) => {
    setBusy(true);
    setError(null);
    void work
      .then((data) => {
        queryClient.setQueryData(IDENTITY_KEY, data);
        toast(data.status === 'success' ? 'success' : 'info', data.status === 'success' ? M.statusLabels.success : okMessage);
      })
      .catch((e: unknown) => {
        setError(errorMessage(e, M.loadFailed));
        if (e instanceof ApiError && e.status === 429) void queryClient.invalidateQueries({ queryKey: IDENTITY_KEY });
      })
      .finally(() => setBusy(false));
  };
  const submit = () => {
    const body: TStartIdentityBody = {};
    for (const field of MODEL_FIELDS[model]) body[field] = values[field].replace(/\s+/g, '');
    settle(postIdentity(body), IDENTITY_CHECK_MESSAGES.started);
  };

  return (
    <Stack gap="sm" data-testid="identity-check">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">{M.title}</Title>
        <Badge color={STATUS_COLORS[status]} variant="light" data-testid="identity-status">{M.statusLabels[status]}</Badge>
      </Group>
      {processes.isError ? <Alert color="red" role="alert">{errorMessage(processes.error, M.loadFailed)}</Alert> : null}
      {status === 'success' ? <Text size="sm">{M.verifiedNote}</Text> : null}
      {status === 'contact-us' ? <Alert color="red" variant="light" role="alert">{IDENTITY_CHECK_MESSAGES.tooManyAttempts}</Alert> : null}
      {status === 'in-process' ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{M.inProcess}</Text>
          <Button variant="default" size="compact-md" loading={busy} onClick={() => settle(resend(), IDENTITY_CHECK_MESSAGES.resent)}>{M.checkAgain}</Button>
        </Stack>
      ) : null}
      {status === 'none' || status === 'try-again' ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{M.intro}</Text>
          {status === 'try-again' ? <Alert color="orange" variant="light">{M.tryAgain}</Alert> : null}
          <SegmentedControl value={model} onChange={(v) => setModel(v as Model)} aria-label={M.modelLabel}
            data={(Object.keys(M.models) as Model[]).map((m) => ({ value: m, label: M.models[m] }))} fullWidth />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {MODEL_FIELDS[model].map((field) => (
              <TextInput key={`${model}-${field}`} label={M.fields[field]} description={M.help[field]} value={values[field]} autoComplete="off"
                inputMode={field === 'voter_key' ? 'text' : 'numeric'} maxLength={field === 'voter_key' ? 18 : 13}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setValues((prev) => ({ ...prev, [field]: field === 'voter_key' ? v.toUpperCase() : v }));
                }} />
            ))}
          </SimpleGrid>
          {error ? <Text size="sm" c="red.9" role="alert" data-testid="identity-error">{error}</Text> : null}
          <div><Button onClick={submit} loading={busy}>{M.submit}</Button></div>
        </Stack>
      ) : null}
    </Stack>
  );
}
