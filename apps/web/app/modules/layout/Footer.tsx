import { Link } from 'react-router';
import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';

/** Footer with the attributions the bundled data asks for (each data folder's SOURCE.md: INEGI, Properati vía WQU). */
export function Footer() {
  return (
    <footer className="nj-footer">
      <Container size="lg" py="xl">
        <Stack gap={6}>
          <Group gap="lg">
            <Anchor component={Link} to="/propiedades" size="sm" c="gray.3">{N.searchProperties}</Anchor>
            <Anchor component={Link} to="/paginas-web" size="sm" c="gray.3">{N.websites}</Anchor>
            <Anchor component={Link} to="/asesores-inmobiliarios" size="sm" c="gray.3">{N.forAdvisers}</Anchor>
          </Group>
          <Text size="sm" fw={600} c="gray.2" mt="sm">{N.dataSources}</Text>
          <Text size="xs" c="gray.4">{N.attributionInegi}</Text>
          <Text size="xs" c="gray.4">{N.attributionProperati}</Text>
          <Text size="xs" c="gray.4">{N.attributionListings}</Text>
          <Text size="xs" c="gray.5" mt="sm">{N.rights(new Date().getFullYear())}</Text>
        </Stack>
      </Container>
    </footer>
  );
}
