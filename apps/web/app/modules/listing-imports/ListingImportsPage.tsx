import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Center, Container, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/dropzone/styles.layer.css';
import { Dropzone } from '@mantine/dropzone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MY_PROPERTIES_MESSAGES } from '@nj/contracts/my-properties/messages';
import { IMPORT_PAGE_MESSAGES as M, IMPORT_TARGET_LABELS } from '@nj/contracts/listings-import/page-messages';
import {
  LISTING_IMPORT_LIMITS, type TImportTarget, type TListingImport, type TListingImportDryRun, type TListingImportPlan,
} from '@nj/contracts/listings-import/page-schemas';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { ApiError } from '../api/client.ts';
import { NavBar } from '../layout/NavBar.tsx';
import { toast } from '../toast/toast.ts';
import {
  dryRunListingImport, getListingImport, LISTING_IMPORTS_QUERY_KEY, listListingImports, putListingImportMapping,
  runListingImport, undoListingImport, uploadListingImport,
} from './api.ts';
import { ColumnsTable, columnTarget } from './ColumnsTable.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { ImportReport } from './ImportReport.tsx';
import { PreviewCards } from './PreviewCards.tsx';

/** The address parameter naming the import on screen. */
const ID_PARAM = 'importacion';

/** How often the page asks for the progress of a running import (ms). */
const POLL_MS = 1500;

/** Files the picker offers (the server checks the content whatever the name says). */
const ACCEPT = {
  'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt', '.tsv'], 'application/vnd.ms-excel': ['.csv', '.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'], 'application/gzip': ['.gz'],
};

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : M.jobFailed);

/**
 * /mis-propiedades/importar (issue 10 "An import page for agents and owners"): upload a CSV or XLSX, see the detected
 * layout and choose what each column holds, preview the first rows as cards, 'Probar sin importar' (dry run), then
 * 'Importar' with a progress bar polled every 1.5 s, and the grouped report at the end. The client's imports are
 * listed below (each finished one can be undone); after a reload the page shows the running import again.
 */
