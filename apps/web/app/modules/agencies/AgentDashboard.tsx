import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Avatar, Badge, Button, Card, Center, Container, Group, Image, Loader, SimpleGrid, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { AGENCY_MESSAGES as M } from '@nj/contracts/agencies/messages';
import type { TAgency } from '@nj/contracts/agencies/schemas';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { getChats } from '../chat/api.ts';
import { useLeads } from '../chat/LeadsList.tsx';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { getRents } from '../rents/api.ts';
import { chatHref, processHref } from '../rents/format.ts';
import { AGENCY_KEYS, getAgencyProperties, getMyAgency, setPropertyActive } from './agencies-api.ts';
import { MembershipCard } from './AgencyStart.tsx';
import { CRM_MESSAGES as C } from '@nj/contracts/crm/messages';
import { CrmPanel } from '../crm/CrmPanel.tsx';
import { LeadInteractions } from '../crm/LeadInteractions.tsx';
import { ShareSheetMenu } from '../property-sheets/ShareSheetMenu.tsx';

const TABS = ['resumen', 'crm', 'contactos'] as const;
type Tab = (typeof TABS)[number];

/** The dashboard's tabs (?tab=resumen|crm|contactos): the summary, the CRM (issue 16) and the lead history. */
function DashboardTabs({ summary, agency }: { summary: React.ReactNode; agency: string | null }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'resumen';
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const choose = (v: string | null) => setParams(v && v !== 'resumen' ? { tab: v } : new URLSearchParams(), { replace: true });
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List aria-label={C.tabsLabel}>
        <Tabs.Tab value="resumen">{C.tabSummary}</Tabs.Tab>
        <Tabs.Tab value="crm">{C.tabCrm}</Tabs.Tab>
        <Tabs.Tab value="contactos">{C.tabLeads}</Tabs.Tab>
      </Tabs.List>
      {mounted ? (
        <>
          <Tabs.Panel value="resumen" pt="md">{summary}</Tabs.Panel>
          <Tabs.Panel value="crm" pt="md"><CrmPanel /></Tabs.Panel>
          <Tabs.Panel value="contactos" pt="md"><LeadInteractions agency={agency} /></Tabs.Panel>
        </>
      ) : null}
    </Tabs>
  );
}

