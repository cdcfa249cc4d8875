import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_MESSAGES, BANK_ACCOUNT_UI_MESSAGES as M } from '@nj/contracts/bank-accounts/messages';
import type { TClabeInfo } from '@nj/contracts/bank-accounts/schemas';
import { ApiError } from '../api/client.ts';
import { toast, confirmToast } from '../toast/toast.ts';
import { useSession } from '../accounts/session.tsx';
import { accountLabel, addBankAccount, BANK_ACCOUNTS_QUERY_KEY, checkClabe, deleteBankAccount, getBankAccounts } from './api.ts';

/**
 * /cuenta 'Cuentas bancarias' (issue 13; spec 03 §3 'Bank account'): the signed-in client's accounts for payouts —
 * list (bank and number), add with the bank named live from the CLABE as it is typed (POST …/bank-accounts/info), or
 * a foreign account by SWIFT/BIC and number, and delete.
 */
export function BankAccountsSection() {
  const { client, registered } = useSession();
  const cuid = client?.cuid ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [...BANK_ACCOUNTS_QUERY_KEY, cuid], queryFn: ({ signal }) => getBankAccounts(cuid, signal), enabled: registered && cuid !== '', retry: 0 });
  const [adding, setAdding] = useState(false);
  const [holder, setHolder] = useState('');
  const [clabe, setClabe] = useState('');
  const [foreign, setForeign] = useState(false);
  const [swift, setSwift] = useState('');
  const [account, setAccount] = useState('');
  const [info, setInfo] = useState<TClabeInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const digits = clabe.replace(/[\s-]/g, '');
  useEffect(() => {
    setInfo(null);
    if (foreign || digits.length !== 18) return;
    const ctl = new AbortController();
    checkClabe(digits, ctl.signal).then(setInfo).catch(() => undefined);
    return () => ctl.abort();
  }, [digits, foreign]);

  if (!registered) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_QUERY_KEY });
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await addBankAccount(foreign ? { holder_name: holder, swift, account } : { holder_name: holder, clabe: digits });
      toast('success', BANK_ACCOUNT_MESSAGES.added);
      setAdding(false); setHolder(''); setClabe(''); setSwift(''); setAccount('');
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    if (!(await confirmToast('info', M.deleteConfirm, { ok: M.delete, cancel: M.cancel }))) return;
    try {
      await deleteBankAccount(id);
      await refresh();
    } catch (e) {
      toast('danger', e instanceof ApiError ? e.message : String(e));
    }
  };
  const clabeHint = info && !info.error ? (info.warning ?? `${M.bankLabel}: ${info.bank_name}`) : undefined;

  return (
    <Paper withBorder radius="md" p="lg" component="section" id="cuentas-bancarias" aria-label={M.section} style={{ scrollMarginTop: 80 }}>
      <Stack gap="sm">
        <Title order={2} fz="xl">{M.section}</Title>
        <Text size="sm" c="dimmed">{M.intro}</Text>
        {query.isError && <Alert color="red">{M.loadError}</Alert>}
        {query.data && query.data.length === 0 && <Text size="sm">{M.empty}</Text>}
        {query.data?.map((a) => (
          <Group key={a.id} justify="space-between" wrap="nowrap" data-testid="bank-account">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{accountLabel(a)}</Text>
              <Text size="sm" c="dimmed">{a.holder_name}</Text>
            </div>
            <Button variant="subtle" color="red" size="compact-sm" style={{ flexShrink: 0 }} onClick={() => void remove(a.id)} aria-label={`${M.delete} ${accountLabel(a)}`}>{M.delete}</Button>
          </Group>
        ))}
        {!adding && <Group><Button variant="light" onClick={() => setAdding(true)}>{M.add}</Button></Group>}
        {adding && (
          <Stack gap="xs">
            <TextInput label={M.holder} value={holder} onChange={(e) => setHolder(e.currentTarget.value)} autoComplete="name" maxLength={120} />
            <Checkbox label={M.foreignToggle} checked={foreign} onChange={(e) => setForeign(e.currentTarget.checked)} />
            {!foreign && (
              <TextInput
                label={M.clabe} value={clabe} onChange={(e) => setClabe(e.currentTarget.value)} inputMode="numeric" maxLength={24}
                description={clabeHint ?? (digits.length === 18 && !info ? M.checking : undefined)}
                error={info?.error ?? undefined}
              />
            )}
            {foreign && (
              <>
                <TextInput label={M.swift} value={swift} onChange={(e) => setSwift(e.currentTarget.value)} maxLength={20} autoCapitalize="characters" />
                <TextInput label={M.account} value={account} onChange={(e) => setAccount(e.currentTarget.value)} maxLength={50} />
              </>
            )}
            {error && <Alert color="red" role="alert">{error}</Alert>}
            <Group>
              <Button onClick={() => void save()} loading={busy}>{M.save}</Button>
              <Button variant="default" onClick={() => { setAdding(false); setError(null); }}>{M.cancel}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
