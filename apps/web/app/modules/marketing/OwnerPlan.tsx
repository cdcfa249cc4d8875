import { Link } from 'react-router';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_PAGES_MESSAGES } from '@nj/contracts/marketing/product-pages';

const M = PRODUCT_PAGES_MESSAGES.ownerPlans;

/**
 * The owners' side of /plans (issue 16; decision 035): what a private owner gets without paying, and the plain
 * statement that there is no paid owner plan (the paid plans are the agencies', decision 028). Anchor #propietarios.
 */
export function OwnerPlan() {
  return (
    <section id="propietarios" aria-labelledby="owner-plan-title" data-testid="owner-plan">
      <Stack gap="sm" mt="xl">
        <Title order={2} fz={24} id="owner-plan-title">{M.title}</Title>
        <Text>{M.intro}</Text>
        <Card withBorder padding="lg" maw={560}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} fz={20}>{M.freeName}</Title>
              <Badge size="lg" variant="light" color="teal">{M.freePrice}</Badge>
            </Group>
            <List size="sm" spacing={4}>{M.features.map((f) => <List.Item key={f}>{f}</List.Item>)}</List>
            <Text size="sm" c="dimmed">{M.extraCosts}</Text>
            <Group gap="sm">
              <Button component={Link} to="/crear-propiedad">{M.cta}</Button>
              <Button component={Link} to="/propietarios-particulares" variant="subtle">{M.more}</Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </section>
  );
}
