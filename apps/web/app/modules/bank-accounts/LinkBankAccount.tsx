import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_MESSAGES, BANK_ACCOUNT_UI_MESSAGES as M } from '@nj/contracts/bank-accounts/messages';
import { ApiError } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import { useSession } from '../accounts/session.tsx';
import { RENT_PAYMENTS_KEYS } from '../rent-payments/rent-payments-api.ts';
import { accountLabel, BANK_ACCOUNTS_QUERY_KEY, getBankAccounts, getRentBankAccount, linkRentBankAccount } from './api.ts';

/**
 * The rent's payout account (interfaces.md seam 4; spec 03 §3 Rent 'bank_account'), for the rent's Pagos tab: the
 * owner chooses one of their accounts (or is sent to /cuenta#cuentas-bancarias to add one); the tenant sees where the
 * rent goes, masked. Renders nothing to anyone else.
 */
export function LinkBankAccount({ ruid }: { ruid: string }) {
  const { client } = useSession();
  const cuid = client?.cuid ?? '';
  const queryClient = useQueryClient();
  const linked = useQuery({ queryKey: ['rent-bank-account', ruid], queryFn: ({ signal }) => getRentBankAccount(ruid, signal), retry: 0 });
  const isOwner = linked.data?.is_owner === true;
  const mine = useQuery({ queryKey: [...BANK_ACCOUNTS_QUERY_KEY, cuid], queryFn: ({ signal }) => getBankAccounts(cuid, signal), enabled: isOwner && cuid !== '', retry: 0 });
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!linked.data) return null;
  const current = linked.data.account;

  if (!isOwner) {
    if (!current) return null;
    return <Text size="sm">{M.tenantView} {accountLabel(current)}</Text>;
  }
  const save = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      await linkRentBankAccount(ruid, choice);
      toast('success', BANK_ACCOUNT_MESSAGES.linked);
      await queryClient.invalidateQueries({ queryKey: ['rent-bank-account', ruid] });
      // Payouts waiting for an account leave at once (releaseAwaitingPayouts): show them on their way.
      await queryClient.invalidateQueries({ queryKey: RENT_PAYMENTS_KEYS.view(ruid) });
      setChoice(null);
    } catch (e) {
      toast('danger', e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const options = (mine.data ?? []).map((a) => ({ value: a.id, label: accountLabel(a) }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={M.linkTitle}>
      <Stack gap="xs">
        <Title order={3} fz="lg">{M.linkTitle}</Title>
        <Text size="sm" c="dimmed">{M.linkIntro}</Text>
        {current ? <Text size="sm">{M.linkCurrent} <b>{accountLabel(current)}</b></Text> : <Alert color="yellow">{M.linkNone}</Alert>}
        {mine.data && options.length === 0 && (
          <Text size="sm">{M.linkAddFirst} <Anchor href="/cuenta#cuentas-bancarias">{M.linkGoAccount}</Anchor></Text>
        )}
        {options.length > 0 && (
          <Group align="end">
            <Select label={M.linkChoose} data={options} value={choice ?? current?.id ?? null} onChange={setChoice} style={{ flex: 1, minWidth: 220 }} />
            <Button onClick={() => void save()} loading={busy} disabled={!choice || choice === current?.id}>{M.linkSave}</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
