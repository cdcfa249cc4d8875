import './rents.css';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, Button, Center, Container, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { RENT_PAGES_MESSAGES as M } from '@nj/contracts/rents/page-messages';
import type { TRentSummary } from '@nj/contracts/rents/schemas';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { LoadMore } from '../layout/LoadMore.tsx';
import { toast } from '../toast/toast.ts';
import { RENTS_QUERY_KEY, getRents } from './api.ts';
import { formatWhen, listingHref, processHref, rentPhotoUrl, rentPriceLabel } from './format.ts';
import { StepBadge } from './StepBadge.tsx';

const C = M.contacted;

/**
 * /propiedades-contactadas (spec 03 §2 Tenant; issue 11 'Pages'): the signed-in renter's contacted properties, newest
 * activity first (GET /api/v1/rents?t=renter&only_active&page, 20 a page, 'Ver más' for the next), each with the
 * listing's photo, title and monthly price in MXN, the step label as a badge in its colour, the unread count, the
 * last message and its time, and links to the process (/propiedades-contactadas/{ruid}) and to the listing.
 * 'Solo activas' (`?activas=1`) hides discarded and invalid processes. Visitors see the sign-in prompt; no rents the
 * empty state with a link to search.
 */
export function ContactedPage() {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const [params, setParams] = useSearchParams();
  const onlyActive = params.get('activas') === '1';
  const query = useInfiniteQuery({
    queryKey: [...RENTS_QUERY_KEY, 'renter', onlyActive],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getRents({ t: 'renter', onlyActive, page: pageParam }, signal),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: registered,
    placeholderData: keepPreviousData,
    retry: 0,
  });

  useEffect(() => {
    if (query.isError) toast('danger', M.fetchFailed);
  }, [query.isError, query.errorUpdatedAt]);

  const setOnlyActive = (next: boolean) => {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set('activas', '1');
    else nextParams.delete('activas');
    setParams(nextParams, { replace: true, preventScrollReset: true });
  };

  const rents = query.data?.pages.flatMap((p) => p.rents) ?? [];
  let body;
  if (!ready || (registered && query.isLoading)) {
    body = <Center py={80}><Loader aria-label={M.loading} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{C.visitorTitle}</Title>
        <Text c="dimmed" maw={460}>{C.visitorBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: '/propiedades-contactadas' })}>{C.visitorCta}</Button>
      </Stack>
    );
  } else if (query.isError && !query.data) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="alert">
        <Text>{M.fetchFailed}</Text>
        <Button variant="light" onClick={() => void query.refetch()}>{M.retry}</Button>
      </Stack>
    );
  } else if (rents.length === 0) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{onlyActive ? C.emptyActiveTitle : C.emptyTitle}</Title>
        <Text c="dimmed" maw={460}>{C.emptyBody}</Text>
        <Button mt="sm" component={Link} to="/propiedades">{C.emptyCta}</Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <ul className="nj-rent-list" aria-label={C.listLabel} data-testid="contacted-list">
          {rents.map((r) => <ContactedCard key={r.ruid} rent={r} />)}
        </ul>
        <LoadMore query={query} label={M.loadMore} variant="light" size="sm" />
      </>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <main>
        <Container size="md" py="lg">
          <Group justify="space-between" align="flex-end" mb="md" gap="sm">
            <div>
              <Title order={1} fz={{ base: 22, sm: 26 }}>{C.heading}</Title>
              {registered ? <Text c="dimmed" size="sm" mt={4}>{C.intro}</Text> : null}
            </div>
            {registered ? (
              <Switch checked={onlyActive} onChange={(e) => setOnlyActive(e.currentTarget.checked)} label={C.onlyActive} />
            ) : null}
          </Group>
          {body}
        </Container>
      </main>
    </>
  );
}

/** One contacted property: photo, title (→ listing), price, step badge, unread count, last message and time, links. */
function ContactedCard({ rent: r }: { rent: TRentSummary }) {
  const photo = rentPhotoUrl(r, 'card');
  return (
    <li className="nj-rent-card" data-testid="contacted-card" data-ruid={r.ruid}>
      <Link to={processHref(r.ruid)} className="nj-rent-photo" tabIndex={-1} aria-hidden="true">
        {photo ? <img src={photo} alt="" loading="lazy" width={176} height={132} /> : <span className="nj-rent-photo-empty" />}
      </Link>
      <div className="nj-rent-body">
        <Group gap="xs" wrap="wrap">
          <StepBadge label={r.stepLabel} color={r.stepColor} />
          {r.unread > 0 ? <Badge color="red.8" variant="filled" size="md" data-testid="unread-badge">{M.unread(r.unread)}</Badge> : null}
        </Group>
        <Link to={processHref(r.ruid)} className="nj-rent-title">{r.title}</Link>
        <Text fw={600} size="sm">{rentPriceLabel(r.price)}</Text>
        <Text size="sm" className="nj-rent-last">{r.lastText ?? M.noMessages}</Text>
        <Text size="xs" c="dimmed">{M.lastActivity(formatWhen(r.lastActivityAt, 'datetime'))}</Text>
        <Group gap="xs" className="nj-rent-actions">
          <Button component={Link} to={processHref(r.ruid)} size="compact-sm" aria-label={C.openProcessLabel(r.title)}>{C.openProcess}</Button>
          <Button component={Link} to={listingHref(r)} size="compact-sm" variant="default" aria-label={C.openListingLabel(r.title)}>{C.openListing}</Button>
        </Group>
      </div>
    </li>
  );
}
