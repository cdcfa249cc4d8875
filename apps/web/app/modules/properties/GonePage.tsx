import { Link } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { SEARCH_MESSAGES as S } from '@nj/contracts/search/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { NavBar } from '../layout/NavBar.tsx';
import { Footer } from '../layout/Footer.tsx';
import { PropertyCard } from './PropertyCard.tsx';

/**
 * The page of a listing its owner deactivated, for anyone but the owner (issue 7 §7; answered with status 410):
 * 'Esta propiedad ya no está disponible' and up to six similar listings nearby, or a way back to the map.
 */
export function GonePage({ similar }: { similar: TPropertySummary[] }) {
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py={48} component="main">
        <Stack align="center" ta="center" gap="sm" mb="xl">
          <Title order={1} fz={28}>{S.propertyGone}</Title>
          <Text c="dimmed" maw={560}>{similar.length ? S.propertyGoneText : S.propertyGoneNoSimilar}</Text>
          {similar.length === 0 ? <Button component={Link} to="/propiedades" mt="sm">{S.propertyGoneCta}</Button> : null}
        </Stack>
        {similar.length ? (
          <section aria-label={S.propertyGoneText}>
            <div className="nj-card-grid">
              {similar.map((p) => <PropertyCard key={p.uid} property={p} />)}
            </div>
          </section>
        ) : null}
      </Container>
      <Footer />
    </>
  );
}
