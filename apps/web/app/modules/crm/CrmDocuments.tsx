import { useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { CRM_MESSAGES as M } from '@nj/contracts/crm/messages';
import { formatCrmBytes } from '@nj/contracts/crm/vocabulary';
import type { TCrmDocument } from '@nj/contracts/crm/schemas';
import { DOCUMENT_ACCEPT } from '@nj/contracts/documents/constants';
import { DOCUMENT_MESSAGES } from '@nj/contracts/documents/messages';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { CRM_KEYS, crmDocumentUrl, deleteCrmDocument, getCrmDocuments, uploadCrmDocument } from './crm-api.ts';

/** FileInput's placeholder at AA contrast (Mantine's default grey is lighter than 4.5:1 on white), as the documents section does. */
const FILE_INPUT_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const day = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * The 'Documentos' section of a CRM client's drawer (issue 16 'CRM'; decision 032 'Documents of a CRM client'): the
 * CRM's documents space used of its quota, the client's files (name, size, date, who uploaded; download and delete
 * after a confirmation) and an upload control. Errors are the API's Spanish msg.
 * @param props.uid the CRM client's uid
 */
export function CrmDocuments({ uid }: { uid: string }) {
  const queries = useQueryClient();
  const docs = useQuery({ queryKey: CRM_KEYS.docs(uid), queryFn: ({ signal }) => getCrmDocuments(uid, signal), retry: 0 });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TCrmDocument | null>(null);
  const titleId = `crm-docs-${uid}`;

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadCrmDocument(uid, file);
      toast('success', M.docUploaded);
      setFile(null);
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
    } catch (err) {
      setError(errorMessage(err, M.loadError));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (doc: TCrmDocument) => {
    setBusy(true);
    try {
      await deleteCrmDocument(uid, doc.duid);
      toast('success', M.docDeleted);
      setDeleting(null);
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
    } finally {
      setBusy(false);
    }
  };

  const data = docs.data;
  const percent = data ? Math.min(100, (data.space.used_bytes / Math.max(1, data.space.quota_bytes)) * 100) : 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="crm-documents">
      <Title order={3} fz="md" id={titleId}>{M.docsTitle}</Title>
      {docs.isLoading ? <Loader size="sm" aria-label={M.docsTitle} /> : docs.isError || !data ? <Alert color="red">{errorMessage(docs.error, M.loadError)}</Alert> : (
        <>
          <Stack gap={4}>
            <Progress.Root size="sm">
              <Progress.Section value={Math.max(percent, data.space.used_bytes > 0 ? 1 : 0)} color={percent > 90 ? 'red' : 'teal'} aria-label={M.docsSpaceLabel} />
            </Progress.Root>
            <Text size="xs" c="dimmed" data-testid="crm-docs-space">{M.docsUsed(formatCrmBytes(data.space.used_bytes), formatCrmBytes(data.space.quota_bytes))}</Text>
          </Stack>
          {data.docs.length === 0 ? <Text size="sm" c="dimmed">{M.docsEmpty}</Text> : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {data.docs.map((d) => (
                <Group key={d.duid} component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{d.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[formatCrmBytes(d.size_bytes), day(d.created_at), M.docsBy(d.uploaded_by?.nickname ?? M.docsUnknownUploader)].join(' · ')}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Button component="a" href={crmDocumentUrl(uid, d.duid)} download={d.name} size="compact-xs" variant="light" aria-label={`${M.docsDownload}: ${d.name}`}>
                      {M.docsDownload}
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" disabled={busy} onClick={() => setDeleting(d)} aria-label={`${M.docsDelete}: ${d.name}`}>
                      {M.docsDelete}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
      <form onSubmit={(e) => { e.preventDefault(); void upload(); }}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <FileInput
            label={M.docsFile} description={M.docsHelp} placeholder={DOCUMENT_MESSAGES.chooseFile} styles={FILE_INPUT_STYLES} accept={DOCUMENT_ACCEPT} value={file} clearable error={error}
            onChange={(f) => { setFile(f); setError(null); }} style={{ flex: '1 1 240px', minWidth: 0 }} size="xs"
          />
          <Button type="submit" size="xs" disabled={!file} loading={busy}>{M.docsUpload}</Button>
        </Group>
      </form>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={M.docsDeleteTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{deleting ? M.docsDeleteConfirm(deleting.name) : null}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setDeleting(null)}>{M.cancel}</Button>
            <Button color="red.9" loading={busy} onClick={() => deleting && void remove(deleting)}>{M.docsDelete}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
