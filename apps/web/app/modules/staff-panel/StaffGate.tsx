import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';

/** The panel's frame: the nav bar and the page's main landmark. */
export function StaffFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }} component="main">{children}</Container>
    </>
  );
}

/** A visitor on /tickets: asked to sign in with a support account (the page reloads as them after signing in). */
export function StaffSignIn() {
  return (
    <>
      <NavBar variant="properties" />
      <SignInRequired title={M.signInTitle} body={M.signIn} cta={M.signInButton} />
    </>
  );
}

/** The 403 page in Spanish: a signed-in client without the support privilege. */
export function StaffForbidden() {
  return (
    <>
      <NavBar variant="properties" />
      <Container size="sm" py={80} component="main">
        <Stack align="center" gap="md" ta="center">
          <Text fz={64} fw={800} c="brand.7" lh={1}>403</Text>
          <Title order={1} fz={28}>{M.forbiddenTitle}</Title>
          <Text c="dimmed">{M.forbidden}</Text>
          <Button component={Link} to="/" mt="md">{N.goHome}</Button>
        </Stack>
      </Container>
    </>
  );
}
