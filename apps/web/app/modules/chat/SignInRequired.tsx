import { useLocation } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { openLoginModal } from '../accounts/login-events.ts';

/** The prompt of the chat pages for a visitor: sign in, then come back to the same address. */
export function SignInRequired() {
  const location = useLocation();
  return (
    <main>
      <Stack align="center" ta="center" gap="sm" py={60} px="md" role="status">
        <Title order={1} fz={22}>{M.signInTitle}</Title>
        <Text c="dimmed" maw={460}>{M.signInBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: location.pathname + location.search })}>{M.signInCta}</Button>
      </Stack>
    </main>
  );
}
