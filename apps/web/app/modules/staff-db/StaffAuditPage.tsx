import { Link } from 'react-router';
import { Alert, Anchor, Card, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import { STAFF_DB_TABLES } from '@nj/contracts/staff-db/schemas';
import { errorMessage } from '../accounts/api.ts';
import { StaffFrame } from '../staff-panel/StaffGate.tsx';
import { AuditCards, AuditTable } from './AuditEntries.tsx';
import { StaffPager } from './StaffPager.tsx';
import { getAudit, staffDbKeys } from './staff-db-api.ts';
import { useUrlFilters } from '../staff-panel/use-url-filters.ts';

/** Tables the filter offers: the view's three and the tickets (the panel's grab, close and complete). */
const FILTER_TABLES = [...STAFF_DB_TABLES, 'tickets'] as const;

/**
 * /db/auditoria (issue 14 'a staff-only audit page'): every row of the staff audit log, newest first, 20 a page,
 * filtered by table (?tabla&page). A table on desktop (scrolling sideways inside its frame), cards on phones. Read
 * only: nothing on the page (or in the API) changes the log.
 */
export function StaffAuditPage() {
  const { params, page, set } = useUrlFilters();
  const rtable = (FILTER_TABLES as readonly string[]).includes(params.get('tabla') ?? '') ? params.get('tabla')! : undefined;
  const q = { page, rtable };
  const query = useQuery({ queryKey: staffDbKeys.audit(q), queryFn: ({ signal }) => getAudit(q, signal), retry: 0, placeholderData: keepPreviousData });

  let body;
  if (query.isLoading) body = <Center py={60}><Loader aria-label={M.auditLoaded} /></Center>;
  else if (query.isError || !query.data) body = <Alert color="red" role="alert">{errorMessage(query.error, M.auditLoaded)}</Alert>;
  else if (query.data.entries.length === 0) body = <Text c="dimmed" py="lg" role="status">{M.noHistory}</Text>;
  else {
    const d = query.data;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">{M.total(d.total)}</Text>
        <Stack hiddenFrom="sm" data-testid="audit-cards"><AuditCards entries={d.entries} showRecord /></Stack>
        <Card withBorder padding={0} visibleFrom="sm"><AuditTable entries={d.entries} /></Card>
        <StaffPager pages={d.pages} page={page} onChange={(p) => set({ page: String(p) })} />
      </Stack>
    );
  }

  return (
    <StaffFrame>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={1} size="h2">{M.auditPageTitle}</Title>
          <Anchor component={Link} to="/db" size="sm">{M.backToDb}</Anchor>
        </Group>
        <Text c="dimmed">{M.auditIntro}</Text>
        <Select label={M.table} value={rtable ?? ''} maw={320} allowDeselect={false}
          data={[{ value: '', label: M.allTables }, ...FILTER_TABLES.map((t) => ({ value: t, label: M.tables[t]! }))]}
          onChange={(v) => set({ tabla: v || null })} />
        {body}
      </Stack>
    </StaffFrame>
  );
}
