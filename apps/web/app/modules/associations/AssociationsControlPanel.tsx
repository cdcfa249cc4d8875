import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert, Avatar, Badge, Button, Card, Center, Collapse, Container, Group, Loader, NativeSelect, Stack, Tabs, Text, TextInput, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSOCIATION_MESSAGES as M } from '@nj/contracts/associations/messages';
import { AGENCY_MESSAGES as A } from '@nj/contracts/agencies/messages';
import type { MemberUpdate, TAssociation, TAssociationMember } from '@nj/contracts/associations/schemas';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { errorMessage } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { toast } from '../toast/toast.ts';
import { day } from '../agencies/agencies-api.ts';
import { SettingsSection } from '../agencies/AgencyDashboard.tsx';
import { ASSOCIATION_KEYS, createAssociation, decideMember, getMemberAgents, getMembers, getMyAssociation } from './associations-api.ts';

const TABS = ['members', 'pending', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** Previous/next buttons of a paged list. */
function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (n: number) => void }) {
  if (page === 1 && !hasMore) return null;
  return (
    <Group justify="space-between">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>{A.previousPage}</Button>
      <Text size="sm" c="dimmed">{A.pageLine(page)}</Text>
      <Button variant="default" size="xs" disabled={!hasMore} onClick={() => onPage(page + 1)}>{A.nextPage}</Button>
    </Group>
  );
}

/** The first page of a member agency's approved agents, shown under it on demand. */
function MemberAgents({ assoUid, auid }: { assoUid: string; auid: string }) {
  const query = useQuery({ queryKey: ASSOCIATION_KEYS.agents(assoUid, auid, 1), queryFn: ({ signal }) => getMemberAgents(assoUid, auid, 1, signal), retry: 0 });
  if (query.isLoading) return <Loader size="xs" aria-label={M.showAgents} />;
  if (query.isError) return <Alert color="red">{M.loadError}</Alert>;
  if (!query.data?.agents.length) return <Text size="sm" c="dimmed">{M.noMemberAgents}</Text>;
  return (
    <Stack gap={6} role="list">
      {query.data.agents.map((a, i) => (
        <Group key={`${a.nickname}-${i}`} gap="xs" role="listitem" data-testid="member-agent">
          <Avatar src={a.photo} alt="" size="sm" radius="xl" color="brand">{(a.nickname ?? '?').slice(0, 1).toUpperCase()}</Avatar>
          <Text size="sm">{a.nickname}</Text>
          {a.verified ? <Badge size="xs" color="blue" variant="light">{M.verifiedAgent}</Badge> : null}
        </Group>
      ))}
    </Stack>
  );
}

/** One member agency (or request): logo, name, state, counts, and the administrator's buttons. */
function MemberRow({ association, member, onDecide, busy }: {
  association: TAssociation; member: TAssociationMember; busy: string | null; onDecide: (m: TAssociationMember, u: MemberUpdate) => void;
}) {
  const [open, setOpen] = useState(false);
  const pending = member.status === 'pending';
  return (
    <Card withBorder padding="sm" data-testid="association-member">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Avatar src={member.logo} alt="" radius="md" color="brand">{member.name.slice(0, 1).toUpperCase()}</Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{member.name}</Text>
            <Text size="xs" c="dimmed" data-testid="member-counts">{M.memberCounts(member.agents_count, member.listings_count)}</Text>
            {pending ? <Text size="xs" c="dimmed">{M.requestedOn(day(member.requested_at))}</Text> : null}
          </div>
        </Group>
        <Group gap="xs">
          {member.kind === 'agency' ? (
            <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{M.showAgents}</Button>
          ) : null}
          {pending ? <Button size="xs" loading={busy === `${member.auid}-approve`} onClick={() => onDecide(member, 'approve')}>{M.approveButton}</Button> : null}
          <Button size="xs" variant="subtle" color="red" loading={busy === `${member.auid}-remove`} onClick={() => onDecide(member, 'remove')}>
            {pending ? M.rejectButton : M.removeButton}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <div style={{ paddingTop: 12 }}>{open ? <MemberAgents assoUid={association.auid} auid={member.auid} /> : null}</div>
      </Collapse>
    </Card>
  );
}

/** The association's approved members or its requests in review, paged, with approve / reject / remove. */
function MembersSection({ association, status }: { association: TAssociation; status: 'approved' | 'pending' }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ASSOCIATION_KEYS.members(association.auid, status, page),
    queryFn: ({ signal }) => getMembers(association.auid, status, page, signal), retry: 0,
  });
  const decide = async (m: TAssociationMember, update: MemberUpdate) => {
    setBusy(`${m.auid}-${update}`);
    try {
      await decideMember(association.auid, m.auid, update);
      toast('success', update === 'approve' ? M.memberApproved : M.memberRemoved);
      await client.invalidateQueries({ queryKey: ['associations'] });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(null);
    }
  };
  const title = status === 'approved' ? M.tabMembers : M.tabPending;
  const id = `association-${status}-title`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz={20} id={id}>{title}</Title>
        {query.isLoading ? <Loader size="sm" aria-label={title} /> : query.isError ? <Alert color="red">{M.loadError}</Alert>
          : !query.data?.members.length ? <Text c="dimmed" role="status">{status === 'approved' ? M.noMembers : M.noPending}</Text> : (
            <Stack gap="sm">
              {query.data.members.map((m) => <MemberRow key={m.auid} association={association} member={m} busy={busy} onDecide={(x, u) => void decide(x, u)} />)}
              <Pager page={page} hasMore={query.data.has_more} onPage={setPage} />
            </Stack>
          )}
      </Stack>
    </Card>
  );
}

