import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts/listings-import/page-messages';
import type { TListingImport } from '@nj/contracts/listings-import/page-schemas';

const STATUS_COLORS: Record<string, string> = { planned: 'gray', running: 'blue', done: 'teal', failed: 'red', undone: 'gray' };
const dateFormat = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' });

/**
 * The client's imports (issue 10 "each import is recorded (who, when, file name, counts) and can be undone"): file,
 * date, status, counts, and 'Deshacer importación' behind a confirmation on each finished one.
 */
export function ImportHistory(props: { imports: TListingImport[]; onUndo: (id: string) => Promise<void>; onOpen: (item: TListingImport) => void }) {
  const [confirming, setConfirming] = useState<TListingImport | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="import-history-title">
      <Title order={2} fz={20} id="import-history-title">{M.historyTitle}</Title>
      {props.imports.length === 0 ? <Text c="dimmed">{M.historyEmpty}</Text> : null}
      {props.imports.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" data-testid="import-history-item">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{item.file_name}</Text>
                <Badge color={STATUS_COLORS[item.status]} variant="light">{M.statusLabels[item.status]}</Badge>
              </Group>
              <Text size="sm" c="dimmed">{M.createdAt(dateFormat.format(new Date(item.created_at)))}</Text>
              {item.status === 'done' || item.status === 'undone' ? <Text size="sm">{M.outcome(item)}</Text> : null}
              {item.status === 'running' ? <Text size="sm">{M.progress(item.rows_done, item.rows_total)}</Text> : null}
              {item.error ? <Text size="sm" c="red.8">{item.error}</Text> : null}
            </Stack>
            <Group gap="xs">
              {item.status === 'running' ? (
                <Button variant="light" size="xs" onClick={() => props.onOpen(item)}>{M.statusLabels[item.status]}</Button>
              ) : null}
              {item.status === 'done' || item.status === 'failed' ? (
                <Button variant="outline" color="red.9" size="xs" onClick={() => setConfirming(item)}>{M.undo}</Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ))}
      <Modal opened={!!confirming} onClose={() => setConfirming(null)} title={M.undoConfirmTitle} centered>
        <Text size="sm">{M.undoConfirmBody}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)}>{M.cancel}</Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              if (!confirming) return;
              setBusy(true);
              try {
                await props.onUndo(confirming.id);
                setConfirming(null);
              } finally {
                setBusy(false);
              }
            }}
          >
            {M.undoConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
