import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import type { StaffAuditEntry } from '@nj/contracts/staff-db/schemas';
import { columnOf, formatStaffValue, tableName, whenText } from './format-staff-value.ts';

const actionName = (a: string) => M.auditActions[a] ?? a;
const who = (e: StaffAuditEntry) => e.actor_name ?? e.actor_cuid;
const columnName = (e: StaffAuditEntry) => columnOf(e.rtable, e.rcolumn)?.label ?? e.rcolumn ?? M.none;
const value = (e: StaffAuditEntry, v: unknown) => formatStaffValue(columnOf(e.rtable, e.rcolumn), v);

/** One audit row as a card (phones, and the record's history). */
function AuditCard({ e, showRecord }: { e: StaffAuditEntry; showRecord: boolean }) {
  return (
    <Card withBorder padding="sm" data-testid="audit-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">{actionName(e.action)}{e.rcolumn ? ` · ${columnName(e)}` : ''}</Text>
          <Text size="xs" c="dimmed">{whenText(e.created_at)}</Text>
        </Group>
        {showRecord && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{tableName(e.rtable)} · {e.rkey}</Text>}
        {e.action === 'write' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">{M.oldValue}: </Text>{value(e, e.old_value)}
            {' → '}
            <Text span c="dimmed" size="sm">{M.newValue}: </Text>{value(e, e.new_value)}
          </Text>
        )}
        {e.reason && <Text size="sm" style={{ overflowWrap: 'anywhere' }}><Text span c="dimmed" size="sm">{M.reason}: </Text>{e.reason}</Text>}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{M.who}: {who(e)}{e.tuid ? ` · ${M.ticket}: ${e.tuid}` : ''}</Text>
      </Stack>
    </Card>
  );
}

/** Audit rows as cards (the record's history, and the audit page on phones). */
export function AuditCards({ entries, showRecord }: { entries: StaffAuditEntry[]; showRecord: boolean }) {
  return <Stack gap="xs">{entries.map((e) => <AuditCard key={e.id} e={e} showRecord={showRecord} />)}</Stack>;
}

/** Audit rows as a table (the audit page on desktop; scrolls sideways inside its frame when narrow). */
export function AuditTable({ entries }: { entries: StaffAuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped verticalSpacing="xs" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.when}</Table.Th><Table.Th>{M.who}</Table.Th><Table.Th>{M.actionLabel}</Table.Th><Table.Th>{M.table}</Table.Th>
            <Table.Th>{M.record}</Table.Th><Table.Th>{M.column}</Table.Th><Table.Th>{M.oldValue}</Table.Th><Table.Th>{M.newValue}</Table.Th>
            <Table.Th>{M.reason}</Table.Th><Table.Th>{M.ticket}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenText(e.created_at)}</Table.Td>
              <Table.Td>{who(e)}</Table.Td>
              <Table.Td>{actionName(e.action)}</Table.Td>
              <Table.Td>{tableName(e.rtable)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">{e.rkey}</Table.Td>
              <Table.Td>{e.rcolumn ? columnName(e) : M.none}</Table.Td>
              <Table.Td maw={200} style={{ overflowWrap: 'anywhere' }}>{e.action === 'write' ? value(e, e.old_value) : M.none}</Table.Td>
              <Table.Td maw={200} style={{ overflowWrap: 'anywhere' }}>{e.action === 'write' ? value(e, e.new_value) : M.none}</Table.Td>
              <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>{e.reason ?? M.none}</Table.Td>
              <Table.Td ff="monospace" fz="xs">{e.tuid ?? M.none}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
