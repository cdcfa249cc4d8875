import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { REFERENCES_MESSAGES as M } from '@nj/contracts/references/messages';
import { toast } from '../toast/toast.ts';
import { deleteReference, getReferences, postReference, remindReference, type TReference, type TReftype } from './api.ts';
import { useSession } from './session.tsx';

type Row = { key: number; name: string; phone_number: string; reftype: TReftype };
let rowKey = 0;
const REFTYPES: TReftype[] = ['work', 'family', 'friend'];

/**
 * Modal 10, personal references (spec 02 §3–§5): saved references with their state (confirmed / not yet
 * confirmed, remind, delete) and local rows (name, phone, relation) that can be added and removed before saving.
 * 7 are required: 6 friends or family and 1 work. A row is sent only when type, name and phone are all filled.
 */
export function ReferencesForm() {
  const { showError } = useSession();
  const [saved, setSaved] = useState<TReference[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);

  const load = () => getReferences().then(setSaved).catch((err) => showError(err, M.fetchError));
  useEffect(() => { void load(); }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const addRow = () => setRows((r) => [...r, { key: ++rowKey, name: '', phone_number: '', reftype: saved.some((s) => s.reftype === 'work') || r.some((x) => x.reftype === 'work') ? 'friend' : 'work' }]);
  const update = (key: number, patch: Partial<Row>) => setRows((r) => r.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const complete = rows.filter((r) => r.reftype && r.name.trim() && r.phone_number.trim());

  const save = async () => {
    if (!complete.length) return;
    setBusy(true);
    try {
      await postReference(complete.map((r) => ({ name: r.name.trim(), phone_number: r.phone_number.trim(), reftype: r.reftype })));
      toast('success', M.saved);
      setRows((r) => r.filter((x) => !complete.includes(x)));
      await load();
    } catch (err) {
      showError(err, M.createError);
    } finally {
      setBusy(false);
    }
  };
  const remind = async (phone: string) => {
    try {
      await remindReference(phone);
      toast('success', M.reminded);
    } catch (err) {
      showError(err, COMMON_MESSAGES.thereWasError);
    }
  };
  const remove = async (phone: string) => {
    try {
      await deleteReference(phone);
      setSaved((s) => s.filter((x) => x.phone_number !== phone));
    } catch (err) {
      showError(err, M.deleteError);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">{M.title}</Title>
      <Text size="sm" c="dimmed">{M.required} {M.progress(saved.length)}</Text>
      {saved.map((r) => (
        <Paper key={r.phone_number} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={600}>{r.name}</Text>
              <Text size="sm" c="dimmed">{r.phone_number} · {M.reftypeLabels[r.reftype]}</Text>
            </Stack>
            <Group gap="xs">
              <Badge color={r.is_confirmed ? 'teal' : 'yellow'} variant="light">{r.is_confirmed ? M.confirmed : M.notConfirmed}</Badge>
              {!r.is_confirmed ? <Button size="xs" variant="light" onClick={() => void remind(r.phone_number)}>{M.remind}</Button> : null}
              <Button size="xs" variant="subtle" color="red" onClick={() => void remove(r.phone_number)}>{M.delete}</Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {rows.map((r, i) => (
        <Group key={r.key} align="flex-end" gap="xs" wrap="wrap" role="group" aria-label={`${M.addRow} ${i + 1}`}>
          <TextInput label={M.nameInput} value={r.name} onChange={(e) => update(r.key, { name: e.currentTarget.value })} style={{ flex: '1 1 160px' }} />
          <TextInput label={M.phoneInput} type="tel" value={r.phone_number} onChange={(e) => update(r.key, { phone_number: e.currentTarget.value })} style={{ flex: '1 1 140px' }} />
          <NativeSelect label={M.relationLabel} value={r.reftype} data={REFTYPES.map((t) => ({ value: t, label: M.reftypeLabels[t] }))}
            onChange={(e) => update(r.key, { reftype: e.currentTarget.value as TReftype })} style={{ flex: '0 1 130px' }} />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={M.removeRow} onClick={() => setRows((x) => x.filter((y) => y.key !== r.key))}>×</ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <Button variant="default" onClick={addRow} disabled={saved.length + rows.length >= 7}>{M.addRow}</Button>
        {rows.length ? <Button onClick={() => void save()} loading={busy} disabled={!complete.length}>{M.saveAll}</Button> : null}
      </Group>
    </Stack>
  );
}
