import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Container, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { STATE_PATTERN, type TSiteLoginStart } from '@nj/contracts/site-login/schemas';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { NavBar } from '../layout/NavBar.tsx';
import { useSession } from '../accounts/session.tsx';
import { openLoginModal } from '../accounts/login-events.ts';
import { ApiError } from '../api/client.ts';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { LoadingStatus, WRAPPING_LABEL } from './BrandedLoginPage.tsx';
import { continueSiteLogin, startSiteLogin } from './site-login-api.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : COMMON_MESSAGES.connection);

/**
 * The central login on the product host, /integrations-login?return_to&state (issue 15 'Branded login'; spec 03 §2,
 * §7): asks the server which registered site `return_to` names (POST /api/v1/auth/start; an unknown one is a Spanish
 * error, never a redirect), shows '{site} quiere que inicies sesión', signs the person in with the product's own
 * login modal when needed and then continues (POST /api/v1/auth/continue) to the site's /integrations-auth with a
 * one-time token. A signed-in person continues with one button.
 */
export function CentralLoginPage() {
  const [params] = useSearchParams();
  const returnTo = params.get('return_to') ?? '';
  const state = params.get('state') ?? '';
  const session = useSession();
  const [start, setStart] = useState<TSiteLoginStart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set when the person asked to sign in here: once signed in, the page continues by itself.
  const continueAfterLogin = useRef(false);

  useEffect(() => {
    if (!returnTo || !STATE_PATTERN.test(state)) {
      setError(returnTo ? M.stateInvalid : M.returnToInvalid);
      return;
    }
    let live = true;
    startSiteLogin(returnTo, state).then((r) => { if (live) setStart(r); }, (e: unknown) => { if (live) setError(messageOf(e)); });
    return () => { live = false; };
  }, [returnTo, state]);

  const proceed = useCallback(async () => {
    setBusy(true);
    try {
      const { redirect_url } = await continueSiteLogin(returnTo, state);
      window.location.assign(redirect_url);
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  }, [returnTo, state]);

  useEffect(() => {
    if (session.registered && continueAfterLogin.current && start) {
      continueAfterLogin.current = false;
      void proceed();
    }
  }, [session.registered, start, proceed]);

  const site = start?.site;
  let body;
  if (error) {
    body = (
      <Stack gap="md">
        <Title order={1} fz={24}>{M.centralTitle}</Title>
        <Alert color="red" variant="light" role="alert">{error}</Alert>
        <Button component={Link} to="/" variant="light">{N.goHome}</Button>
      </Stack>
    );
  } else if (!site || session.status === 'loading') {
    body = <LoadingStatus />;
  } else {
    const name = session.client?.nickname || session.client?.email || '';
    body = (
      <Stack gap="md" align="center" ta="center">
        {site.logo ? <Image src={site.logo} alt={site.name} h={72} w="auto" fit="contain" /> : null}
        <Title order={1} fz={24}>{M.siteAsks(site.custom_page_name || site.name)}</Title>
        <Text c="dimmed">{M.centralExplain(site.name)}</Text>
        {busy ? <Text role="status">{M.redirecting}</Text> : null}
        {session.registered ? (
          <Button size="md" fullWidth h="auto" mih={42} py={8} styles={WRAPPING_LABEL} loading={busy} onClick={() => void proceed()}>{name ? M.continueAs(name) : M.continue}</Button>
        ) : (
          <>
            <Text>{M.signInToContinue}</Text>
            <Button size="md" fullWidth h="auto" mih={42} py={8} styles={WRAPPING_LABEL} onClick={() => {
              continueAfterLogin.current = true;
              openLoginModal({ redirectTo: `/integrations-login?${params.toString()}` });
            }}>{N.signIn}</Button>
          </>
        )}
      </Stack>
    );
  }
  return (
    <>
      <NavBar variant="properties" />
      <Container size="xs" py={{ base: 32, sm: 64 }} px="md" component="main">
        <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>{body}</Paper>
      </Container>
    </>
  );
}
