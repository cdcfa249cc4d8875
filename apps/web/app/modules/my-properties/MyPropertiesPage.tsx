import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button, Center, Container, Group, Loader, Pagination, SegmentedControl, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import { IMPORT_PAGE_MESSAGES } from '@nj/contracts/listings-import/page-messages';
import type { TOwnerPropertyCard } from '@nj/contracts/stats/schemas';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { SearchIcon } from '../layout/icons.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { PropertyCard } from '../properties/PropertyCard.tsx';
import { toast } from '../toast/toast.ts';
import { getMyProperties } from '../stats/api.ts';
import { MY_PROPERTIES_QUERY_KEY, useActiveToggle } from './OwnerCardParts.tsx';
import { pageCount, readMyPropertiesFilters } from './metrics.ts';
import { ReconfirmBanner } from '../integrations/ReconfirmBanner.tsx';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';

/** Wait after typing before the search is sent (ms). */
const SEARCH_DEBOUNCE_MS = 400;

/** One of the owner's cards with its own activation state (optimistic toggle). */
function MyPropertyCard({ property: p }: { property: TOwnerPropertyCard }) {
  const toggle = useActiveToggle(p.uid, p.is_active);
  return (
    <PropertyCard
      property={p}
      countViews={false}
      owner={{ ...toggle, stats: p.owner_stats, canSeeStats: p.can_see_stats, interested: p.interested }}
    />
  );
}

/**
 * /mis-propiedades (spec 01 §2): the signed-in owner's listings as cards with the owner parts, a text search and a
 * status filter (Todas / Activadas / Desactivadas), 20 a page (GET /api/v1/properties/my?page&search&status). The
 * filters live in the address (page, search, status) without adding history entries. Visitors are asked to sign in;
 * an owner without listings gets a link to /crear-propiedad.
 */
export function MyPropertiesPage() {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const [params, setParams] = useSearchParams();
  const filters = readMyPropertiesFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const [debounced] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const update = (patch: { page?: number; search?: string; status?: string }) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    }, { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    if (debounced !== filters.search) update({ search: debounced, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const query = useQuery({
    queryKey: [...MY_PROPERTIES_QUERY_KEY, filters.page, filters.search, filters.status ?? 'all'],
    queryFn: ({ signal }) => getMyProperties(
      { page: filters.page, search: filters.search || undefined, status: filters.status }, signal,
    ),
    enabled: registered,
    placeholderData: keepPreviousData,
    retry: 0,
  });

  useEffect(() => {
    if (query.isError) toast('danger', M.fetchFailed);
  }, [query.isError, query.errorUpdatedAt]);

  const data = query.data;
  const hasFilters = !!filters.search || !!filters.status;
  const pages = data ? pageCount(data.total, data.page_size) : 1;

  let body;
  if (!ready || (registered && query.isLoading)) {
    body = <Center py={80}><Loader aria-label={M.heading} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{M.visitorTitle}</Title>
        <Text c="dimmed" maw={480}>{M.visitorBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: '/mis-propiedades' })}>{M.visitorCta}</Button>
      </Stack>
    );
  } else if (query.isError && !data) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="alert">
        <Text>{M.fetchFailed}</Text>
        <Button variant="light" onClick={() => void query.refetch()}>{M.retry}</Button>
      </Stack>
    );
  } else if (data && data.total === 0 && !hasFilters) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{M.emptyTitle}</Title>
        <Text c="dimmed" maw={480}>{M.emptyBody}</Text>
        <Button mt="sm" component={Link} to="/crear-propiedad">{M.emptyCta}</Button>
      </Stack>
    );
  } else if (data && data.properties.length === 0) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={20}>{M.noMatchesTitle}</Title>
        <Button variant="light" onClick={() => { setSearchText(''); update({ search: '', status: '', page: 1 }); }}>
          {M.noMatchesCta}
        </Button>
      </Stack>
    );
  } else if (data) {
    body = (
      <>
        <div className="nj-card-grid" data-stale={query.isPlaceholderData || undefined}>
          {data.properties.map((p) => <MyPropertyCard key={`${p.uid}:${p.is_active}`} property={p} />)}
        </div>
        {pages > 1 ? (
          <Center mt="xl">
            <Pagination
              total={pages}
              value={filters.page}
              onChange={(page) => { update({ page }); window.scrollTo({ top: 0 }); }}
              aria-label={M.pageLabel}
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? COMMON_UI_LABELS.previousPage : control === 'next' ? COMMON_UI_LABELS.nextPage : undefined })}
              siblings={1}
              boundaries={1}
            />
          </Center>
        ) : null}
      </>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <main>
      <Container size="xl" py="lg">
        <Group justify="space-between" align="center" mb="md" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 26 }}>{M.heading}</Title>
          {registered ? (
            <Group gap="xs">
              <Button component={Link} to="/mis-propiedades/importar" size="sm" variant="default">{IMPORT_PAGE_MESSAGES.linkFromMyProperties}</Button>
              <Button component={Link} to="/crear-propiedad" size="sm">{M.publish}</Button>
            </Group>
          ) : null}
        </Group>
        {registered ? <ReconfirmBanner listQueryKey={MY_PROPERTIES_QUERY_KEY} /> : null}
        {registered ? (
          <Group mb="md" gap="sm" align="flex-end" className="nj-owner-filters">
            <TextInput
              label={M.searchLabel}
              placeholder={M.searchPlaceholder}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              leftSection={<SearchIcon size={16} />}
              maxLength={100}
              type="search"
              className="nj-owner-search"
            />
            <div>
              <Text component="span" size="sm" fw={500} id="owner-status-label" display="block" mb={4}>{M.statusLabel}</Text>
              <SegmentedControl
                aria-labelledby="owner-status-label"
                value={filters.status ?? 'all'}
                onChange={(v) => update({ status: v === 'all' ? '' : v, page: 1 })}
                data={[
                  { value: 'all', label: M.statusAll },
                  { value: 'active', label: M.statusActive },
                  { value: 'inactive', label: M.statusInactive },
                ]}
              />
            </div>
            {data ? <Text size="sm" c="dimmed" ml="auto" data-testid="my-properties-total">{M.count(data.total)}</Text> : null}
          </Group>
        ) : null}
        {body}
      </Container>
      </main>
    </>
  );
}

