import { Link } from 'react-router';
import { Anchor, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { LEGAL_UI_MESSAGES as L, type LegalPage } from '@nj/contracts/legal/messages';
import { NavBar } from '../layout/NavBar.tsx';
import { Footer } from '../layout/Footer.tsx';
import './legal.css';

/**
 * A legal document page (issue 9 §5: /terminos-y-condiciones, /aviso-de-privacidad): title, date of the version, a
 * table of contents linking to each section, the sections, and links between the two documents. Server-rendered,
 * no data from the server.
 */
export function LegalDocument({ page, current }: { page: LegalPage; current: 'terms' | 'privacy' }) {
  return (
    <>
      <NavBar variant="landing" />
      <main className="nj-legal">
        <Container size="md" py="xl">
          <Stack gap="xs" mb="lg">
            <Title order={1} fz={{ base: 26, sm: 34 }}>{page.title}</Title>
            <Text size="sm" c="dimmed">{L.updated(page.updated)}</Text>
          </Stack>
          {page.intro.map((p) => <Text key={p} mb="sm" className="nj-legal-text">{p}</Text>)}
          <nav aria-labelledby="legal-contents" className="nj-legal-toc">
            <Title order={2} fz="md" id="legal-contents" mb="xs">{L.contents}</Title>
            <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
              {page.sections.map((s) => (
                <List.Item key={s.id}><Anchor href={`#${s.id}`} size="sm">{s.heading}</Anchor></List.Item>
              ))}
            </List>
          </nav>
          {page.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="nj-legal-section">
              <Title order={2} fz={{ base: 19, sm: 22 }} id={`${s.id}-title`} mb="sm">{s.heading}</Title>
              {s.paragraphs.map((p) => <Text key={p} mb="sm" className="nj-legal-text">{p}</Text>)}
              {s.items ? (
                <List spacing={6} mb="sm" className="nj-legal-text">
                  {s.items.map((i) => <List.Item key={i}>{i}</List.Item>)}
                </List>
              ) : null}
              {s.after?.map((p) => <Text key={p} mb="sm" className="nj-legal-text">{p}</Text>)}
            </section>
          ))}
          <nav aria-label={L.legalNavigation}>
            <Group gap="lg" mt="xl">
              <Anchor component={Link} to="/terminos-y-condiciones" aria-current={current === 'terms' ? 'page' : undefined}>{L.terms}</Anchor>
              <Anchor component={Link} to="/aviso-de-privacidad" aria-current={current === 'privacy' ? 'page' : undefined}>{L.privacy}</Anchor>
            </Group>
          </nav>
        </Container>
      </main>
      <Footer />
    </>
  );
}
