import { useState } from 'react';
import { Alert, Button, Card, Container, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts/payments/messages';
import { ApiError } from '../api/client.ts';
import { actOnSandbox, getSandboxSession, mxnFromCents } from './api.ts';

const S = M.sandbox;

/**
 * /pago-sandbox/:id — the sandbox provider's hosted checkout (PAYMENTS_PROVIDER=sandbox only), standing in for
 * Stripe Checkout: card (4242… approved, 4000 0000 0000 0002 declined), OXXO (a reference with its expiry) or SPEI (a
 * CLABE), then buttons that simulate the cash/transfer arriving or the voucher expiring. Each outcome is delivered
 * to our webhook signed, as Stripe would; a paid session returns to the success URL.
 */
export function SandboxCheckoutPage({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['sandbox-session', id], queryFn: ({ signal }) => getSandboxSession(id, signal), retry: 0 });
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (action: string) => {
    setBusy(action);
    setError(null);
    try {
      const session = await actOnSandbox(id, action, action === 'card' ? card : undefined);
      queryClient.setQueryData(['sandbox-session', id], session);
      if (session.payment_status === 'paid') window.location.assign(session.success_url);
      else if (session.status === 'expired') window.location.assign(session.cancel_url);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : M.payError);
    } finally {
      setBusy(null);
    }
  };
  const s = query.data;
  return (
    <Container size={480} py="xl" component="main">
      <Stack>
        <Title order={1} fz={24}>{S.title}</Title>
        <Alert color="blue">{S.notice}</Alert>
        {query.isError ? <Alert color="red">{query.error instanceof ApiError ? query.error.message : M.sandboxNotFound}</Alert> : null}
        {s ? (
          <Card withBorder padding="lg">
            <Stack>
              <Text>{s.description}</Text>
              <Text fz={28} fw={700} data-testid="sandbox-amount">{mxnFromCents(s.amount_cents)} MXN</Text>
              {error ? <Alert color="red" role="alert">{error}</Alert> : null}
              {s.status === 'expired' ? <Alert color="gray">{S.expired}</Alert> : null}
              {s.payment_status === 'paid' ? <Alert color="teal">{S.paid}</Alert> : null}
              {s.status === 'open' ? (
                <>
                  <Title order={2} fz={18}>{S.card}</Title>
                  <TextInput label={S.cardNumber} description={S.cardHint} value={card} onChange={(e) => setCard(e.currentTarget.value)} inputMode="numeric" autoComplete="cc-number" />
                  <Button onClick={() => void act('card')} loading={busy === 'card'}>{S.payCard}</Button>
                  <Divider />
                  <Stack gap="xs">
                    <Button variant="default" onClick={() => void act('oxxo')} loading={busy === 'oxxo'}>{S.oxxoCta}</Button>
                    <Button variant="default" onClick={() => void act('spei')} loading={busy === 'spei'}>{S.speiCta}</Button>
                  </Stack>
                  <Button variant="subtle" onClick={() => void act('expire_session')}>{S.cancel}</Button>
                </>
              ) : null}
              {s.status === 'complete' && s.payment_status === 'unpaid' ? (
                <>
                  {s.oxxo_reference ? (
                    <Stack gap={4}>
                      <Text fw={600}>{S.oxxoReference}</Text>
                      <Text ff="monospace" fz={20} data-testid="oxxo-reference">{s.oxxo_reference}</Text>
                      {s.oxxo_expires_at ? <Text size="sm" c="dimmed">{S.oxxoExpires(new Date(s.oxxo_expires_at).toLocaleDateString('es-MX'))}</Text> : null}
                    </Stack>
                  ) : null}
                  {s.spei_clabe ? (
                    <Stack gap={4}>
                      <Text fw={600}>{S.speiClabe}</Text>
                      <Text ff="monospace" fz={20} data-testid="spei-clabe">{s.spei_clabe}</Text>
                    </Stack>
                  ) : null}
                  <Button onClick={() => void act('settle')} loading={busy === 'settle'}>{S.settle}</Button>
                  {s.oxxo_reference ? <Button variant="default" onClick={() => void act('expire_voucher')}>{S.expireVoucher}</Button> : null}
                  <Button variant="subtle" component="a" href={s.success_url}>{S.back}</Button>
                </>
              ) : null}
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </Container>
  );
}
