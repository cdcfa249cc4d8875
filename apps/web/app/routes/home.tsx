import type { Route } from './+types/home';
import { Link } from 'react-router';
import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { SUGGESTED_NEIGHBOURHOODS } from '@nj/contracts/search/constants';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { findPlaceBySlug } from '../modules/server/places.server.ts';
import { normalizePlaceText } from '@nj/geo/normalize-place-text';
import { placeMatchesSlug } from '../modules/landing/suggested.ts';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { Footer } from '../modules/layout/Footer.tsx';
import { SearchBar } from '../modules/search/SearchBar.tsx';
import { PinIcon } from '../modules/layout/icons.tsx';
import { pageMeta } from '../modules/seo/meta.ts';

type Suggested = { area: string; links: { href: string; label: string }[] };
let cache: { at: number; value: Suggested[] } | null = null;
const CACHE_MS = 10 * 60_000;

function titleFromSlug(slug: string): string {
  return slug.replace(/^colonia-/, '').split('-').map((w) => (['de', 'del', 'la'].includes(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}

/**
 * The suggested neighbourhoods of spec 01 §9 as links to /propiedades-en-{slug}, named after the place they lead
 * to. Resolved once every 10 minutes; a slug whose place is unknown is left out (its page would be a 404).
 */
async function suggestedNeighbourhoods(context: Route.LoaderArgs['context']): Promise<Suggested[]> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
  const services = getServices(context);
  const value = await Promise.all(
    SUGGESTED_NEIGHBOURHOODS.map(async (group) => {
      const links = await Promise.all(
        group.slugs.map(async (slug) => {
          const place = await findPlaceBySlug(services, slug, group.bounds).catch(() => null);
          const name = place?.label.split(',')[0]?.trim() ?? '';
          // Only the place the slug really names: a fallback to the city is not shown as a colonia.
          if (!place || !placeMatchesSlug(slug, normalizePlaceText(name))) return null;
          return { href: `/propiedades-en-${place.slug}`, label: name || titleFromSlug(slug) };
        }),
      );
      const seen = new Set<string>();
      const unique = links.filter((l): l is { href: string; label: string } => l !== null && !seen.has(l.href) && !!seen.add(l.href));
      return { area: group.area ?? N.suggestedCities, links: unique };
    }),
  );
  // An empty answer (places not loaded yet) is not kept, so the links appear as soon as places exist.
  if (value.some((g) => g.links.length)) cache = { at: Date.now(), value };
  return value;
}

/** / — landing: navigation bar, the search bar in cta mode and suggested neighbourhoods by area (spec 01 §2, §9). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return { suggested: await suggestedNeighbourhoods(context), origin: pageSettings(services).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: SEARCH_MESSAGES.defaultTitle,
    description: N.heroSubtitle,
    origin: loaderData?.origin ?? '',
    path: '/',
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NavBar variant="landing" />
      <main>
        <section className="nj-hero">
          <Container size="md" className="nj-hero-inner">
            <Title order={1} className="nj-hero-title">{N.heroTitle}</Title>
            <Text className="nj-hero-subtitle">{N.heroSubtitle}</Text>
            <div className="nj-hero-search">
              <SearchBar mode="cta" />
            </div>
          </Container>
        </section>
        <Container size="lg" py={48}>
          <Title order={2} fz={26} mb="lg">{N.suggestedTitle}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
            {loaderData.suggested.filter((g) => g.links.length).map((g) => (
              <Stack key={g.area} gap="xs" component="section" aria-label={g.area === N.suggestedCities ? g.area : N.suggestedIn(g.area)}>
                <Text fw={700}>{g.area}</Text>
                {g.links.map((l) => (
                  <Anchor key={l.href} component={Link} to={l.href} c="dark.5" className="nj-suggested-link">
                    <Group gap={6} wrap="nowrap"><PinIcon size={14} /> {l.label}</Group>
                  </Anchor>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </main>
      <Footer />
    </>
  );
}
