import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert, Anchor, Avatar, Badge, Button, Card, ColorInput, FileInput, Group, Image, Loader, NativeSelect, SegmentedControl, Stack, Switch, Tabs, Text,
  TextInput, Textarea, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENCY_MESSAGES as M } from '@nj/contracts/agencies/messages';
import { AGENCY_PLAN_DETAILS } from '@nj/contracts/agencies/plans';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { AgencyAssociationsSection } from '../associations/AgencyAssociationsSection.tsx';
import type { AgentUpdate, TAgency, TAgencyAgent } from '@nj/contracts/agencies/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { DomainVerification } from '../sites/DomainVerification.tsx';
import { IntegrationsSection } from '../integrations/IntegrationsSection.tsx';
import { INTEGRATION_MESSAGES } from '@nj/contracts/integrations/messages';
import {
  AGENCY_KEYS, assignProperty, day, decideAgent, getAgencyProperties, getAgents, updateAgency, uploadLogo,
} from './agencies-api.ts';

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', approved: 'teal', suspended: 'orange', removed: 'gray' };
const TABS = ['dashboard', 'agents', 'properties', 'integrations', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** Previous/next buttons of a paged list. */
function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (n: number) => void }) {
  if (page === 1 && !hasMore) return null;
  return (
    <Group justify="space-between">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>{M.previousPage}</Button>
      <Text size="sm" c="dimmed">{M.pageLine(page)}</Text>
      <Button variant="default" size="xs" disabled={!hasMore} onClick={() => onPage(page + 1)}>{M.nextPage}</Button>
    </Group>
  );
}

/** The agency's agents with their state and the administrator's approve / suspend / remove buttons, and the seats. */
function AgentsSection({ agency }: { agency: TAgency }) {
  const client = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'true' | 'false'>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: AGENCY_KEYS.agents(agency.auid, filter, page),
    queryFn: ({ signal }) => getAgents(agency.auid, page, filter === 'all' ? undefined : filter, signal), retry: 0,
  });
  const act = async (a: TAgencyAgent, update: AgentUpdate) => {
    setBusy(`${a.agent_uid}-${update}`);
    try {
      await decideAgent(a.agent_uid, update);
      toast('success', update === 'approve' ? M.approved : update === 'suspend' ? M.suspended : M.removed);
      await client.invalidateQueries({ queryKey: ['agencies'] });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(null);
    }
  };
  const seats = query.data?.seats;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agency-agents-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz={20} id="agency-agents-title">{M.agentsTitle}</Title>
          {seats ? <Text size="sm" fw={500} data-testid="seats-line">{M.seatsUsed(seats.used, seats.bought)}</Text> : null}
        </Group>
        <SegmentedControl value={filter} onChange={(v) => { setFilter(v as typeof filter); setPage(1); }} w="fit-content"
          data={[{ value: 'all', label: M.filterAll }, { value: 'true', label: M.filterApproved }, { value: 'false', label: M.filterPending }]} />
        {query.isLoading ? <Loader size="sm" aria-label={M.agentsTitle} /> : query.isError ? <Alert color="red">{M.loadError}</Alert>
          : !query.data?.agents.length ? <Text c="dimmed" role="status">{M.noAgents}</Text> : (
            <Stack gap="sm">
              {query.data.agents.map((a) => (
                <Group key={a.agent_uid} justify="space-between" wrap="wrap" gap="xs" data-testid="agency-agent">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar src={a.photo} alt="" radius="xl" color="brand">{(a.nickname ?? a.email ?? '?').slice(0, 1).toUpperCase()}</Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500} truncate>{a.nickname ?? a.email}</Text>
                      <Text size="xs" c="dimmed" truncate>{a.email}</Text>
                    </div>
                    <Badge color={STATUS_COLOR[a.status]} variant="light" style={{ flexShrink: 0 }}>{M.statusLabels[a.status]}</Badge>
                    <VerifiedBadge verified={a.verified} />
                  </Group>
                  <Group gap="xs">
                    {a.status !== 'approved' ? <Button size="xs" loading={busy === `${a.agent_uid}-approve`} onClick={() => void act(a, 'approve')}>{M.approveButton}</Button> : null}
                    {a.status === 'approved' ? <Button size="xs" variant="default" loading={busy === `${a.agent_uid}-suspend`} onClick={() => void act(a, 'suspend')}>{M.suspendButton}</Button> : null}
                    <Button size="xs" variant="subtle" color="red" loading={busy === `${a.agent_uid}-remove`} onClick={() => void act(a, 'remove')}>{M.removeButton}</Button>
                  </Group>
                </Group>
              ))}
              <Pager page={page} hasMore={query.data.has_more} onPage={setPage} />
            </Stack>
          )}
      </Stack>
    </Card>
  );
}