/** The listings the agency assigned to the agent (and, below, the agency's others the agent may see). */
function AssignedListings({ agency }: { agency: TAgency }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: AGENCY_KEYS.properties(agency.auid, '', 1, true), queryFn: ({ signal }) => getAgencyProperties(agency.auid, { page: 1, assigned: true }, signal), retry: 0 });
  const toggle = async (puid: string, isActive: boolean) => {
    try {
      await setPropertyActive(agency.auid, puid, isActive);
      toast('success', isActive ? M.activated : M.deactivated);
      await client.invalidateQueries({ queryKey: ['agencies', agency.auid, 'properties'] });
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agent-listings-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="agent-listings-title">{M.myListings}</Title>
        {query.isLoading ? <Loader size="sm" aria-label={M.myListings} /> : query.isError ? <Alert color="red">{M.loadError}</Alert>
          : !query.data?.properties.length ? <Text c="dimmed" role="status">{M.noAssigned}</Text> : (
            <Stack gap="sm">
              {query.data.properties.map((p) => (
                <Group key={p.puid} gap="sm" wrap="nowrap" data-testid="agent-listing">
                  {p.photo ? <Image src={p.photo} alt="" w={72} h={54} radius="sm" fit="cover" /> : <Avatar radius="sm" size={54} color="gray">{p.title.slice(0, 1)}</Avatar>}
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/propiedades/${encodeURIComponent(p.slug)}`} fw={500} lineClamp={2}>{p.title}</Anchor>
                    {p.can_edit ? (
                      <Switch size="sm" mt={4} label={p.is_active ? M.active : M.inactive} checked={p.is_active} aria-label={`${M.active}: ${p.title}`}
                        onChange={(e) => void toggle(p.puid, e.currentTarget.checked)} />
                    ) : <Badge size="sm" variant="light" color={p.is_active ? 'teal' : 'gray'}>{p.is_active ? M.active : M.inactive}</Badge>}
                    {p.is_active ? <div><ShareSheetMenu puid={p.puid} title={p.title} /></div> : null}
                  </div>
                </Group>
              ))}
            </Stack>
          )}
      </Stack>
    </Card>
  );
}

/** The contact-form messages of people without an account about the agent's own listings (GET /v1/leads). */
function Leads() {
  const leads = useLeads();
  const items = leads.data?.pages[0]?.leads ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="agent-leads-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="agent-leads-title">{M.myLeads}</Title>
        {leads.isLoading ? <Loader size="sm" aria-label={M.myLeads} /> : !items.length ? <Text c="dimmed" role="status">{M.noLeads}</Text> : (
          items.slice(0, 8).map((l) => (
            <Group key={l.luid} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>{l.name}</Text>
                <Text size="xs" c="dimmed" truncate>{l.title}</Text>
              </div>
              <Button component={Link} to={`/chat?tab=formulario&lead=${encodeURIComponent(l.luid)}`} size="xs" variant="light" style={{ flexShrink: 0 }}>{M.openLead}</Button>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

/** The agent's conversations (the chat list) and rents in progress on the listings they answer for. */
function Conversations() {
  const chats = useQuery({ queryKey: ['agent-dashboard', 'chats'], queryFn: ({ signal }) => getChats({ page: 1 }, signal), retry: 0 });
  const rents = useQuery({ queryKey: ['agent-dashboard', 'rents'], queryFn: ({ signal }) => getRents({ t: 'owner', onlyActive: true, page: 1 }, signal), retry: 0 });
  const inProgress = (rents.data?.rents ?? []).filter((r) => !['hello', 'owner_discard', 'renter_discard', 'property_invalid'].includes(r.step));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="agent-chats-title">
        <Stack gap="sm">
          <Title order={2} fz={20} id="agent-chats-title">{M.myConversations}</Title>
          {chats.isLoading ? <Loader size="sm" aria-label={M.myConversations} /> : !chats.data?.rents.length ? <Text c="dimmed" role="status">{M.noConversations}</Text> : (
            chats.data.rents.slice(0, 8).map((r) => (
              <Group key={r.ruid} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={500} truncate>{r.counterpart?.nickname ?? r.title}</Text>
                  <Text size="xs" c="dimmed" truncate>{r.title}</Text>
                </div>
                <Button component={Link} to={chatHref(r.ruid)} size="xs" variant="light" style={{ flexShrink: 0 }}>{M.openChat}</Button>
              </Group>
            ))
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="agent-rents-title">
        <Stack gap="sm">
          <Title order={2} fz={20} id="agent-rents-title">{M.myRents}</Title>
          {rents.isLoading ? <Loader size="sm" aria-label={M.myRents} /> : !inProgress.length ? <Text c="dimmed" role="status">{M.noRents}</Text> : (
            inProgress.slice(0, 8).map((r) => (
              <Group key={r.ruid} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={processHref(r.ruid)} truncate fw={500}>{r.title}</Anchor>
                <Badge variant="light" style={{ flexShrink: 0 }}>{r.stepLabel}</Badge>
              </Group>
            ))
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/**
 * /agent-dashboard (issue 15; spec 01 §2 'Ir a Inicio', spec 03 §2): an approved agent's listings assigned by their
 * agency, their conversations and rents in progress; agents land here after signing in from the home page.
 */
export function AgentDashboard() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const query = useQuery({ queryKey: AGENCY_KEYS.my, queryFn: ({ signal }) => getMyAgency(signal), enabled: registered, retry: 0 });
  const agency = query.data?.member_agency ?? query.data?.agency ?? null;
  const isAdmin = !!query.data?.agency && agency === query.data.agency;
  let body;
  if (session?.status !== 'ready' || (registered && query.isLoading)) body = <Center py={80}><Loader aria-label={M.agentDashboardTitle} /></Center>;
  else if (!registered) body = <SignInRequired title={null} body={M.notAnAgent} cta={M.signInTitle} landmark={false} />;
  else if (query.isError) body = <Alert color="red">{M.loadError}</Alert>;
  else if (!agency && session.settings?.is_agent) {
    body = <DashboardTabs agency={null} summary={<Stack gap="lg"><Conversations /><Leads /></Stack>} />;
  } else if (!agency) {
    body = (
      <Stack gap="md">
        {query.data?.membership ? <MembershipCard membership={query.data.membership} /> : <Text role="status">{M.notAnAgent}</Text>}
        <Button component={Link} to="/agency-control-panel" variant="light" w="fit-content">{M.navBecomeAgent}</Button>
      </Stack>
    );
  } else {
    body = (
      <DashboardTabs agency={isAdmin ? agency.auid : null} summary={<Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={agency.logo} alt={M.logoAlt(agency.name)} radius="md" color="brand">{agency.name.slice(0, 1).toUpperCase()}</Avatar>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="agent-agency">{M.agencyLine(agency.name)}</Text>
        </Group>
        <AssignedListings agency={agency} />
        <Conversations />
        <Leads />
      </Stack>} />
    );
  }
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="xl" component="main">
        <Title order={1} fz={28} mb="md">{M.agentDashboardTitle}</Title>
        {body}
      </Container>
    </>
  );
}
