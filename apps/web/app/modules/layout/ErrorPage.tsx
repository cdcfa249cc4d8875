import { Link } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { NavBar } from './NavBar.tsx';

/** Spanish error page: 404 for what does not exist, otherwise the general error text (spec 01 §8). */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const notFound = status === 404;
  return (
    <>
      <NavBar variant="properties" />
      <Container size="sm" py={80}>
        <Stack align="center" gap="md" ta="center">
          <Text fz={64} fw={800} c="brand.7" lh={1}>{status}</Text>
          <Title order={1} fz={28}>{notFound ? N.notFoundTitle : N.serverErrorTitle}</Title>
          <Text c="dimmed">{message ?? (notFound ? N.notFoundText : N.serverErrorText)}</Text>
          <Button component={Link} to="/" mt="md">{N.goHome}</Button>
        </Stack>
      </Container>
    </>
  );
}
