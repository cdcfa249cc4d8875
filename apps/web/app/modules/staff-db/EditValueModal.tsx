import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import { STAFF_EDIT_REASON_MAX, STAFF_EDIT_REASON_MIN, type StaffDbColumn, type StaffDbTable, type StaffDbValue } from '@nj/contracts/staff-db/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { formatStaffValue } from './format-staff-value.ts';
import { editValue, staffDbKeys } from './staff-db-api.ts';

/** What is being edited: one column of one record and its value now. */
export type EditTarget = { rtable: StaffDbTable; rkey: string; column: StaffDbColumn; value: StaffDbValue };

/** The input's starting text for the current value. */
function initialText(column: StaffDbColumn, value: StaffDbValue): string {
  if (value === null) return '';
  if (column.kind === 'bool') return value ? 'true' : 'false';
  return String(value);
}

/** The input for the new value by the column's kind (the server converts and checks it: spec 03 §5). */
function ValueInput({ column, value, onChange }: { column: StaffDbColumn; value: string; onChange: (v: string) => void }) {
  const label = M.newValueLabel;
  const description = column.nullable ? M.emptyMeansNone : undefined;
  if (column.kind === 'bool') {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500} id="staff-edit-bool">{label}</Text>
        <SegmentedControl aria-labelledby="staff-edit-bool" value={value} onChange={onChange}
          data={[{ value: 'true', label: M.yes }, { value: 'false', label: M.no }]} />
      </Stack>
    );
  }
  if (column.kind === 'enum') {
    return <Select label={label} value={value || null} onChange={(v) => onChange(v ?? '')} allowDeselect={false} data={(column.options ?? []).map((o) => ({ value: o, label: column.labels?.[o] ?? o }))} />;
  }
  if (column.kind === 'longtext') {
    return <Textarea label={label} description={description} value={value} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={3} maxRows={10} maxLength={column.max} />;
  }
  if (column.kind === 'date') return <TextInput label={label} description={description} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  const numeric = column.kind === 'int' || column.kind === 'float';
  return (
    <TextInput label={label} description={description} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-autofocus
      inputMode={numeric ? (column.kind === 'int' ? 'numeric' : 'decimal') : undefined} maxLength={column.max ?? 40} />
  );
}

/**
 * The edit-with-reason modal of the database view (spec 03 §3 'Staff edit request', §5): the new value, the reason
 * (more than 16 characters: until then 'El mensaje es demasiado corto' and the button stays disabled) and an optional
 * ticket id. Saving sends POST /v1/tickets/db/edit; the server's Spanish msg is shown when it refuses ('Error al
 * editar apartado' when it gives none). On success the table and the record's history are refreshed.
 */
export function EditValueModal({ target, onClose }: { target: EditTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? M.editTitle(target.column.label) : ''} size="lg" centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      {target && <EditForm key={`${target.rtable}:${target.rkey}:${target.column.key}`} target={target} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(() => initialText(target.column, target.value));
  const [reason, setReason] = useState('');
  const [tuid, setTuid] = useState('');
  const reasonOk = reason.trim().length > STAFF_EDIT_REASON_MIN;
  const mutation = useMutation({
    mutationFn: () => {
      const newval = target.column.kind === 'bool' ? value === 'true' : value;
      return editValue({ action: 'write', rtable: target.rtable, rkey: target.rkey, rcolumn: target.column.key, newval, comment: reason.trim(), tuid: tuid.trim() || undefined });
    },
    onSuccess: async () => {
      toast('success', M.edited);
      await queryClient.invalidateQueries({ queryKey: staffDbKeys.all });
      onClose();
    },
  });
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (reasonOk) mutation.mutate(); }}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">{M.record}: </Text>{M.tables[target.rtable]} · {target.rkey}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="edit-current">
          <Text span c="dimmed" size="sm">{M.currentValue}: </Text>{formatStaffValue(target.column, target.value)}
        </Text>
        <ValueInput column={target.column} value={value} onChange={setValue} />
        <Textarea label={M.reasonLabel} description={M.reasonHelp} required value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          autosize minRows={2} maxRows={6} maxLength={STAFF_EDIT_REASON_MAX}
          error={reason.length > 0 && !reasonOk ? M.reasonTooShort : undefined} />
        <TextInput label={M.ticketLabel} description={M.ticketHelp} value={tuid} onChange={(e) => setTuid(e.currentTarget.value)} maxLength={100} />
        {mutation.isError && <Alert color="red" role="alert">{errorMessage(mutation.error, M.editError)}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{M.cancel}</Button>
          <Button type="submit" disabled={!reasonOk} loading={mutation.isPending}>{M.save}</Button>
        </Group>
      </Stack>
    </form>
  );
}
