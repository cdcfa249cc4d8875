import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { CHAT_NOTIFICATION_MESSAGES as M } from '@nj/contracts/rents/notifications';
import { errorMessage } from '../accounts/api.ts';
import { NavBar } from '../layout/NavBar.tsx';

type Answer = { msg: string; muted: boolean };

/** GET or POST /api/v1/notifications/chat/unsubscribe?token: the question, or the confirmation; `msg` is the Spanish text. */
async function call(method: 'GET' | 'POST', token: string): Promise<Answer> {
  const response = await fetch(`/api/v1/notifications/chat/unsubscribe?token=${encodeURIComponent(token)}`, {
    method, credentials: 'same-origin', headers: { Accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as { msg?: string; data?: { muted?: boolean } } | null;
  if (!response.ok) throw new Error(body?.msg ?? M.unsubscribeInvalid);
  return { msg: body?.msg ?? '', muted: !!body?.data?.muted };
}

/**
 * /notificaciones/baja?token= — where a chat notification's 'unsubscribe' link lands (issue 11): it asks first (a GET
 * changes nothing, so mail scanners that open links do not unsubscribe anyone) and turns that conversation's
 * notifications off with one button (POST with the signed token). Works signed out and in any browser.
 */
export function NotificationsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(token ? null : M.unsubscribeInvalid);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    call('GET', token).then(setAnswer).catch((e: unknown) => setError(errorMessage(e, (e as Error).message || M.unsubscribeInvalid)));
  }, [token]);

  const confirm = async () => {
    setBusy(true);
    try {
      setAnswer(await call('POST', token));
    } catch (e) {
      setError((e as Error).message || M.unsubscribeInvalid);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <NavBar variant="properties" />
      <Container size="sm" py={48} component="main">
        <Stack gap="md" align="flex-start">
          <Title order={1} fz={24}>{M.unsubscribePageTitle}</Title>
          {error ? <Alert color="red" role="alert" w="100%">{error}</Alert> : null}
          {!error && !answer ? <Center w="100%"><Loader aria-label={M.unsubscribeLoading} /></Center> : null}
          {answer ? <Text size="lg" data-testid="unsubscribe-text" role="status">{answer.msg}</Text> : null}
          {answer && !answer.muted ? <Button onClick={() => void confirm()} loading={busy} color="red.8">{M.unsubscribeButton}</Button> : null}
          <Button component={Link} to="/chat" variant="subtle" px={0}>{M.unsubscribeOpenChat}</Button>
        </Stack>
      </Container>
    </>
  );
}
