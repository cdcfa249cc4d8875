import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert, Anchor, Badge, Button, Checkbox, Drawer, FileInput, Group, List, Loader, Modal, Select, Stack, Table, Text, TextInput, Textarea, Timeline, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { CRM_MESSAGES as M } from '@nj/contracts/crm/messages';
import { CRM_STATUSES, CRM_STATUS_LABELS, CRM_TYPES, CRM_TYPE_LABELS, formatCrmBytes, type CrmStatus, type CrmType } from '@nj/contracts/crm/vocabulary';
import type { TCrmClient, TCrmImportResult, TCrmScope } from '@nj/contracts/crm/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { CrmDocuments } from './CrmDocuments.tsx';
import {
  CRM_KEYS, addCrmNote, assignCrmClient, createCrmClient, deleteCrmClient, getCrmClient, getCrmClients, getCrmDocsSpace, importCrmClients, linkCrmProperty,
  unlinkCrmProperty, updateCrmClient, type CrmFilters,
} from './crm-api.ts';

const STATUS_OPTIONS = CRM_STATUSES.map((v) => ({ value: v, label: CRM_STATUS_LABELS[v] }));
const TYPE_OPTIONS = CRM_TYPES.map((v) => ({ value: v, label: CRM_TYPE_LABELS[v] }));
const STATUS_COLORS: Record<CrmStatus, string> = { prospecto: 'gray', contactado: 'blue', en_negociacion: 'yellow', activo: 'teal', cerrado: 'green', perdido: 'red' };
const dateTime = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/** The table's filters from the URL (?s&cstatus&ctype&cassigned_to&compliant&page). */
function useCrmFilters(): [CrmFilters, (patch: Partial<CrmFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: CrmFilters = {
    page: Math.max(1, Number(params.get('page')) || 1), s: params.get('s') ?? '', cstatus: params.get('cstatus') ?? '', ctype: params.get('ctype') ?? '',
    cassigned_to: params.get('cassigned_to') ?? '', compliant: params.get('compliant') ?? '',
  };
  const set = (patch: Partial<CrmFilters>) => setParams((p) => {
    for (const [k, v] of Object.entries({ page: 1, ...patch })) {
      if (v === '' || v === null || v === undefined || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    return p;
  }, { replace: true });
  return [filters, set];
}

type FormState = { name: string; email: string; phone: string; status: CrmStatus; type: CrmType; compliant: boolean };
const EMPTY: FormState = { name: '', email: '', phone: '', status: 'prospecto', type: 'comprador', compliant: false };

/** Create or edit a client (POST /v1/crm/clients, PUT /v1/crm/clients/{uid}). */
function ClientFormModal({ client, opened, onClose }: { client: TCrmClient | null; opened: boolean; onClose: () => void }) {
  const queries = useQueryClient();
  const [f, setF] = useState<FormState>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null | undefined>(undefined);
  if (opened && shownFor !== (client?.uid ?? null)) {
    setShownFor(client?.uid ?? null);
    setF(client ? { name: client.name, email: client.email ?? '', phone: client.phone ?? '', status: client.status, type: client.type, compliant: client.compliant } : EMPTY);
  }
  const close = () => { setShownFor(undefined); onClose(); };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (client) await updateCrmClient(client.uid, f);
      else await createCrmClient(f);
      toast('success', client ? M.updated : M.created);
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
      close();
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={client ? M.editClient : M.newClient} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <TextInput label={M.name} required maxLength={120} value={f.name} onChange={(e) => setF({ ...f, name: e.currentTarget.value })} data-autofocus />
          <TextInput label={M.email} type="email" maxLength={254} value={f.email} onChange={(e) => setF({ ...f, email: e.currentTarget.value })} />
          <TextInput label={M.phone} type="tel" maxLength={20} value={f.phone} onChange={(e) => setF({ ...f, phone: e.currentTarget.value })} />
          <Group grow>
            <Select label={M.status} data={STATUS_OPTIONS} value={f.status} allowDeselect={false} onChange={(v) => v && setF({ ...f, status: v as CrmStatus })} />
            <Select label={M.type} data={TYPE_OPTIONS} value={f.type} allowDeselect={false} onChange={(v) => v && setF({ ...f, type: v as CrmType })} />
          </Group>
          <Checkbox label={M.compliant} description={M.compliantHelp} checked={f.compliant} onChange={(e) => setF({ ...f, compliant: e.currentTarget.checked })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{M.cancel}</Button>
            <Button type="submit" loading={busy}>{M.save}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Import clients from a CSV file (POST /v1/crm/clients/import): good rows kept, bad rows listed by line. */
function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TCrmImportResult | null>(null);
  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await importCrmClients(await file.text());
      setResult(r);
      toast(r.errors.length ? 'info' : 'success', M.imported(r.imported, r.errors.length));
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
    } finally {
      setBusy(false);
    }
  };
  const close = () => { setFile(null); setResult(null); onClose(); };
  return (
    <Modal opened={opened} onClose={close} title={M.importTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <Stack gap="sm">
        <Text size="sm">{M.importHelp}</Text>
        <FileInput label={M.importFile} accept=".csv,text/csv" value={file} onChange={setFile} clearable />
        <Button onClick={() => void run()} disabled={!file} loading={busy} w="fit-content">{M.importButton}</Button>
        {result ? (
          <Alert color={result.errors.length ? 'yellow' : 'teal'} data-testid="crm-import-result">
            <Text size="sm" fw={500}>{M.imported(result.imported, result.errors.length)}</Text>
            {result.errors.length ? <List size="sm" mt="xs">{result.errors.slice(0, 50).map((e) => <List.Item key={e.line}>{e.msg}</List.Item>)}</List> : null}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** One client in a drawer: facts, assignment, linked listings, documents, a note, the timeline. */
function ClientDrawer({ uid, onClose, onEdit }: { uid: string | null; onClose: () => void; onEdit: (c: TCrmClient) => void }) {
  const queries = useQueryClient();
  const detail = useQuery({ queryKey: CRM_KEYS.client(uid ?? ''), queryFn: ({ signal }) => getCrmClient(uid!, signal), enabled: !!uid, retry: 0 });
  const [note, setNote] = useState('');
  const [puid, setPuid] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const act = async (work: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await work();
      toast('success', ok);
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
      return true;
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
      return false;
    } finally {
      setBusy(false);
    }
  };
  // Deleting closes the drawer first, so the list refreshes without asking for the client that is gone.
  const remove = async (clientUid: string) => {
    setBusy(true);
    try {
      await deleteCrmClient(clientUid);
      toast('success', M.clientDeleted);
      setConfirming(false);
      onClose();
      queries.removeQueries({ queryKey: CRM_KEYS.client(clientUid) });
      await queries.invalidateQueries({ queryKey: CRM_KEYS.all });
    } catch (err) {
      toast('danger', errorMessage(err, M.loadError));
    } finally {
      setBusy(false);
    }
  };
  const d = detail.data;
  return (
    <Drawer opened={!!uid} onClose={onClose} position="right" size="lg" title={d?.client.name ?? M.timeline} closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      {detail.isLoading ? <Loader size="sm" aria-label={M.timeline} /> : detail.isError || !d ? <Alert color="red">{errorMessage(detail.error, M.loadError)}</Alert> : (
        <Stack gap="md" data-testid="crm-client-detail">
          <Group gap="xs" wrap="wrap">
            <Badge color={STATUS_COLORS[d.client.status]} variant="light">{CRM_STATUS_LABELS[d.client.status]}</Badge>
            <Badge variant="outline">{CRM_TYPE_LABELS[d.client.type]}</Badge>
            {d.client.compliant ? <Badge color="teal" variant="outline">{M.compliant}</Badge> : null}
          </Group>
          <Text size="sm">{[d.client.email, d.client.phone].filter(Boolean).join(' · ')}</Text>
          <Group gap="xs">
            <Button variant="light" onClick={() => onEdit(d.client)}>{M.editClient}</Button>
            {d.can_delete ? <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>{M.deleteClient}</Button> : null}
          </Group>
          <Modal opened={confirming} onClose={() => setConfirming(false)} title={M.deleteClient} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
            <Stack gap="md">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{M.deleteClientConfirm(d.client.name)}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)}>{M.cancel}</Button>
                <Button color="red.9" loading={busy} onClick={() => void remove(d.client.uid)}>{M.deleteClient}</Button>
              </Group>
            </Stack>
          </Modal>
          {d.scope.is_admin && d.scope.auid ? (
            <Select label={M.assignedTo} data={d.scope.agents.map((a) => ({ value: a.cuid, label: a.nickname ?? a.cuid }))} value={d.client.assigned_to?.cuid ?? null}
              placeholder={M.nobody} clearable disabled={busy} onChange={(v) => void act(() => assignCrmClient(d.client.uid, v), v ? M.assigned : M.unassigned)} />
          ) : <Text size="sm">{M.assignedTo}: {d.client.assigned_to?.nickname ?? M.nobody}</Text>}
          <Stack gap={4}>
            <Title order={3} fz="md">{M.event.listing}</Title>
            {d.props.map((p) => (
              <Group key={p.puid} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/propiedades/${encodeURIComponent(p.slug)}`} size="sm" truncate>{p.title}</Anchor>
                <Button size="compact-xs" variant="subtle" color="red" style={{ flexShrink: 0 }} disabled={busy} onClick={() => void act(() => unlinkCrmProperty(d.client.uid, p.puid), M.propUnlinked)}>{M.unlink}</Button>
              </Group>
            ))}
            <form onSubmit={(e) => { e.preventDefault(); void act(() => linkCrmProperty(d.client.uid, puid.trim()), M.propLinked).then((ok) => ok && setPuid('')); }}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput label={M.listingId} size="xs" maxLength={500} value={puid} onChange={(e) => setPuid(e.currentTarget.value)} style={{ flex: 1 }} />
                <Button type="submit" size="xs" variant="light" disabled={!puid.trim() || busy}>{M.linkListing}</Button>
              </Group>
            </form>
          </Stack>
          <CrmDocuments uid={d.client.uid} />
          <form onSubmit={(e) => { e.preventDefault(); void act(() => addCrmNote(d.client.uid, note), M.noteAdded).then((ok) => ok && setNote('')); }}>
            <Stack gap="xs">
              <Textarea label={M.addNote} placeholder={M.notePlaceholder} autosize minRows={2} maxLength={4000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
              <Button type="submit" size="sm" w="fit-content" disabled={!note.trim()} loading={busy}>{M.addNote}</Button>
            </Stack>
          </form>
          <Title order={3} fz="md">{M.timeline}</Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="crm-timeline">
            {d.timeline.map((e, i) => (
              <Timeline.Item key={`${e.kind}-${e.at}-${i}`} title={e.title}>
                {e.text ? <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.href ? <Anchor component={Link} to={e.href}>{e.text}</Anchor> : e.text}</Text> : null}
                <Text size="xs" c="dimmed">{dateTime(e.at)}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}

function assigneeOptions(scope: TCrmScope | undefined) {
  return [{ value: 'none', label: M.nobody }, ...(scope?.agents ?? []).map((a) => ({ value: a.cuid, label: a.nickname ?? a.cuid }))];
}

/**
 * The CRM tab of /agent-dashboard (issue 16 'CRM'): the clients table with its filters in the URL, create and edit,
 * CSV import, the documents space, and a client's drawer (?client=uid) with assignment, listings, notes and timeline.
 */
export function CrmPanel() {
  const [filters, setFilters] = useCrmFilters();
  const [params, setParams] = useSearchParams();
  const openUid = params.get('client');
  const setOpen = (uid: string | null) => setParams((p) => { if (uid) p.set('client', uid); else p.delete('client'); return p; }, { replace: true });
  const [search, setSearch] = useState(filters.s);
  const [editing, setEditing] = useState<TCrmClient | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const list = useQuery({ queryKey: CRM_KEYS.clients(filters), queryFn: ({ signal }) => getCrmClients(filters, signal), retry: 0 });
  const space = useQuery({ queryKey: CRM_KEYS.space, queryFn: ({ signal }) => getCrmDocsSpace(signal), retry: 0 });
  const data = list.data;
  return (
    <Stack gap="md" component="section" aria-labelledby="crm-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz={22} id="crm-title">{M.pageTitle}</Title>
          {space.data ? <Text size="xs" c="dimmed">{M.docsUsed(formatCrmBytes(space.data.used_bytes), formatCrmBytes(space.data.quota_bytes))}</Text> : null}
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => setImportOpen(true)}>{M.importTitle}</Button>
          <Button onClick={() => { setEditing(null); setFormOpen(true); }}>{M.newClient}</Button>
        </Group>
      </Group>
      <form onSubmit={(e) => { e.preventDefault(); setFilters({ s: search.trim() }); }} role="search">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={M.search} value={search} maxLength={100} onChange={(e) => setSearch(e.currentTarget.value)} onBlur={() => search.trim() !== filters.s && setFilters({ s: search.trim() })} w={{ base: '100%', sm: 260 }} />
          <Select label={M.status} placeholder={M.all} data={STATUS_OPTIONS} value={filters.cstatus || null} clearable onChange={(v) => setFilters({ cstatus: v ?? '' })} w={{ base: '47%', sm: 170 }} />
          <Select label={M.type} placeholder={M.all} data={TYPE_OPTIONS} value={filters.ctype || null} clearable onChange={(v) => setFilters({ ctype: v ?? '' })} w={{ base: '47%', sm: 150 }} />
          {data?.scope.auid ? (
            <Select label={M.assignedTo} placeholder={M.all} data={assigneeOptions(data.scope)} value={filters.cassigned_to || null} clearable onChange={(v) => setFilters({ cassigned_to: v ?? '' })} w={{ base: '47%', sm: 170 }} />
          ) : null}
          <Select label={M.compliant} placeholder={M.all} data={[{ value: 'true', label: M.yes }, { value: 'false', label: M.no }]} value={filters.compliant || null} clearable onChange={(v) => setFilters({ compliant: v ?? '' })} w={{ base: '47%', sm: 150 }} />
          <Button type="submit" variant="light">{M.searchButton}</Button>
        </Group>
      </form>
      {list.isLoading ? <Loader size="sm" aria-label={M.pageTitle} /> : list.isError || !data ? <Alert color="red">{errorMessage(list.error, M.loadError)}</Alert>
        : !data.clients.length ? <Text c="dimmed" role="status">{M.noClients}</Text> : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="crm-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{M.name}</Table.Th>
                  <Table.Th scope="col">{M.status}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">{M.type}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">{M.assignedTo}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">{M.compliant}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.clients.map((c) => (
                  <Table.Tr key={c.uid} data-testid="crm-row">
                    <Table.Th scope="row" fw={400}>
                      <Anchor component="button" type="button" fw={600} onClick={() => setOpen(c.uid)} style={{ textAlign: 'left', overflowWrap: 'anywhere' }}>{c.name}</Anchor>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{[c.email, c.phone].filter(Boolean).join(' · ')}</Text>
                      {/* A phone's width holds two columns: the rest of the row goes under the name. */}
                      <Text size="xs" hiddenFrom="sm" data-testid="crm-row-summary">
                        {[CRM_TYPE_LABELS[c.type], c.assigned_to?.nickname ?? M.nobody, `${M.compliant}: ${c.compliant ? M.yes : M.no}`].join(' · ')}
                      </Text>
                    </Table.Th>
                    <Table.Td><Badge color={STATUS_COLORS[c.status]} variant="light">{CRM_STATUS_LABELS[c.status]}</Badge></Table.Td>
                    <Table.Td visibleFrom="sm">{CRM_TYPE_LABELS[c.type]}</Table.Td>
                    <Table.Td visibleFrom="sm">{c.assigned_to?.nickname ?? M.nobody}</Table.Td>
                    <Table.Td visibleFrom="sm">{c.compliant ? M.yes : M.no}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      {data && (data.page > 1 || data.has_more) ? (
        <Group justify="center" gap="xs">
          <Button variant="default" size="xs" disabled={data.page <= 1} onClick={() => setFilters({ ...filters, page: data.page - 1 })}>{M.prev}</Button>
          <Text size="sm">{M.pageOf(data.page)}</Text>
          <Button variant="default" size="xs" disabled={!data.has_more} onClick={() => setFilters({ ...filters, page: data.page + 1 })}>{M.next}</Button>
        </Group>
      ) : null}
      <ClientFormModal client={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <ImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
      <ClientDrawer uid={openUid} onClose={() => setOpen(null)} onEdit={(c) => { setEditing(c); setFormOpen(true); }} />
    </Stack>
  );
}
