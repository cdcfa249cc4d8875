import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Center, Drawer, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ASSOCIATION_MESSAGES as A } from '@nj/contracts/associations/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { ACCOUNTS_UI_MESSAGES } from '@nj/contracts/accounts/messages';
import type { TDirectoryEntry, TDirectoryPage } from '@nj/contracts/associations/schemas';
import { SITE_MESSAGES as M } from '@nj/contracts/sites/messages';
import type { TSite } from '@nj/contracts/sites/schemas';
import { api, ApiError } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import { useSite } from './use-site.ts';

/** One page of the association's directory (GET /api/v1/associations/{asso_uid}/directory?page; spec 01 §7). */
function getDirectory(assoUid: string, page: number, signal?: AbortSignal): Promise<TDirectoryPage> {
  return api<TDirectoryPage>('GET', `/v1/associations/${encodeURIComponent(assoUid)}/directory`, { query: { page }, signal });
}

/**
 * The spec 01 §8 message of a failed directory page: no answer at all → 'Error de conexión, ¿tienes buen internet?';
 * an answer with the server's msg → that msg; anything else → 'Error al obtener el directorio'.
 */
export function directoryErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return COMMON_MESSAGES.connection;
    if (error.message && error.message !== COMMON_MESSAGES.generic) return error.message;
  }
  return A.directoryFailed;
}

/** Entries without repeats by agency uid plus nickname (spec 01 §3), in the order they came. */
export function uniqueEntries(entries: TDirectoryEntry[]): TDirectoryEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.agency?.uid ?? ''}\u0000${e.client.nickname ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One agent of the directory: photo, nickname, agency name and logo, the biography behind 'Ver biografía'. */
function DirectoryAgent({ entry }: { entry: TDirectoryEntry }) {
  const [open, setOpen] = useState(false);
  const nickname = entry.client.nickname ?? '';
  const bio = entry.client.bio?.trim() || A.noBio;
  return (
    <li className="nj-directory-agent" data-testid="directory-agent">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={entry.client.photo} alt={M.agentPhoto(nickname)} radius="xl" size={48}>{nickname.slice(0, 1).toUpperCase()}</Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm">{nickname}</Text>
          {entry.agency ? (
            <Group gap={6} wrap="nowrap">
              {entry.agency.logo ? <img src={entry.agency.logo} alt={M.agencyLogo(entry.agency.name)} width={20} height={20} className="nj-directory-logo" /> : null}
              <Text size="xs" c="dimmed" truncate>{entry.agency.name}</Text>
            </Group>
          ) : null}
          <UnstyledButton onClick={() => setOpen((v) => !v)} aria-expanded={open} className="nj-directory-bio-toggle">
            <Text size="xs" c="dark.6" td="underline">{open ? M.hideBio : M.showBio}</Text>
          </UnstyledButton>
          {open ? <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="directory-bio">{bio}</Text> : null}
        </Stack>
      </Group>
    </li>
  );
}

/**
 * The directory side panel of an association's site (spec 01 §2 'Association sites', §7, §8; issue 15): title
 * 'Directorio', the member agencies' agents page by page as the list is scrolled (an empty page means no more),
 * without repeats; a failed page shows its message as a danger toast (directoryErrorText).
 */
export function DirectoryPanel({ site, opened, onClose }: { site: TSite; opened: boolean; onClose: () => void }) {
  const query = useInfiniteQuery({
    queryKey: ['site-directory', site.uid],
    queryFn: ({ pageParam, signal }) => getDirectory(site.uid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.agents.length === 0 ? undefined : lastParam + 1),
    enabled: opened,
    retry: 0,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (query.isError) toast('danger', directoryErrorText(query.error));
  }, [query.isError, query.errorUpdatedAt, query.error]);

  useEffect(() => {
    const el = sentinel.current;
    if (!opened || !el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [opened, hasNextPage, isFetchingNextPage, fetchNextPage, query.data]);

  const agents = uniqueEntries(query.data?.pages.flatMap((p) => p.agents) ?? []);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={A.directoryTitle} data-testid="directory-panel"
      closeButtonProps={{ 'aria-label': ACCOUNTS_UI_MESSAGES.close }}>
      {query.isLoading ? <Center py="xl"><Loader aria-label={ACCOUNTS_UI_MESSAGES.loading} /></Center> : null}
      {!query.isLoading && agents.length === 0 && !query.isError ? <Text c="dimmed" size="sm" role="status">{M.directoryEmpty}</Text> : null}
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {agents.map((entry) => <DirectoryAgent key={`${entry.agency?.uid ?? ''}-${entry.client.nickname ?? ''}`} entry={entry} />)}
      </Stack>
      <div ref={sentinel} aria-hidden="true" className="nj-sentinel" />
      {isFetchingNextPage ? <Center py="sm"><Loader size="sm" aria-label={ACCOUNTS_UI_MESSAGES.loading} /></Center> : null}
    </Drawer>
  );
}

/**
 * The 'Directorio' button of /propiedades on an association's site that is not the super association (spec 01 §2);
 * nothing elsewhere. Opens DirectoryPanel.
 */
export function DirectoryButton() {
  const site = useSite();
  const [opened, { open, close }] = useDisclosure(false);
  if (!site || site.kind !== 'association' || site.is_super) return null;
  return (
    <>
      <Button size="xs" variant="filled" onClick={open} mt={6} data-testid="directory-button">{A.directoryTitle}</Button>
      <DirectoryPanel site={site} opened={opened} onClose={close} />
    </>
  );
}
