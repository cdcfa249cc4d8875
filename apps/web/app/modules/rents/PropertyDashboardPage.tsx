import './rents.css';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor, Avatar, Badge, Button, Center, Chip, Container, Group, Loader, Stack, Tabs, Text, Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MY_PROPERTIES_MESSAGES } from '@nj/contracts/my-properties/messages';
import { RENT_PAGES_MESSAGES as M } from '@nj/contracts/rents/page-messages';
import type { TRentSummary } from '@nj/contracts/rents/schemas';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { ApiError, api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { editPropertyHref, statsHref } from '../my-properties/OwnerCardParts.tsx';
import { RENTS_QUERY_KEY, getRents } from './api.ts';
import { chatHref, formatWhen, profileHref } from './format.ts';
import { groupByStep, type StepGroup } from './step-groups.ts';
import { StepBadge } from './StepBadge.tsx';
import { RentRequestModal } from '../offers/RentRequestModal.tsx';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';

const D = M.dashboard;
/** The dashboard's sections; `?tab=` names one, anything else shows the first. */
const TABS = ['offers'] as const;
type Tab = (typeof TABS)[number];
const ALL = 'all';

/**
 * /property-dashboard/{puid}?tab=offers (spec 03 §2 Owner; issue 11 'Pages'): the owner's view of one listing — a
 * header with its photo, title, price and links to edit it and to its statistics — and the 'Interesados' tab:
 * everyone who contacted it (GET /api/v1/rents?t=owner&puid=, 20 a page), grouped by step (label and colour) with a
 * filter by step, each with their nickname (→ /perfil?u=), unread count, last message, dates and 'Abrir conversación'
 * (→ /chat?chat={ruid}). Someone who does not own the listing gets the server's refusal (403) and no rows.
 */
export function PropertyDashboardPage({ puid }: { puid: string }) {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'offers';
  const [step, setStep] = useState<string>(ALL);

  const rents = useInfiniteQuery({
    queryKey: [...RENTS_QUERY_KEY, 'owner', puid],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getRents({ t: 'owner', puid, page: pageParam }, signal),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: registered,
    retry: 0,
  });
  const listing = useQuery({
    queryKey: ['property', puid],
    queryFn: ({ signal }) => api<TPropertyDetail>('GET', `/v1/properties/${encodeURIComponent(puid)}`, { signal }),
    enabled: registered && rents.isSuccess,
    retry: 0,
  });
  // Everyone loaded so far (each page is 20, newest activity first); load the rest so the groups are complete.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rents;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const all = rents.data?.pages.flatMap((p) => p.rents) ?? [];
  const groups = groupByStep(all);
  const shownGroups = step === ALL ? groups : groups.filter((g) => g.step === step);

  let body;
  if (!ready || (registered && rents.isLoading)) {
    body = <Center py={80}><Loader aria-label={M.loading} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{D.visitorTitle}</Title>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: `/property-dashboard/${encodeURIComponent(puid)}?tab=offers` })}>{D.visitorCta}</Button>
      </Stack>
    );
  } else if (rents.isError) {
    const status = rents.error instanceof ApiError ? rents.error.status : 0;
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="alert" data-testid="dashboard-error">
        <Title order={2} fz={20}>{status === 403 ? D.notOwnerTitle : errorMessage(rents.error, M.fetchFailed)}</Title>
        {status === 403 ? <Text c="dimmed">{errorMessage(rents.error, M.fetchFailed)}</Text> : null}
        {status === 0 || status >= 500 ? <Button variant="light" onClick={() => void rents.refetch()}>{M.retry}</Button> : null}
        <Button component={Link} to="/mis-propiedades" variant="default">{D.back}</Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <ListingHeader puid={puid} listing={listing.data ?? null} loading={listing.isLoading} />
        <Tabs
          value={tab}
          onChange={(next) => {
            const nextParams = new URLSearchParams(params);
            nextParams.set('tab', next ?? 'offers');
            setParams(nextParams, { replace: true, preventScrollReset: true });
          }}
          mt="lg"
        >
          <Tabs.List aria-label={D.tabsLabel}>
            <Tabs.Tab value="offers">{D.interested(all.length)}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="offers" pt="md">
            {all.length === 0 ? (
              <Stack align="center" ta="center" gap="xs" py={48} role="status">
                <Title order={2} fz={20}>{D.emptyTitle}</Title>
                <Text c="dimmed" maw={460}>{D.emptyBody}</Text>
              </Stack>
            ) : (
              <Stack gap="lg">
                <Chip.Group multiple={false} value={step} onChange={setStep}>
                  <Group gap="xs" role="radiogroup" aria-label={D.filterLabel}>
                    <Chip value={ALL} size="sm">{`${D.filterAll} (${all.length})`}</Chip>
                    {groups.map((g) => <Chip key={g.step} value={g.step} size="sm" color={g.color}>{`${g.label} (${g.rents.length})`}</Chip>)}
                  </Group>
                </Chip.Group>
                {shownGroups.length === 0 ? <Text c="dimmed" role="status">{D.emptyStepTitle}</Text> : null}
                {shownGroups.map((g) => <StepSection key={g.step} group={g} />)}
                {isFetchingNextPage ? <Center><Loader size="sm" aria-label={M.loading} /></Center> : null}
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <main>
        <Container size="lg" py="lg">
          <Anchor component={Link} to="/mis-propiedades" size="sm">{D.back}</Anchor>
          <Title order={1} fz={{ base: 22, sm: 26 }} mt="xs" mb="md">{D.pageTitle}</Title>
          {body}
        </Container>
      </main>
    </>
  );
}

/** The listing: photo, title, price, and links to edit it and to its statistics. */
function ListingHeader({ puid, listing, loading }: { puid: string; listing: TPropertyDetail | null; loading: boolean }) {
  const photo = listing?.images[0]?.url.card ?? null;
  return (
    <section className="nj-dash-head" aria-label={listing?.title ?? D.pageTitle} data-testid="dashboard-listing">
      <div className="nj-rent-photo">
        {photo ? <img src={photo} alt="" width={200} height={150} /> : <span className="nj-rent-photo-empty" />}
      </div>
      <Stack gap={6}>
        {loading ? <Loader size="sm" aria-label={M.loading} /> : null}
        {listing ? (
          <>
            <Anchor component={Link} to={`/propiedades/${encodeURIComponent(listing.slug)}`} fw={700} fz="lg" c="dark.7">{listing.title}</Anchor>
            <Text fw={600}>{listing.price.label}</Text>
            <Group gap="xs">
              <Badge color={listing.is_active ? 'teal' : 'gray'} variant="light">{listing.is_active ? MY_PROPERTIES_MESSAGES.active : MY_PROPERTIES_MESSAGES.inactive}</Badge>
              <Text size="xs" c="dimmed">NJ-{listing.nj_uid.toUpperCase()}</Text>
            </Group>
          </>
        ) : null}
        <Group gap="xs" mt={4}>
          <Button component={Link} to={editPropertyHref(puid)} size="compact-sm" variant="light">{D.edit}</Button>
          <Button component={Link} to={statsHref(puid)} size="compact-sm" variant="default">{D.stats}</Button>
        </Group>
      </Stack>
    </section>
  );
}

/** One step's people: a heading with the step's badge and count, then one row per person. */
function StepSection({ group }: { group: StepGroup }) {
  const headingId = `step-${group.step}`;
  return (
    <section aria-labelledby={headingId} data-testid="step-section" data-step={group.step}>
      <Group gap="xs" mb="xs">
        <Title order={2} fz="md" id={headingId}>{group.label || group.step}</Title>
        <StepBadge label={String(group.rents.length)} color={group.color} size="sm" />
      </Group>
      <ul className="nj-rent-list">
        {group.rents.map((r) => <PersonRow key={r.ruid} rent={r} />)}
      </ul>
    </section>
  );
}

/** Steps at which the renter's proposal has been sent, so the owner may read it (issue 12 'Rules'). */
const OFFER_SENT_STEPS = new Set(['on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent']);

/** One person who contacted the listing; once their proposal is sent, 'Ver solicitud' opens the 'Solicitud de renta'. */
function PersonRow({ rent: r }: { rent: TRentSummary }) {
  const name = r.counterpart.nickname ?? D.noNickname;
  const [requestOpen, setRequestOpen] = useState(false);
  return (
    <li className="nj-person" data-testid="interested-row" data-ruid={r.ruid}>
      <Avatar src={r.counterpart.photo} alt="" radius="xl" size={44} color="brand">{name.slice(0, 1).toUpperCase()}</Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={profileHref(r.counterpart.uid)} className="nj-person-name" aria-label={D.viewProfile(name)}>{name}</Anchor>
          <StepBadge label={r.stepLabel} color={r.stepColor} size="sm" />
          {r.unread > 0 ? <Badge color="red.8" variant="filled" size="sm" data-testid="unread-badge">{M.unread(r.unread)}</Badge> : null}
        </Group>
        <Text size="sm" className="nj-rent-last">{r.lastText ?? M.noMessages}</Text>
        <Text size="xs" c="dimmed">{D.contactedOn(formatWhen(r.createdAt, 'date'))} · {M.lastActivity(formatWhen(r.lastActivityAt, 'datetime'))}</Text>
      </Stack>
      <div className="nj-person-actions">
        {OFFER_SENT_STEPS.has(r.step) ? (
          <Button size="compact-sm" variant="light" onClick={() => setRequestOpen(true)} aria-label={OFFER_MESSAGES.ui.viewRequestLabel(name)} data-testid="view-request">
            {OFFER_MESSAGES.ui.viewRequest}
          </Button>
        ) : null}
        <Button component={Link} to={chatHref(r.ruid)} size="compact-sm" aria-label={D.openChatLabel(name)}>{D.openChat}</Button>
      </div>
      {requestOpen ? <RentRequestModal rent={r} onClose={() => setRequestOpen(false)} /> : null}
    </li>
  );
}
