import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LIKES_MESSAGES as L } from '@nj/contracts/likes/messages';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { PropertyCard } from '../properties/PropertyCard.tsx';
import { toast } from '../toast/toast.ts';
import { LIKED_QUERY_KEY, getLiked } from './api.ts';

/**
 * /favoritos (spec 01 §2 "Liked properties"): the signed-in client's liked cards, newest like first, with infinite
 * scroll (GET /api/v1/properties/liked, 20 a page). Visitors see a sign-in prompt; no likes shows the empty state.
 * An unliked card stays on the page (its heart empty) until the next visit, so a mistaken tap can be undone.
 */
export function FavoritesPage() {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const query = useInfiniteQuery({
    queryKey: LIKED_QUERY_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getLiked(pageParam, signal),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: registered,
    retry: 0,
  });
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (query.isError) toast('danger', L.fetchFailed);
  }, [query.isError, query.errorUpdatedAt]);

  useEffect(() => {
    const el = sentinelRef.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '600px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = query.data?.pages ?? [];
  const properties = pages.flatMap((p) => p.properties);
  const total = pages[0]?.total ?? 0;

  let body;
  if (!ready || (registered && query.isLoading)) {
    body = <Center py={80}><Loader aria-label={L.loadingMore} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{L.visitorTitle}</Title>
        <Text c="dimmed" maw={460}>{L.visitorBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: '/favoritos' })}>{L.visitorCta}</Button>
      </Stack>
    );
  } else if (properties.length === 0 && !query.isError) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{L.emptyTitle}</Title>
        <Text c="dimmed" maw={460}>{L.emptyBody}</Text>
        <Button mt="sm" component={Link} to="/propiedades">{L.emptyCta}</Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <Text size="sm" c="dimmed" mb="md" data-testid="favorites-total">{L.count(total)}</Text>
        <div className="nj-card-grid">
          {properties.map((p) => <PropertyCard key={p.uid} property={p} />)}
        </div>
        <div ref={sentinelRef} className="nj-sentinel" aria-hidden="true" />
        {isFetchingNextPage ? <Text size="sm" c="dimmed" ta="center" py="md">{L.loadingMore}</Text> : null}
      </>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <Container size="xl" py="lg">
        <Title order={1} fz={{ base: 22, sm: 26 }} mb="xs">{L.pageHeading}</Title>
        {body}
      </Container>
    </>
  );
}
