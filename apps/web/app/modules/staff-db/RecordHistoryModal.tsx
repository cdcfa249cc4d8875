import { Center, Loader, Modal, Text, Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import type { StaffDbTable } from '@nj/contracts/staff-db/schemas';
import { errorMessage } from '../accounts/api.ts';
import { AuditCards } from './AuditEntries.tsx';
import { getAudit, staffDbKeys } from './staff-db-api.ts';

/** A record's audit history (newest first, the latest 20 changes) in a modal: GET /v1/tickets/db/audit?rtable&rkey. */
export function RecordHistoryModal({ record, onClose }: { record: { rtable: StaffDbTable; rkey: string } | null; onClose: () => void }) {
  const q = record ? { page: 1, rtable: record.rtable, rkey: record.rkey } : null;
  const query = useQuery({
    queryKey: staffDbKeys.audit(q ?? { page: 1 }), queryFn: ({ signal }) => getAudit(q!, signal), enabled: q !== null, retry: 0,
  });
  return (
    <Modal opened={record !== null} onClose={onClose} title={record ? M.historyOf(record.rkey) : ''} size="lg" centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      {query.isLoading && <Center py="lg"><Loader aria-label={M.auditLoaded} /></Center>}
      {query.isError && <Alert color="red" role="alert">{errorMessage(query.error, M.editError)}</Alert>}
      {query.data && (query.data.entries.length === 0
        ? <Text c="dimmed" role="status">{M.noHistory}</Text>
        : <div data-testid="record-history"><AuditCards entries={query.data.entries} showRecord={false} /></div>)}
    </Modal>
  );
}
