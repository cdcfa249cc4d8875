import { useCallback, useState } from 'react';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts/payments/messages';
import { ApiError } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import { EmoneyPaidModal } from './EmoneyPaidModal.tsx';
import { PAYMENTS_QUERY_KEY, getPayments, mxnFromCents, startCheckout } from './api.ts';

/**
 * Pays one or several pending transactions of the signed-in payer together (interfaces.md seam 1): the payer may use
 * their e-money first (balance shown), then goes to the provider's checkout for the rest (card, OXXO, SPEI). When
 * e-money pays all, the congratulation modal opens and closes itself after 7 s; `onPaid` runs then.
 * @param tuids the transactions to pay; @param amountCents their total (centavos MXN)
 */
export function PayButton({ tuids, amountCents, onPaid, label }: { tuids: string[]; amountCents: number; onPaid?: () => void; label?: string }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [useEmoney, setUseEmoney] = useState(true);
  const [busy, setBusy] = useState(false);
  const [paidCents, setPaidCents] = useState<number | null>(null);
  const balance = useQuery({ queryKey: [...PAYMENTS_QUERY_KEY, 'balance'], queryFn: ({ signal }) => getPayments(1, signal), enabled: opened, retry: 0 });
  const emoney = balance.data?.emoney_cents ?? 0;
  const covered = useEmoney ? Math.min(emoney, amountCents) : 0;

  const pay = async () => {
    setBusy(true);
    try {
      const back = typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search.replace(/([?&])pago=[^&]*&?/, '$1').replace(/[?&]$/, '');
      const result = await startCheckout(tuids, useEmoney && emoney > 0, back);
      if (result.status === 'completed') {
        setOpened(false);
        setPaidCents(result.emoney_cents);
        void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_KEY });
      } else if (result.checkout_url) {
        window.location.assign(result.checkout_url);
      }
    } catch (error) {
      toast('danger', error instanceof ApiError ? error.message : M.payError);
    } finally {
      setBusy(false);
    }
  };
  const closeModal = useCallback(() => {
    setPaidCents(null);
    onPaid?.();
  }, [onPaid]);

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus shadow="md" width={300}>
        <Popover.Target>
          <Button onClick={() => setOpened((o) => !o)} data-testid="pay-button">{label ?? `${M.payButton} ${mxnFromCents(amountCents)}`}</Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Checkbox label={M.useEmoney} checked={useEmoney} onChange={(e) => setUseEmoney(e.currentTarget.checked)} disabled={emoney <= 0} />
            <Text size="sm" c="dimmed">{M.emoneyAvailable(mxnFromCents(emoney))}</Text>
            <Button onClick={() => void pay()} loading={busy} data-testid="pay-confirm">
              {covered >= amountCents ? M.useEmoney : M.payRest(mxnFromCents(amountCents - covered))}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <EmoneyPaidModal opened={paidCents !== null} amountCents={paidCents ?? 0} onClose={closeModal} />
    </>
  );
}
