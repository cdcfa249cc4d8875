import { useLocation } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { openLoginModal } from '../accounts/login-events.ts';

/**
 * The prompt of a signed-in-only page for a visitor: sign in, then come back to the same address (path and query).
 * Without props it reads as the chat pages do; other pages pass their own `body` and `cta` (and `title`).
 * `landmark` (default true) wraps it in `<main>`: false for a page that already has its own.
 */
export function SignInRequired({ title = M.signInTitle, body = M.signInBody, cta = M.signInCta, landmark = true }: {
  title?: string | null; body?: string; cta?: string; landmark?: boolean;
}) {
  const location = useLocation();
  const prompt = (
    <Stack align="center" ta="center" gap="sm" py={60} px="md" role="status">
      {title ? <Title order={landmark ? 1 : 2} fz={22}>{title}</Title> : null}
      <Text c={title ? 'dimmed' : undefined} maw={460}>{body}</Text>
      <Button mt="sm" onClick={() => openLoginModal({ redirectTo: location.pathname + location.search })}>{cta}</Button>
    </Stack>
  );
  return landmark ? <main>{prompt}</main> : prompt;
}
