import { useState } from 'react';
import { Alert, Button, Card, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import type { TStaffNoteTable } from '@nj/contracts/staff-panel/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { addNote, getNotes, staffKeys, when } from './staff-api.ts';

/**
 * The internal notes of one record (issue 14; spec 03 §7 POST /v1/notes), staff only: newest first, and a box to add
 * one. `label` names the record ('Ticket', 'Autor', 'Propiedad', 'Renta').
 */
export function StaffNotes({ rtable, rkey, label }: { rtable: TStaffNoteTable; rkey: string; label: string }) {
  const client = useQueryClient();
  const key = staffKeys.notes(rtable, rkey);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getNotes(rtable, rkey, signal), retry: 0 });
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `notes-${rtable}`;
  const save = () => {
    setBusy(true);
    addNote(rtable, rkey, body.trim())
      .then(() => {
        setBody('');
        toast('success', M.noteAdded);
        return client.invalidateQueries({ queryKey: key });
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.noteBody)))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={id} data-testid={`staff-notes-${rtable}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={id}>{label}</Title>
        {query.isLoading ? <Loader size="sm" aria-label={M.notesLoaded} />
          : query.isError ? <Alert color="red">{errorMessage(query.error, M.loadError)}</Alert>
            : query.data!.notes.length === 0 ? <Text size="sm" c="dimmed">{M.noNotes}</Text>
              : query.data!.notes.map((n) => (
                <Stack key={n.nuid} gap={0}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.body}</Text>
                  <Text size="xs" c="dimmed">{n.author_nickname ?? '—'} · {when(n.created_at)}</Text>
                </Stack>
              ))}
        <Textarea label={M.noteLabel} aria-label={`${M.noteLabel}: ${label}`} value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={2} maxLength={5000} />
        <Button size="xs" variant="light" onClick={save} disabled={body.trim() === ''} loading={busy} style={{ alignSelf: 'flex-start' }}>{M.addNote}</Button>
      </Stack>
    </Card>
  );
}
