import { Alert, Anchor, Badge, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RENT_PAYMENTS_MESSAGES } from '@nj/contracts/rent-payments/messages';
import type { TRentPaymentItem, TRentPayments } from '@nj/contracts/rent-payments/schemas';
import { errorMessage } from '../accounts/api.ts';
import { PayButton } from '../payments/PayButton.tsx';
import { mxnFromCents, receiptUrl } from '../payments/api.ts';
import { RENT_PAYMENTS_KEYS, getRentPayments } from './rent-payments-api.ts';

const M = RENT_PAYMENTS_MESSAGES;

/** 'YYYY-MM-DD' → '1 de diciembre de 2026'. */
export function spanishDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

const statusColor: Record<string, string> = { completed: 'green', pending: 'yellow', failed: 'red', expired: 'gray' };
const custodyColor: Record<string, string> = {
  awaiting_payment: 'gray', held_first_rent: 'blue', held_deposit: 'blue', released: 'green', returned: 'teal', returned_partly: 'teal',
};

function ItemRow({ item }: { item: TRentPaymentItem }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{item.description}</Text>
        {item.prorated && <Text size="xs" c="dimmed">{M.prorated}</Text>}
      </Table.Td>
      <Table.Td><Text size="sm">{spanishDay(item.due_day)}</Text></Table.Td>
      <Table.Td ta="right"><Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{mxnFromCents(item.amount_cents)}</Text></Table.Td>
      <Table.Td><Badge variant="light" color={statusColor[item.tstatus] ?? 'gray'}>{M.transactionStatus[item.tstatus] ?? item.tstatus}</Badge></Table.Td>
      <Table.Td><Badge variant={item.escrow_label === 'awaiting_payment' ? 'default' : 'light'} color={custodyColor[item.escrow_label] ?? 'gray'}>{M.escrowState[item.escrow_label]}</Badge></Table.Td>
      <Table.Td>
        {item.tstatus === 'completed'
          ? <Anchor href={receiptUrl(item.tuid)} target="_blank" rel="noopener" size="sm">{M.viewReceipt}</Anchor>
          : <Text size="sm" c="dimmed">—</Text>}
      </Table.Td>
    </Table.Tr>
  );
}

/** One payment as a card (phones: the table's six columns do not fit in 390 px). */
function ItemCard({ item }: { item: TRentPaymentItem }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>{item.description}</Text>
          <Text size="xs" c="dimmed">{M.due}: {spanishDay(item.due_day)}{item.prorated ? ` · ${M.prorated}` : ''}</Text>
        </Stack>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{mxnFromCents(item.amount_cents)}</Text>
      </Group>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color={statusColor[item.tstatus] ?? 'gray'}>{M.transactionStatus[item.tstatus] ?? item.tstatus}</Badge>
        <Badge variant={item.escrow_label === 'awaiting_payment' ? 'default' : 'light'} color={custodyColor[item.escrow_label] ?? 'gray'}>{M.escrowState[item.escrow_label]}</Badge>
        {item.tstatus === 'completed' && <Anchor href={receiptUrl(item.tuid)} target="_blank" rel="noopener" size="sm">{M.viewReceipt}</Anchor>}
      </Group>
    </Card>
  );
}

/** The renter's pay actions: the first payment (deposit + first month together), then the next pending month. */
function PayActions({ data, onPaid }: { data: TRentPayments; onPaid: () => void }) {
  const pending = data.items.filter((i) => i.tstatus !== 'completed');
  const first = pending.filter((i) => i.kind === 'deposit' || i.kind === 'first_rent');
  if (first.length > 0) {
    const total = first.reduce((s, i) => s + i.amount_cents, 0);
    return (
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Title order={3} size="h4">{M.firstPaymentTitle}</Title>
          <Text size="sm">{M.firstPaymentHint}</Text>
          <Group justify="space-between" wrap="wrap">
            <Text fw={700} size="lg">{mxnFromCents(total)}</Text>
            <PayButton tuids={first.map((i) => i.tuid)} amountCents={total} onPaid={onPaid} label={M.payFirst} />
          </Group>
        </Stack>
      </Card>
    );
  }
  const next = pending[0];
  if (!next) return null;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{next.description}</Text>
          <Text size="sm" c="dimmed">{M.due}: {spanishDay(next.due_day)} · {mxnFromCents(next.amount_cents)}</Text>
        </Stack>
        <PayButton tuids={[next.tuid]} amountCents={next.amount_cents} onPaid={onPaid} label={M.payMonth} />
      </Group>
    </Card>
  );
}

/**
 * The rent page's 'Pagos' tab (`?section=pagos`; issue 13 'Payments', decision 024): the lease's schedule with due
 * dates in Spanish, amounts in MXN, each payment's status, where its money is ('Resguardado hasta la entrega',
 * 'Liberado al propietario', …) and its receipt; the renter pays the first payment (deposit + first month together)
 * and then each month with the payments part's PayButton; the owner sees the payouts and chooses the account that
 * receives them (`ownerAccount`, the bank accounts part's component); the second renter reads only.
 */
export function RentPaymentsSection({ ruid, ownerAccount }: { ruid: string; ownerAccount?: React.ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: RENT_PAYMENTS_KEYS.view(ruid), queryFn: ({ signal }) => getRentPayments(ruid, signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: RENT_PAYMENTS_KEYS.view(ruid) });
  if (query.isError) return <Alert color="red" role="alert">{errorMessage(query.error, M.notFound)}</Alert>;
  const data = query.data;
  if (!data) return <Center py="lg"><Loader aria-label={M.tabTitle} /></Center>;
  if (!data.started) {
    return (
      <Stack gap="md">
        <Alert color="blue">{M.notStarted}</Alert>
        {data.role === 'owner' && ownerAccount}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Group gap="xl">
        <Stack gap={0}><Text size="xs" c="dimmed">{data.role === 'owner' ? M.totalReceived : M.totalPaid}</Text><Text fw={700}>{mxnFromCents(data.paid_cents)}</Text></Stack>
        <Stack gap={0}><Text size="xs" c="dimmed">{data.role === 'owner' ? M.totalToReceive : M.totalPending}</Text><Text fw={700}>{mxnFromCents(data.pending_cents)}</Text></Stack>
      </Group>
      {data.can_pay && <PayActions data={data} onPaid={refresh} />}
      {data.role === 'second_renter' && <Alert color="gray">{M.readOnly}</Alert>}
      <Title order={2} size="h4">{M.scheduleTitle}</Title>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.concept}</Table.Th><Table.Th>{M.due}</Table.Th><Table.Th ta="right">{M.amount}</Table.Th>
              <Table.Th>{M.status}</Table.Th><Table.Th>{M.custody}</Table.Th><Table.Th>{M.receipt}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{data.items.map((item) => <ItemRow key={item.tuid} item={item} />)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">{data.items.map((item) => <ItemCard key={item.tuid} item={item} />)}</Stack>
      <Title order={2} size="h4">{M.payoutsTitle}</Title>
      {data.payouts.length === 0
        ? <Text size="sm" c="dimmed">{M.noPayouts}</Text>
        : (
          <Stack gap={4}>
            {data.payouts.map((p) => (
              <Group key={p.pouid} justify="space-between" wrap="wrap">
                <Text size="sm">{M.payoutReason[p.reason]}</Text>
                <Group gap="xs"><Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{mxnFromCents(p.amount_cents)}</Text><Badge variant="light">{M.payoutStatus(p.status)}</Badge></Group>
              </Group>
            ))}
          </Stack>
        )}
      {data.role === 'owner' && ownerAccount}
    </Stack>
  );
}
