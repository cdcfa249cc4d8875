import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Title } from '@mantine/core';
import { SITE_LOGIN_MESSAGES as M } from '@nj/contracts/site-login/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { ApiError } from '../api/client.ts';
import { LoadingStatus } from './BrandedLoginPage.tsx';
import { loginWithToken } from './site-login-api.ts';
import { clearLoginState, readLoginState, statesMatch } from './state.ts';

/**
 * /integrations-auth on a branded host, the return of the central login (spec 03 §2, §5 last line; issue 15): goes on
 * only when the state kept in this tab's sessionStorage equals the URL's state (else a Spanish error and no call at
 * all); then POST /api/v1/auth/loginwithtoken spends the one-time token and signs the person in on this host, the
 * kept state is forgotten and the page loads /propiedades (a full load, so every part of the page sees the session).
 */
export function IntegrationAuthPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const state = params.get('state');
    const token = params.get('token') ?? '';
    if (!statesMatch(readLoginState(), state)) {
      setError(M.stateMismatch);
      return;
    }
    loginWithToken(token, state!).then(
      (r) => {
        clearLoginState();
        window.location.replace(r.redirect_to);
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : COMMON_MESSAGES.connection),
    );
  }, [params]);

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 40, sm: 80 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz={24}>{M.authTitle}</Title>
          {error ? (
            <>
              <Alert color="red" variant="light" role="alert" w="100%">{error}</Alert>
              <Button component={Link} to="/iniciar-sesion" reloadDocument>{M.backToLogin}</Button>
            </>
          ) : <LoadingStatus />}
        </Stack>
      </Paper>
    </Box>
  );
}