export function ListingImportsPage() {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<{ item: TListingImport; plan: TListingImportPlan | null } | null>(null);
  const [dryRun, setDryRun] = useState<TListingImportDryRun | null>(null);
  const [busy, setBusy] = useState<'upload' | 'mapping' | 'dry-run' | 'run' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [params, setParams] = useSearchParams();
  const imports = useQuery({ queryKey: LISTING_IMPORTS_QUERY_KEY, queryFn: ({ signal }) => listListingImports(signal), enabled: registered, retry: 0 });

  // The import on screen is kept in the address (?importacion=…), so a reload shows it again; without one, a running
  // import is shown.
  const shown = current?.item.id ?? null;
  const showInAddress = (id: string | null) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (id) next.set(ID_PARAM, id);
    else next.delete(ID_PARAM);
    return next;
  }, { replace: true, preventScrollReset: true });
  useEffect(() => {
    if (shown && params.get(ID_PARAM) !== shown) showInAddress(shown);
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (current || !imports.data) return;
    const wanted = params.get(ID_PARAM);
    const found = imports.data.find((i) => (wanted ? i.id === wanted : i.status === 'running'));
    if (found && found.status !== 'planned') setCurrent({ item: found, plan: null });
  }, [imports.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const runningId = current?.item.status === 'running' ? current.item.id : null;
  const progress = useQuery({
    queryKey: ['listing-import', runningId],
    queryFn: ({ signal }) => getListingImport(runningId!, signal),
    enabled: !!runningId,
    refetchInterval: POLL_MS,
    retry: 2,
  });
  useEffect(() => {
    const polled = progress.data;
    if (!polled || !current || polled.id !== current.item.id) return;
    if (polled.status !== current.item.status || polled.rows_done !== current.item.rows_done) setCurrent({ ...current, item: polled });
    if (polled.status !== 'running') void queryClient.invalidateQueries({ queryKey: LISTING_IMPORTS_QUERY_KEY });
  }, [progress.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const act = async <T,>(kind: NonNullable<typeof busy>, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(kind);
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError(errorText(e));
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  const onFile = (file: File) => act('upload', async () => {
    setDryRun(null);
    const r = await uploadListingImport(file);
    setCurrent({ item: r.import, plan: r.plan });
    void queryClient.invalidateQueries({ queryKey: LISTING_IMPORTS_QUERY_KEY });
  });

  const onColumn = (header: string, target: TImportTarget | null) => act('mapping', async () => {
    if (!current?.plan) return;
    setDryRun(null);
    const columns = current.plan.columns.map((c) => ({ header: c.header, target: c.header === header ? target : columnTarget(c) as TImportTarget | null }));
    const r = await putListingImportMapping(current.item.id, { columns });
    setCurrent({ item: r.import, plan: r.plan });
  });

  const onDryRun = () => act('dry-run', async () => {
    if (current) setDryRun(await dryRunListingImport(current.item.id));
  });

  const onRun = () => act('run', async () => {
    if (!current) return;
    const item = await runListingImport(current.item.id);
    setDryRun(null);
    setCurrent({ ...current, item });
    void queryClient.invalidateQueries({ queryKey: LISTING_IMPORTS_QUERY_KEY });
  });

  const onUndo = async (id: string) => {
    try {
      const r = await undoListingImport(id);
      toast('success', M.undone(r.deactivated));
      if (current?.item.id === id) setCurrent({ ...current, item: r.import });
      await queryClient.invalidateQueries({ queryKey: LISTING_IMPORTS_QUERY_KEY });
    } catch (e) {
      toast('danger', errorText(e));
    }
  };

  let body;
  if (!ready) {
    body = <Center py={80}><Loader aria-label={M.title} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{MY_PROPERTIES_MESSAGES.visitorTitle}</Title>
        <Text c="dimmed" maw={480}>{MY_PROPERTIES_MESSAGES.visitorBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: '/mis-propiedades/importar' })}>{MY_PROPERTIES_MESSAGES.visitorCta}</Button>
      </Stack>
    );
  } else {
    const item = current?.item;
    const plan = current?.plan;
    body = (
      <Stack gap="lg">
        <Text maw={760}>{M.intro}</Text>
        {!current || (item && item.status !== 'planned' && item.status !== 'running') ? (
          <Dropzone
            onDrop={(files) => { if (files[0]) void onFile(files[0]); }}
            onReject={() => setError(M.fileTooLarge)}
            accept={ACCEPT}
            maxSize={LISTING_IMPORT_LIMITS.maxBytes}
            multiple={false}
            loading={busy === 'upload'}
            inputProps={{ 'aria-label': M.fileInputLabel }}
          >
            <Stack align="center" gap={4} py="xl" style={{ pointerEvents: 'none' }}>
              <Text fw={600} ta="center">{M.dropzoneTitle}</Text>
              <Text size="sm" c="dimmed" ta="center">{M.dropzoneHint}</Text>
            </Stack>
          </Dropzone>
        ) : null}
        {error ? <Alert color="red" role="alert" data-testid="import-error">{error}</Alert> : null}

        {item && plan && item.status === 'planned' ? (
          <Stack gap="md" data-testid="import-plan">
            <Text fw={600} data-testid="import-layout">
              {plan.layout === 'mapped' ? M.mappedLayout(plan.format, plan.rows) : M.detectedLayout(M.layoutNames[plan.layout] ?? plan.layout, plan.format, plan.rows)}
            </Text>
            <Stack gap={4}>
              <Title order={2} fz={20}>{M.columnsTitle}</Title>
              <Text size="sm" c="dimmed">{M.columnsHelp}</Text>
            </Stack>
            <ColumnsTable columns={plan.columns} disabled={!!busy} onChange={(h, t) => void onColumn(h, t)} />
            {plan.missing.length ? <Alert color="yellow" data-testid="import-missing">{M.missingFields(plan.missing.map((f) => (IMPORT_TARGET_LABELS as Record<string, string>)[f] ?? M.requiredLabels[f] ?? f))}</Alert>
              : plan.error ? <Alert color="yellow" data-testid="import-missing">{plan.error}</Alert> : null}
            <Title order={2} fz={20}>{M.previewTitle}</Title>
            <PreviewCards rows={plan.preview} />
            <Group gap="sm">
              <Button variant="light" onClick={() => void onDryRun()} loading={busy === 'dry-run'} disabled={!!busy && busy !== 'dry-run'}>{M.dryRun}</Button>
              <Button onClick={() => void onRun()} loading={busy === 'run'} disabled={plan.missing.length > 0 || !!plan.error || (!!busy && busy !== 'run')}>{M.run}</Button>
            </Group>
            {dryRun ? (
              <Paper withBorder p="md" radius="md">
                <ImportReport title={M.dryRunTitle} counts={dryRun} report={dryRun.report} testId="import-dry-run" />
              </Paper>
            ) : null}
          </Stack>
        ) : null}

        {item && item.status === 'running' ? (
          <Paper withBorder p="md" radius="md" data-testid="import-progress">
            <Stack gap="xs">
              <Text fw={600}>{M.running} {item.file_name}</Text>
              <Progress
                value={item.rows_total ? Math.min(100, (100 * item.rows_done) / item.rows_total) : 0}
                size="lg" animated striped aria-label={M.running}
              />
              <Text size="sm" c="dimmed">{M.progress(item.rows_done, item.rows_total)}</Text>
            </Stack>
          </Paper>
        ) : null}

        {item && (item.status === 'done' || item.status === 'failed' || item.status === 'undone') ? (
          <Paper withBorder p="md" radius="md" data-testid="import-result">
            <Stack gap="sm">
              {item.status === 'failed' ? <Alert color="red">{item.error ?? M.jobFailed}</Alert> : null}
              <ImportReport title={`${M.statusLabels[item.status]}: ${item.file_name}`} counts={item} report={item.report} testId="import-report" />
              <Group gap="sm">
                {item.status === 'failed' ? <Button onClick={() => void onRun()} loading={busy === 'run'}>{M.retry}</Button> : null}
                <Button component={Link} to="/mis-propiedades" variant={item.status === 'failed' ? 'default' : 'filled'}>{M.seeMyProperties}</Button>
                <Button variant="default" onClick={() => { setCurrent(null); setDryRun(null); showInAddress(null); }}>{M.newImport}</Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}

        {imports.data ? <ImportHistory imports={imports.data} onUndo={onUndo} onOpen={(i) => setCurrent({ item: i, plan: null })} /> : null}
      </Stack>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <main>
        <Container size="xl" py="lg">
          <Group justify="space-between" align="center" mb="md" gap="sm">
            <Title order={1} fz={{ base: 22, sm: 26 }}>{M.title}</Title>
            <Button component={Link} to="/mis-propiedades" variant="subtle" size="sm">{MY_PROPERTIES_MESSAGES.stats.back}</Button>
          </Group>
          {body}
        </Container>
      </main>
    </>
  );
}
