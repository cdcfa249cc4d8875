import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts/payments/messages';
import type { TPayment } from '@nj/contracts/payments/schemas';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { PayButton } from './PayButton.tsx';
import { PAYMENTS_QUERY_KEY, getPayments, mxnFromCents, receiptUrl } from './api.ts';

const COLORS: Record<TPayment['tstatus'], string> = { completed: 'teal', pending: 'yellow', failed: 'red', expired: 'gray' };
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('es-MX', { day: 'numeric', month: 'short', year: 'numeric' }) : '—');

/** A payment's action: its receipt PDF once completed, the pay button while pending, else a dash. */
function PaymentAction({ payment: p, onPaid }: { payment: TPayment; onPaid: () => void }) {
  if (p.has_receipt) return <Anchor href={receiptUrl(p.tuid)} size="sm">{M.receipt}</Anchor>;
  if (p.tstatus === 'pending') return <PayButton tuids={[p.tuid]} amountCents={p.amount_cents} label={M.payButton} onPaid={onPaid} />;
  return <>—</>;
}

/**
 * /pagos (spec 03 §7 GET /v1/client/payments): the signed-in client's payments, newest first, 10 a page, with a
 * status badge, the e-money part (a table on wide screens, cards on phones), a PayButton on pending ones and the receipt PDF of completed ones. `?pago=ok` /
 * `?pago=cancelado` (the provider's return) shows a notice.
 */
export function PaymentsPage() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const [params] = useSearchParams();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [...PAYMENTS_QUERY_KEY, page], queryFn: ({ signal }) => getPayments(page, signal), enabled: registered, retry: 0 });
  const returned = params.get('pago');
  const data = query.data;
  const onPaid = () => void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_KEY });
  let body;
  if (session?.status !== 'ready' || (registered && query.isLoading)) body = <Center py={80}><Loader aria-label={M.pageTitle} /></Center>;
  else if (!registered) {
    body = <SignInRequired title={null} body={M.visitorBody} cta={M.signIn} landmark={false} />;
  } else if (query.isError) body = <Alert color="red">{M.loadError}</Alert>;
  else if (!data || data.items.length === 0) body = <Text c="dimmed" py="xl" role="status">{M.empty}</Text>;
  else {
    body = (
      <Stack>
        <Table.ScrollContainer minWidth={560} visibleFrom="sm">
          <Table verticalSpacing="sm" data-testid="payments-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.columns.concept}</Table.Th><Table.Th>{M.columns.amount}</Table.Th><Table.Th>{M.columns.status}</Table.Th>
                <Table.Th>{M.columns.date}</Table.Th><Table.Th>{M.columns.receipt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((p) => (
                <Table.Tr key={p.tuid} data-testid="payment-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>{p.description ?? M.typeLabels[p.ttype]}</Text>
                    <Text size="xs" c="dimmed">{M.typeLabels[p.ttype]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{mxnFromCents(p.amount_cents)}</Text>
                    {p.emoney_used_cents > 0 ? <Text size="xs" c="dimmed">{M.emoneyPart(mxnFromCents(p.emoney_used_cents))}</Text> : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}><Badge color={COLORS[p.tstatus]} variant="light" style={{ overflow: 'visible' }}>{M.statusLabels[p.tstatus]}</Badge></Table.Td>
                  <Table.Td><Text size="sm">{date(p.paid_at ?? p.duedate ?? p.created_at)}</Text></Table.Td>
                  <Table.Td><PaymentAction payment={p} onPaid={onPaid} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack hiddenFrom="sm" gap="sm" data-testid="payments-cards">
          {data.items.map((p) => (
            <Card key={p.tuid} withBorder padding="md" data-testid="payment-card">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="sm" fw={500}>{p.description ?? M.typeLabels[p.ttype]}</Text>
                  <Text size="xs" c="dimmed">{M.typeLabels[p.ttype]} · {date(p.paid_at ?? p.duedate ?? p.created_at)}</Text>
                </div>
                <Badge color={COLORS[p.tstatus]} variant="light" style={{ overflow: 'visible', flexShrink: 0 }}>{M.statusLabels[p.tstatus]}</Badge>
              </Group>
              <Group justify="space-between" align="center" mt="sm">
                <div>
                  <Text fw={600}>{mxnFromCents(p.amount_cents)}</Text>
                  {p.emoney_used_cents > 0 ? <Text size="xs" c="dimmed">{M.emoneyPart(mxnFromCents(p.emoney_used_cents))}</Text> : null}
                </div>
                <PaymentAction payment={p} onPaid={onPaid} />
              </Group>
            </Card>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>{M.previous}</Button>
          <Button variant="default" disabled={page * data.page_size >= data.total} onClick={() => setPage((n) => n + 1)}>{M.next}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <>
      <NavBar variant="properties" />
      <Container size="md" py="xl" component="main">
        <Title order={1} fz={28} mb="md">{M.pageTitle}</Title>
        {returned === 'ok' ? <Alert color="teal" mb="md">{M.returnedOk}</Alert> : returned === 'cancelado' ? <Alert color="yellow" mb="md">{M.returnedCancel}</Alert> : null}
        {body}
      </Container>
    </>
  );
}