/** The agency's listings with their assigned agent (a select of the approved agents for the administrator). */
function PropertiesSection({ agency }: { agency: TAgency }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: AGENCY_KEYS.properties(agency.auid, search, page, false),
    queryFn: ({ signal }) => getAgencyProperties(agency.auid, { page, search }, signal), retry: 0,
  });
  const agents = useQuery({ queryKey: AGENCY_KEYS.agents(agency.auid, 'true', 1), queryFn: ({ signal }) => getAgents(agency.auid, 1, 'true', signal), retry: 0 });
  const options = [{ value: '', label: M.noAgentOption }, ...(agents.data?.agents ?? []).map((a) => ({ value: a.agent_uid, label: a.nickname ?? a.email ?? a.agent_uid }))];
  const assign = async (puid: string, agentUid: string) => {
    try {
      await assignProperty(agency.auid, puid, agentUid || null);
      toast('success', agentUid ? M.assigned : M.unassigned);
      await client.invalidateQueries({ queryKey: ['agencies', agency.auid, 'properties'] });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agency-properties-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="agency-properties-title">{M.propertiesTitle}</Title>
        <form onSubmit={(e) => { e.preventDefault(); setSearch(text.trim()); setPage(1); }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={M.propertiesSearch} value={text} maxLength={100} style={{ flex: 1 }} onChange={(e) => setText(e.currentTarget.value)} />
            <Button type="submit" variant="default">{M.searchButton}</Button>
          </Group>
        </form>
        {query.isLoading ? <Loader size="sm" aria-label={M.propertiesTitle} /> : query.isError ? <Alert color="red">{M.loadError}</Alert>
          : !query.data?.properties.length ? <Text c="dimmed" role="status">{M.noProperties}</Text> : (
            <Stack gap="md">
              {query.data.properties.map((p) => (
                <Group key={p.puid} justify="space-between" align="flex-end" wrap="wrap" gap="sm" data-testid="agency-property">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
                    {p.photo ? <Image src={p.photo} alt="" w={72} h={54} radius="sm" fit="cover" /> : <Avatar radius="sm" size={54} color="gray">{p.title.slice(0, 1)}</Avatar>}
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/propiedades/${encodeURIComponent(p.slug)}`} fw={500} lineClamp={2}>{p.title}</Anchor>
                      <Group gap={6}>
                        <Badge size="sm" variant="light" color={p.is_active ? 'teal' : 'gray'}>{p.is_active ? M.active : M.inactive}</Badge>
                        {p.owner ? <Text size="xs" c="dimmed">{M.ownerLine(p.owner.nickname ?? '—')}</Text> : null}
                      </Group>
                    </div>
                  </Group>
                  <NativeSelect label={M.assignLabel} data={options} value={p.agent?.agent_uid ?? ''} w={{ base: '100%', xs: 220 }}
                    onChange={(e) => void assign(p.puid, e.currentTarget.value)} />
                </Group>
              ))}
              <Pager page={page} hasMore={query.data.has_more} onPage={setPage} />
            </Stack>
          )}
      </Stack>
    </Card>
  );
}

/** Support's verification of an agent through the AG ticket (decision 029): verified, not verified, or pending. */
function VerifiedBadge({ verified }: { verified: boolean | null }) {
  if (verified === true) return <Badge color="blue" variant="light" style={{ flexShrink: 0 }} data-testid="agent-verified">{M.verifiedBadge}</Badge>;
  if (verified === false) return <Badge color="gray" variant="outline" style={{ flexShrink: 0 }}>{M.notVerifiedBadge}</Badge>;
  return <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{M.verificationPending}</Text>;
}

/**
 * Settings of a site: name, domain, colours, page name, content, state, switches; the logo upload. Shared by the
 * agency's panel and the association's (decision 029: an association's state is one of the 32, chosen from a list,
 * and it has no agents' editing switch). `invalidate`: the query to refresh after a change.
 */
export function SettingsSection({ agency, invalidate = AGENCY_KEYS.my, labels }: {
  agency: TAgency; invalidate?: readonly unknown[];
  /** The association's own labels of the name and state fields. */
  labels?: { title: string; name: string; domain: string; state: string; statePlaceholder: string; isPrivate: string };
}) {
  const isAssociation = agency.kind === 'association';
  const client = useQueryClient();
  const [f, setF] = useState(() => ({
    name: agency.name, base_domain: agency.base_domain ?? '', color_primary: agency.color_primary ?? '', color_secondary: agency.color_secondary ?? '',
    custom_page_name: agency.custom_page_name ?? '', website_content: agency.website_content ?? '', mexican_state: agency.mexican_state ?? '',
    has_map: agency.has_map, is_private: agency.is_private, agents_edit_all: agency.agents_edit_all, crm_agents_see_all: agency.crm_agents_see_all,
  }));
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((old) => ({ ...old, [k]: v }));
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { agents_edit_all: editAll, crm_agents_see_all: crmSeeAll, ...rest } = f;
      await updateAgency(agency.auid, {
        ...rest, ...(isAssociation ? {} : { agents_edit_all: editAll, crm_agents_see_all: crmSeeAll }), base_domain: f.base_domain.trim() || null, color_primary: f.color_primary || null, color_secondary: f.color_secondary || null,
        custom_page_name: f.custom_page_name.trim() || null, website_content: f.website_content || null, mexican_state: f.mexican_state.trim() || null,
      });
      toast('success', M.updated);
      await client.invalidateQueries({ queryKey: invalidate });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(false);
    }
  };
  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      await uploadLogo(agency.auid, file);
      toast('success', M.logoUpdated);
      setFile(null);
      await client.invalidateQueries({ queryKey: invalidate });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="agency-logo-title">
        <Stack gap="sm">
          <Title order={2} fz={20} id="agency-logo-title">{M.logoTitle}</Title>
          <Group align="flex-end" wrap="wrap">
            <Avatar src={agency.logo} alt={M.logoAlt(agency.name)} size={72} radius="md" color="brand">{agency.name.slice(0, 1).toUpperCase()}</Avatar>
            <FileInput label={M.logoLabel} accept="image/png,image/jpeg,image/webp,image/heic" value={file} onChange={setFile} clearable w={{ base: '100%', xs: 260 }} />
            <Button onClick={() => void upload()} disabled={!file} loading={uploading}>{M.uploadLogo}</Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="agency-settings-title">
        <form onSubmit={(e) => void save(e)}>
          <Stack gap="sm">
            <Title order={2} fz={20} id="agency-settings-title">{labels?.title ?? M.settingsTitle}</Title>
            <TextInput label={labels?.name ?? M.nameLabel} required value={f.name} maxLength={120} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput label={labels?.domain ?? M.domainLabel} description={M.domainHint} value={f.base_domain} maxLength={253} onChange={(e) => set('base_domain', e.currentTarget.value)} />
            <DomainVerification agency={agency} invalidate={invalidate} />
            <Group grow>
              <ColorInput label={M.primaryLabel} value={f.color_primary} onChange={(v) => set('color_primary', v)} format="hex" withEyeDropper={false} />
              <ColorInput label={M.secondaryLabel} value={f.color_secondary} onChange={(v) => set('color_secondary', v)} format="hex" withEyeDropper={false} />
            </Group>
            <TextInput label={M.pageNameLabel} value={f.custom_page_name} maxLength={120} onChange={(e) => set('custom_page_name', e.currentTarget.value)} />
            {/* One of the 32 states (required for an association, decision 029); a value saved before the list is kept. */}
            <NativeSelect label={labels?.state ?? M.stateLabel} required={isAssociation} value={f.mexican_state} onChange={(e) => set('mexican_state', e.currentTarget.value)}
              data={[
                isAssociation ? { value: '', label: labels?.statePlaceholder ?? M.stateLabel, disabled: true } : { value: '', label: M.stateNone },
                ...MX_STATES.map((st) => st.name),
                ...(f.mexican_state && !MX_STATES.some((st) => st.name === f.mexican_state) ? [f.mexican_state] : []),
              ]} />
            <Textarea label={M.contentLabel} value={f.website_content} maxLength={5000} autosize minRows={3} onChange={(e) => set('website_content', e.currentTarget.value)} />
            <Switch label={M.hasMapLabel} checked={f.has_map} onChange={(e) => set('has_map', e.currentTarget.checked)} />
            <Switch label={labels?.isPrivate ?? M.isPrivateLabel} checked={f.is_private} onChange={(e) => set('is_private', e.currentTarget.checked)} />
            {isAssociation ? null : <Switch label={M.editAllLabel} checked={f.agents_edit_all} onChange={(e) => set('agents_edit_all', e.currentTarget.checked)} />}
            {isAssociation ? null : <Switch label={M.crmSeeAllLabel} checked={f.crm_agents_see_all} onChange={(e) => set('crm_agents_see_all', e.currentTarget.checked)} />}
            <Button type="submit" loading={busy} w="fit-content">{M.saveButton}</Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** The dashboard's summary: logo, name, plan and seats, the way to /plans. */
function Overview({ agency }: { agency: TAgency }) {
  const plan = agency.plan ? AGENCY_PLAN_DETAILS[agency.plan].name : null;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={agency.logo} alt={M.logoAlt(agency.name)} size={64} radius="md" color="brand">{agency.name.slice(0, 1).toUpperCase()}</Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="agency-name">{agency.name}</Text>
            <Text size="sm" c="dimmed">{M.planLine(plan, agency.plan_expires_at ? day(agency.plan_expires_at) : null)}</Text>
            <Text size="sm" fw={500} data-testid="seats-summary">{M.seatsUsed(agency.seats_used, agency.seats)}</Text>
          </div>
        </Group>
        <Button component={Link} to="/plans" variant="light">{M.buyPlan}</Button>
      </Group>
    </Card>
  );
}

/** /agency-control-panel?tab=… for the agency's administrator: dashboard (summary, agents, listings), settings. */
export function AgencyDashboard({ agency }: { agency: TAgency }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'dashboard';
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const paid = params.get('pago');
  return (
    <Stack gap="lg">
      {paid === 'ok' ? <Alert color="teal">{M.planPaid}</Alert> : null}
      <Overview agency={agency} />
      <Tabs value={tab} onChange={(v) => setParams((p) => { p.set('tab', v ?? 'dashboard'); p.delete('pago'); return p; }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dashboard">{M.tabDashboard}</Tabs.Tab>
          <Tabs.Tab value="agents">{M.tabAgents}</Tabs.Tab>
          <Tabs.Tab value="properties">{M.tabProperties}</Tabs.Tab>
          <Tabs.Tab value="integrations">{INTEGRATION_MESSAGES.tab}</Tabs.Tab>
          <Tabs.Tab value="settings">{M.tabSettings}</Tabs.Tab>
        </Tabs.List>
        {mounted ? (
          <>
            <Tabs.Panel value="dashboard" pt="md"><Stack gap="lg"><AgentsSection agency={agency} /><PropertiesSection agency={agency} /></Stack></Tabs.Panel>
            <Tabs.Panel value="agents" pt="md"><AgentsSection agency={agency} /></Tabs.Panel>
            <Tabs.Panel value="properties" pt="md"><PropertiesSection agency={agency} /></Tabs.Panel>
            <Tabs.Panel value="integrations" pt="md"><IntegrationsSection /></Tabs.Panel>
            <Tabs.Panel value="settings" pt="md"><Stack gap="lg"><SettingsSection agency={agency} /><AgencyAssociationsSection agency={agency} /></Stack></Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </Stack>
  );
}
