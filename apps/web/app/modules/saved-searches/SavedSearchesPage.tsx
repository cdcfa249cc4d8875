import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Container, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_SEARCH_MESSAGES as M } from '@nj/contracts/saved-searches/messages';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_LIMITS, type TSavedSearch, type TSavedSearchFrequency } from '@nj/contracts/saved-searches/schemas';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { toast } from '../toast/toast.ts';
import { deleteSavedSearch, getSavedSearches, patchSavedSearch, postUnsubscribe, SAVED_SEARCHES_KEY } from './api.ts';
import { savedSearchSummary } from './summary.ts';

/** One saved search: its criteria in one line, open (marks it visited), rename, change the alerts ('Alertas'), delete. */
function SavedSearchCard({ search, onChanged }: { search: TSavedSearch; onChanged: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast('success', done);
      onChanged();
    } catch (e) {
      toast('danger', errorMessage(e, M.saveFailed));
    }
  };
  const href = `/propiedades${search.query ? `?${search.query}` : ''}`;
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="saved-search">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          {renaming ? (
            <Group gap="xs">
              <TextInput aria-label={M.nameLabel} value={name} maxLength={SAVED_SEARCH_LIMITS.maxName} onChange={(e) => setName(e.currentTarget.value)} />
              <Button size="xs" onClick={() => void run(() => patchSavedSearch(search.id, { name: name.trim() }), M.updated).then(() => setRenaming(false))} disabled={!name.trim()}>{M.save}</Button>
            </Group>
          ) : <Title order={2} fz={18}>{search.name}</Title>}
          {search.new_count > 0 ? <Badge color="red.8" variant="filled">{M.newCount(search.new_count)}</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed" data-testid="saved-search-summary">{savedSearchSummary(search.query)}</Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <Button size="xs" component={Link} to={href} onClick={() => void patchSavedSearch(search.id, { visited: true })}>{M.open}</Button>
          <Button size="xs" variant="light" onClick={() => setRenaming((r) => !r)}>{M.rename}</Button>
          <Select size="xs" w={190} label={M.alertsLabel} value={search.frequency} allowDeselect={false}
            data={SAVED_SEARCH_FREQUENCIES.map((f) => ({ value: f, label: M.frequency[f] }))}
            onChange={(v) => v && void run(() => patchSavedSearch(search.id, { frequency: v as TSavedSearchFrequency }), M.updated)} />
          <Button size="xs" variant="default" onClick={() => void run(() => deleteSavedSearch(search.id), M.deleted)}>{M.delete}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /busquedas-guardadas (issue 17): the signed-in client's saved searches with the number of new listings since the
 * last visit; a visitor is asked to sign in.
 */
export function SavedSearchesPage() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: getSavedSearches, enabled: registered });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
  const searches = query.data?.searches ?? [];
  return (
    <>
      <NavBar variant="properties" />
      <Container size="md" py={32} component="main">
        <Stack gap="md">
          <Title order={1} fz={26}>{M.pageTitle}</Title>
          {session?.status === 'ready' && !registered ? (
            <Stack gap="sm" align="flex-start">
              <Text>{M.visitorTitle}</Text>
              <Button onClick={() => openLoginModal()}>{M.visitorTitle}</Button>
            </Stack>
          ) : null}
          {registered && query.isLoading ? <Loader /> : null}
          {query.error ? <Alert color="red" role="alert">{errorMessage(query.error, M.saveFailed)}</Alert> : null}
          {registered && query.data && !searches.length ? (
            <Stack gap="xs"><Text fw={700}>{M.emptyTitle}</Text><Text>{M.emptyBody}</Text></Stack>
          ) : null}
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {searches.map((s) => <SavedSearchCard key={s.id} search={s} onChanged={refresh} />)}
          </Stack>
        </Stack>
      </Container>
    </>
  );
}

/**
 * /busquedas-guardadas/baja?token= — where an alert's unsubscribe link lands (issue 17): it asks first (opening the
 * link changes nothing, so mail scanners do not unsubscribe anyone) and turns the search's alerts off with one
 * button (POST with the signed token). Works signed out.
 */
export function SavedSearchUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : M.invalidToken);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const r = await postUnsubscribe(token);
      setDone(M.unsubscribed(r.name));
    } catch (e) {
      setError(errorMessage(e, M.invalidToken));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <NavBar variant="properties" />
      <Container size="sm" py={48} component="main">
        <Stack gap="md" align="flex-start">
          <Title order={1} fz={24}>{M.unsubscribePageTitle}</Title>
          {error ? <Alert color="red" role="alert" w="100%">{error}</Alert> : null}
          {done ? <Text size="lg" role="status" data-testid="unsubscribe-text">{done}</Text> : null}
          {!done && !error ? (
            <>
              <Text size="lg">{M.unsubscribeQuestion}</Text>
              <Button onClick={() => void confirm()} loading={busy} color="red.8">{M.unsubscribeButton}</Button>
            </>
          ) : null}
          <Button component={Link} to="/busquedas-guardadas" variant="default">{M.savedLink}</Button>
        </Stack>
      </Container>
    </>
  );
}
