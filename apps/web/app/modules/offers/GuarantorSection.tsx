import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AVAL_TYPES, approvalChip, type AvalType } from '@nj/contracts/rents/guarantor-constants';
import { GUARANTOR_MESSAGES as G } from '@nj/contracts/rents/guarantor-messages';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { GUARANTOR_KEYS_Q, getRentProcess, postInviteSecondRenter, postNameAval, type TAvalSummary, type TRentProcess } from '../guarantors/api.ts';

const CHIP_COLORS = { review: 'yellow', approved: 'teal', not_approved: 'red' } as const;
const mxn = (n: number) => n.toLocaleString('es-MX', { style: 'currency', currency: 'MXN' });
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? ((error.data as { fields?: Record<string, string> } | null)?.fields?.[field] ?? error.message) : errorMessage(error, G.loadFailed);

/** The guarantor's state as chips: type, confirmation, approval (En revisión / Aprobado / No aprobado), reuse. */
export function AvalChips({ aval }: { aval: TAvalSummary }) {
  const chip = approvalChip(aval.is_aval_approved);
  return (
    <Group gap={6} data-testid="aval-chips">
      <Badge variant="light" color="gray">{G.avalTypeLabels[aval.atype]}</Badge>
      {aval.atype !== 'nowo' ? <Badge variant="light" color={aval.status === 'rejected' ? 'red' : 'blue'}>{G.statusLabels[aval.status]}</Badge> : null}
      {aval.status === 'accepted' ? <Badge variant="light" color={CHIP_COLORS[chip]}>{G.approvalLabels[chip]}</Badge> : null}
      {aval.approved_before ? <Badge variant="outline" color="teal">{G.approvedBefore}</Badge> : null}
    </Group>
  );
}

/**
 * The tenant's 'Aval y segundo inquilino' in the proposal (issue 12 'The guarantor', 'The proposal'): choose the
 * guarantee type (aval with a property, obligado solidario, bond insurance), invite the aval by e-mail or ask the
 * insurer, and see the progress as chips; for a joint rent, invite the second renter and see whether they accepted
 * and filled in their data. Refusals show under their field. `part` shows only the aval's or the second renter's
 * half (the proposal's final review puts each under its own section heading).
 */
export function GuarantorSection({ ruid, rentType, part = 'both' }: { ruid: string; rentType: 'solo' | 'joint'; part?: 'both' | 'aval' | 'second_renter' }) {
  const queryClient = useQueryClient();
  const process = useQuery({ queryKey: GUARANTOR_KEYS_Q.process(ruid), queryFn: ({ signal }) => getRentProcess(ruid, signal) });
  const [atype, setAtype] = useState<AvalType>('aval');
  const [email, setEmail] = useState('');
  const [secondEmail, setSecondEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'aval' | 'second' | null>(null);

  const run = async (which: 'aval' | 'second', call: () => Promise<TRentProcess>, field: string) => {
    setBusy(which);
    setErrors({});
    try {
      queryClient.setQueryData(GUARANTOR_KEYS_Q.process(ruid), await call());
      toast('success', which === 'second' ? G.secondRenterInvited : atype === 'nowo' ? G.nowoRequested : G.avalInvited);
      if (which === 'aval') setEmail('');
      else setSecondEmail('');
    } catch (error) {
      setErrors({ [field]: fieldError(error, field === 'second' ? 'email' : field) });
    } finally {
      setBusy(null);
    }
  };
  const aval = process.data?.aval ?? null;
  const second = process.data?.second_renter ?? null;
  const both = part === 'both';
  return (
    <Stack gap="sm" data-testid={part === 'second_renter' ? 'second-renter-part' : 'guarantor-section'}>
      {both ? <Title order={2} fz="lg">{rentType === 'joint' ? G.sectionTitle : G.avalTitle}</Title> : null}
      {part !== 'second_renter' ? (
        <Stack gap={6}>
          {rentType === 'joint' && both ? <Text fw={600}>{G.avalTitle}</Text> : null}
          {aval ? (
            <Stack gap={4}>
              <AvalChips aval={aval} />
              {aval.email ? <Text size="sm" c="dimmed">{aval.email}</Text> : null}
              {aval.insurer?.premium != null ? <Text size="sm">{G.premium(mxn(aval.insurer.premium))}</Text> : null}
            </Stack>
          ) : <Text size="sm" c="dimmed">{G.noAval}</Text>}
          <SegmentedControl value={atype} onChange={(v) => { setAtype(v as AvalType); setErrors({}); }} aria-label={G.chooseType}
            data={AVAL_TYPES.map((t) => ({ value: t, label: G.avalTypeLabels[t] }))} />
          <Text size="sm" c="dimmed">{G.avalTypeHelp[atype]}</Text>
          {atype !== 'nowo' ? (
            <Group align="flex-start" gap="sm">
              <TextInput type="email" label={G.avalEmail} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} style={{ flex: 1, minWidth: 220 }} autoComplete="off" />
              <Button mt={24} loading={busy === 'aval'} onClick={() => void run('aval', () => postNameAval(ruid, atype, email.trim()), 'email')}>{G.invite}</Button>
            </Group>
          ) : (
            <Stack gap={4} align="flex-start">
              <Button loading={busy === 'aval'} onClick={() => void run('aval', () => postNameAval(ruid, 'nowo'), 'atype')}>{G.requestPolicy}</Button>
              {errors.atype ? <Text size="sm" c="red.9" role="alert">{errors.atype}</Text> : null}
            </Stack>
          )}
        </Stack>
      ) : null}
      {rentType === 'joint' && part !== 'aval' ? (
        <Stack gap={6} data-testid="second-renter-section">
          {both ? <Text fw={600}>{G.secondRenterTitle}</Text> : null}
          <Text size="sm" c="dimmed">{G.secondRenterHelp}</Text>
          {second ? (
            <Group gap={6}>
              <Badge variant="light" color={second.status === 'rejected' ? 'red' : 'blue'}>{G.statusLabels[second.status]}</Badge>
              {second.is_confirmed ? <Badge variant="light" color={second.has_data ? 'teal' : 'yellow'}>{second.has_data ? G.hasData : G.noData}</Badge> : null}
              {second.email ? <Text size="sm" c="dimmed">{second.email}</Text> : null}
            </Group>
          ) : <Text size="sm" c="dimmed">{G.noSecondRenter}</Text>}
          <Group align="flex-start" gap="sm">
            <TextInput type="email" label={G.secondRenterEmail} value={secondEmail} onChange={(e) => setSecondEmail(e.currentTarget.value)} error={errors.second} style={{ flex: 1, minWidth: 220 }} autoComplete="off" />
            <Button mt={24} loading={busy === 'second'} onClick={() => void run('second', () => postInviteSecondRenter(ruid, secondEmail.trim()), 'second')}>{G.invite}</Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
