import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import {
  STAFF_DB_COLUMNS, STAFF_DB_KEYS, STAFF_DB_TABLES, type StaffDbColumn, type StaffDbTable, type StaffDbValue,
} from '@nj/contracts/staff-db/schemas';
import { errorMessage } from '../accounts/api.ts';
import { StaffFrame } from '../staff-panel/StaffGate.tsx';
import { EditValueModal, type EditTarget } from './EditValueModal.tsx';
import { formatStaffValue } from './format-staff-value.ts';
import { RecordHistoryModal } from './RecordHistoryModal.tsx';
import { StaffPager } from './StaffPager.tsx';
import { RecordIdHover } from './RecordIdHover.tsx';
import { browseTable, staffDbKeys } from './staff-db-api.ts';
import { useUrlFilters } from '../staff-panel/use-url-filters.ts';

/** One cell: an id with hover info, a value, and 'Editar' when the column is on the allow-list. */
function Cell({ rtable, rkey, column, value, onEdit }: {
  rtable: StaffDbTable; rkey: string; column: StaffDbColumn; value: StaffDbValue; onEdit: (t: EditTarget) => void;
}) {
  const long = column.kind === 'longtext' || column.key === 'title';
  const content = column.kind === 'id' && column.ref && typeof value === 'string'
    ? <RecordIdHover rtable={column.ref} uid={value} />
    : <Text size="sm" lineClamp={long ? 2 : undefined} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>{formatStaffValue(column, value)}</Text>;
  return (
    <Table.Td data-testid={`cell-${column.key}`} miw={long ? 240 : undefined} maw={long ? 320 : undefined}
      style={{ whiteSpace: long ? undefined : 'nowrap', verticalAlign: 'top' }}>
      {column.editable ? (
        <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
          {content}
          <Button size="compact-xs" variant="light" style={{ flexShrink: 0 }} aria-label={M.editCell(column.label, rkey)} onClick={() => onEdit({ rtable, rkey, column, value })}>
            {M.edit}
          </Button>
        </Group>
      ) : content}
    </Table.Td>
  );
}

/**
 * /db (issue 14 'The database view'; spec 01 §2, spec 03 §6 'Staff/support'): support users pick Clientes,
 * Propiedades or Transacciones, search (per table: see decision 026), page through 20 rows at a time, see hover info
 * on ids (pointer or keyboard focus), open a record's audit history, and edit an allow-listed value with a reason
 * (EditValueModal). The table scrolls sideways inside its frame on narrow screens; the page itself never does. State in
 * the URL: ?tabla&q&page.
 */
export function StaffDbPage() {
  const { params, page, set } = useUrlFilters();
  const rtable = (STAFF_DB_TABLES as readonly string[]).includes(params.get('tabla') ?? '') ? params.get('tabla') as StaffDbTable : 'clients';
  const search = (params.get('q') ?? '').slice(0, 100);
  const [draft, setDraft] = useState(search);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [history, setHistory] = useState<{ rtable: StaffDbTable; rkey: string } | null>(null);
  const query = useQuery({
    queryKey: staffDbKeys.page(rtable, page, search), queryFn: ({ signal }) => browseTable(rtable, page, search, signal),
    retry: 0, placeholderData: keepPreviousData,
  });
  const columns = STAFF_DB_COLUMNS[rtable];
  const keyColumn = STAFF_DB_KEYS[rtable];

  let body;
  if (query.isLoading) body = <Center py={60}><Loader aria-label={M.loaded} /></Center>;
  else if (query.isError || !query.data) body = <Alert color="red" role="alert">{errorMessage(query.error, M.loaded)}</Alert>;
  else if (query.data.rtable !== rtable || query.data.rows.length === 0) {
    body = query.isFetching ? <Center py={60}><Loader aria-label={M.loaded} /></Center> : <Text c="dimmed" py="lg" role="status">{M.empty}</Text>;
  } else {
    const d = query.data;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">{M.total(d.total)}</Text>
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={Math.max(900, columns.length * 150)} type="native">
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="staff-db-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{M.actions}</Table.Th>
                  {columns.map((c) => <Table.Th key={c.key} style={{ whiteSpace: 'nowrap' }}>{c.label}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.rows.map((row) => {
                  const rkey = String(row[keyColumn]);
                  return (
                    <Table.Tr key={rkey} data-testid="staff-db-row" data-rkey={rkey}>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Button size="compact-xs" variant="default" aria-label={M.historyOf(rkey)} onClick={() => setHistory({ rtable, rkey })}>{M.history}</Button>
                      </Table.Td>
                      {columns.map((c) => <Cell key={c.key} rtable={rtable} rkey={rkey} column={c} value={row[c.key] ?? null} onEdit={setEditing} />)}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <StaffPager pages={d.pages} page={page} onChange={(p) => set({ page: String(p) })} />
      </Stack>
    );
  }

  return (
    <StaffFrame>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={1} size="h2">{M.pageTitle}</Title>
          <Anchor component={Link} to="/db/auditoria" size="sm">{M.auditLink}</Anchor>
        </Group>
        <Text c="dimmed">{M.intro}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="staff-db-table-label">{M.tableLabel}</Text>
          <SegmentedControl aria-labelledby="staff-db-table-label" value={rtable} fullWidth maw={520}
            onChange={(v) => { setDraft(''); set({ tabla: v === 'clients' ? null : v, q: null }); }}
            data={STAFF_DB_TABLES.map((t) => ({ value: t, label: M.tables[t]! }))} />
        </Stack>
        <form role="search" onSubmit={(e) => { e.preventDefault(); set({ q: draft.trim() || null }); }}>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput label={M.searchLabel} placeholder={M.searchPlaceholder[rtable]} value={draft} onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={100} style={{ flex: 1 }} maw={520} type="search" />
            <Button type="submit">{M.searchButton}</Button>
          </Group>
        </form>
        {body}
      </Stack>
      <EditValueModal target={editing} onClose={() => setEditing(null)} />
      <RecordHistoryModal record={history} onClose={() => setHistory(null)} />
    </StaffFrame>
  );
}