/** The first step: name, state and (optionally) the site's domain of the new association. */
function CreateAssociation() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [state, setState] = useState('');
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await createAssociation({ name: name.trim(), mexican_state: state, base_domain: domain.trim() || null });
      toast('success', M.created);
      await client.invalidateQueries({ queryKey: ASSOCIATION_KEYS.my });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="association-create-title" maw={560}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Title order={2} fz={20} id="association-create-title">{M.createTitle}</Title>
          <Text size="sm" c="dimmed">{M.panelIntro}</Text>
          <TextInput label={M.nameLabel} required value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
          <NativeSelect label={M.stateLabel} required value={state} onChange={(e) => setState(e.currentTarget.value)}
            data={[{ value: '', label: M.statePlaceholder, disabled: true }, ...MX_STATES.map((s) => s.name)]} />
          <TextInput label={M.domainLabel} description={A.domainHint} value={domain} maxLength={253} onChange={(e) => setDomain(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={name.trim().length < 2 || !state} w="fit-content">{M.createButton}</Button>
        </Stack>
      </form>
    </Card>
  );
}

/** The association's summary: logo, name, state, site, members and requests. */
function Overview({ association }: { association: TAssociation }) {
  return (
    <Card withBorder padding="lg">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={association.logo} alt={A.logoAlt(association.name)} size={64} radius="md" color="brand">{association.name.slice(0, 1).toUpperCase()}</Avatar>
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="association-name">{association.name}</Text>
            {association.is_super ? <Badge variant="light">{M.superBadge}</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">{[association.mexican_state, association.base_domain ? M.siteLink(association.base_domain) : null].filter(Boolean).join(' · ')}</Text>
          <Text size="sm" fw={500} data-testid="association-counts">{M.membersLine(association.members_approved, association.members_pending)}</Text>
        </div>
      </Group>
    </Card>
  );
}

/** The administrator's dashboard: members, requests, settings (?tab=members|pending|settings). */
function AssociationDashboard({ association }: { association: TAssociation }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'members';
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const labels = { title: M.settingsTitle, name: M.nameLabel, domain: M.domainLabel, state: M.stateLabel, statePlaceholder: M.statePlaceholder, isPrivate: M.isPrivateLabel };
  return (
    <Stack gap="lg">
      <Overview association={association} />
      <Tabs value={tab} onChange={(v) => setParams((p) => { p.set('tab', v ?? 'members'); return p; }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">{M.tabMembers}</Tabs.Tab>
          <Tabs.Tab value="pending">{M.tabPending}{association.members_pending ? ` (${association.members_pending})` : ''}</Tabs.Tab>
          <Tabs.Tab value="settings">{M.tabSettings}</Tabs.Tab>
        </Tabs.List>
        {mounted ? (
          <>
            <Tabs.Panel value="members" pt="md"><MembersSection association={association} status="approved" /></Tabs.Panel>
            <Tabs.Panel value="pending" pt="md"><MembersSection association={association} status="pending" /></Tabs.Panel>
            <Tabs.Panel value="settings" pt="md"><SettingsSection agency={association} invalidate={ASSOCIATION_KEYS.my} labels={labels} /></Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </Stack>
  );
}

/**
 * /associations-control-panel (issue 15; spec 01 §2 'users with association_admin see the association administration
 * panel', spec 03 §2; decision 029): a visitor signs in first; a client without association_admin reads why they
 * cannot; an association administrator creates their association, then runs it: member agencies with their agents
 * and listings, requests to approve or reject, the site's settings and logo.
 */
export function AssociationsControlPanel() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const allowed = registered && !!session?.settings?.privileges?.includes('association_admin');
  const query = useQuery({ queryKey: ASSOCIATION_KEYS.my, queryFn: ({ signal }) => getMyAssociation(signal), enabled: allowed, retry: 0 });
  let body;
  if (session?.status !== 'ready' || (allowed && query.isLoading)) body = <Center py={80}><Loader aria-label={M.panelTitle} /></Center>;
  else if (!registered) body = <SignInRequired title={null} body={M.panelIntro} cta={A.signInTitle} landmark={false} />;
  else if (!allowed) body = <Alert color="yellow" role="status">{M.privilegeMissing}</Alert>;
  else if (query.isError || !query.data) body = <Alert color="red">{M.loadError}</Alert>;
  else if (query.data.association) body = <AssociationDashboard association={query.data.association} />;
  else body = <CreateAssociation />;
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="xl" component="main">
        <Title order={1} fz={28} mb="md">{M.panelTitle}</Title>
        {body}
      </Container>
    </>
  );
}
