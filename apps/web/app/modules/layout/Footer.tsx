import { Link } from 'react-router';
import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { LEGAL_UI_MESSAGES as L } from '@nj/contracts/legal/messages';
import { TICKET_UI_MESSAGES as T } from '@nj/contracts/tickets/messages';
import { HelpButton } from '../tickets/HelpButton.tsx';
import { useSite } from '../sites/use-site.ts';
import { SiteFooter } from '../sites/SiteFooter.tsx';

/**
 * Footer: the public pages (search, marketing), the legal pages (issue 9 §5), the help centre and 'Ayuda' (the
 * ticket modal, issue 14), and the attributions the bundled data asks for (each data folder's SOURCE.md: INEGI,
 * Properati vía WQU).
 */
export function Footer() {
  // On a branded site's host its own footer (issue 15; spec 03 §2 'Branded sites').
  const site = useSite();
  if (site) return <SiteFooter site={site} />;
  return (
    <footer className="nj-footer">
      <Container size="lg" py="xl">
        <Stack gap={6}>
          <nav aria-label={N.footerNavigation}>
            <Group gap="lg">
              <Anchor component={Link} to="/propiedades" size="sm" c="gray.3">{N.searchProperties}</Anchor>
              <Anchor component={Link} to="/publica-una-propiedad" size="sm" c="gray.3">{N.publishProperty}</Anchor>
              <Anchor component={Link} to="/paginas-web" size="sm" c="gray.3">{N.websites}</Anchor>
              <Anchor component={Link} to="/asesores-inmobiliarios" size="sm" c="gray.3">{N.forAdvisers}</Anchor>
              <Anchor component={Link} to="/terminos-y-condiciones" size="sm" c="gray.3">{L.terms}</Anchor>
              <Anchor component={Link} to="/aviso-de-privacidad" size="sm" c="gray.3">{L.privacy}</Anchor>
              <Anchor component={Link} to="/centro-de-ayuda" size="sm" c="gray.3">{T.helpCentre}</Anchor>
              <HelpButton label={T.help} variant="transparent" size="compact-sm" px={0} c="gray.3" fw={400} testId="footer-help" />
            </Group>
          </nav>
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
