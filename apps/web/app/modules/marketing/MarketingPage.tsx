import type { ReactNode } from 'react';
import { Accordion, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MarketingPoint, MarketingQuestion, MarketingStep } from '@nj/contracts/marketing/messages';
import { NavBar, type NavBarVariant } from '../layout/NavBar.tsx';
import { Footer } from '../layout/Footer.tsx';
import { CheckIcon } from '../layout/icons.tsx';
import './marketing.css';

/**
 * The layout of the marketing pages (spec 01 §2: /publica-una-propiedad, /asesores-inmobiliarios, /paginas-web;
 * issue 9 §5): a hero with the page's calls to action, benefit cards, then optional numbered steps, audiences, a
 * closing note and frequent questions. `actions` are the buttons (links to pages that exist, or the sign-up modal).
 */
export function MarketingPage(props: {
  variant: NavBarVariant;
  eyebrow: string;
  title: string;
  subtitle: string;
  actions: ReactNode;
  pointsTitle: string;
  points: readonly MarketingPoint[];
  stepsTitle?: string;
  steps?: readonly MarketingStep[];
  audienceTitle?: string;
  audience?: readonly MarketingPoint[];
  noteTitle?: string;
  note?: string;
  noteActions?: ReactNode;
  faqTitle?: string;
  faq?: readonly MarketingQuestion[];
}) {
  return (
    <>
      <NavBar variant={props.variant} />
      <main>
        <section className="nj-mkt-hero" aria-labelledby="mkt-title">
          <Container size="md">
            <Text className="nj-mkt-eyebrow" fw={700} tt="uppercase" size="sm">{props.eyebrow}</Text>
            <Title order={1} id="mkt-title" className="nj-mkt-title">{props.title}</Title>
            <Text className="nj-mkt-subtitle">{props.subtitle}</Text>
            <Group gap="sm" mt="lg" className="nj-mkt-actions">{props.actions}</Group>
          </Container>
        </section>
        <Container size="lg" py={48}>
          <section aria-labelledby="mkt-points">
            <Title order={2} id="mkt-points" ta="center" mb="xl">{props.pointsTitle}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {props.points.map((p) => (
                <div key={p.title} className="nj-mkt-card">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon radius="xl" size={32} variant="light" aria-hidden><CheckIcon size={18} /></ThemeIcon>
                    <div>
                      <Title order={3} fz="lg" mb={4}>{p.title}</Title>
                      <Text c="dimmed" size="sm">{p.text}</Text>
                    </div>
                  </Group>
                </div>
              ))}
            </SimpleGrid>
          </section>
          {props.steps && props.stepsTitle ? (
            <section aria-labelledby="mkt-steps" className="nj-mkt-block">
              <Title order={2} id="mkt-steps" ta="center" mb="xl">{props.stepsTitle}</Title>
              <ol className="nj-mkt-steps">
                {props.steps.map((s, i) => (
                  <li key={s.title}>
                    <span className="nj-mkt-step-n" aria-hidden>{i + 1}</span>
                    <Title order={3} fz="md" mb={4}>{s.title}</Title>
                    <Text size="sm" c="dimmed">{s.text}</Text>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {props.audience && props.audienceTitle ? (
            <section aria-labelledby="mkt-audience" className="nj-mkt-block">
              <Title order={2} id="mkt-audience" ta="center" mb="xl">{props.audienceTitle}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                {props.audience.map((a) => (
                  <div key={a.title} className="nj-mkt-card">
                    <Title order={3} fz="lg" mb={4}>{a.title}</Title>
                    <Text c="dimmed" size="sm">{a.text}</Text>
                  </div>
                ))}
              </SimpleGrid>
            </section>
          ) : null}
          {props.note && props.noteTitle ? (
            <section aria-labelledby="mkt-note" className="nj-mkt-block nj-mkt-note">
              <Stack gap="sm" align="center" ta="center">
                <Title order={2} id="mkt-note">{props.noteTitle}</Title>
                <Text maw={640}>{props.note}</Text>
                {props.noteActions ? <Group gap="sm" justify="center">{props.noteActions}</Group> : null}
              </Stack>
            </section>
          ) : null}
          {props.faq && props.faqTitle ? (
            <section aria-labelledby="mkt-faq" className="nj-mkt-block">
              <Title order={2} id="mkt-faq" ta="center" mb="lg">{props.faqTitle}</Title>
              <Accordion variant="separated" maw={760} mx="auto">
                {props.faq.map((q) => (
                  <Accordion.Item key={q.question} value={q.question}>
                    <Accordion.Control>{q.question}</Accordion.Control>
                    <Accordion.Panel>{q.answer}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ) : null}
        </Container>
      </main>
      <Footer />
    </>
  );
}
