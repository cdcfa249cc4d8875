import { CONTRACT_MESSAGES } from '@nj/contracts/rent-contracts/messages';
import { ContractSection } from '../contracts/ContractSection.tsx';
import { RentPaymentsSection } from '../rent-payments/RentPaymentsSection.tsx';
import { LinkBankAccount } from '../bank-accounts/LinkBankAccount.tsx';
import { RENT_PAYMENTS_MESSAGES } from '@nj/contracts/rent-payments/messages';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Image, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { MY_PROPERTIES_MESSAGES } from '@nj/contracts/my-properties/messages';
import { MEDIA_URL_PREFIX } from '@nj/contracts/media/constants';
import { clientId, errorMessage } from '../accounts/api.ts';
import { useSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { formatPrice } from '../properties/format.ts';
import { CHAT_KEYS, getAppointment, getRent, postConfirmVisit, type TRentSummary } from './api.ts';
import { browserTimeZone, visitLabel } from './chat-time.ts';
import { Conversation } from './Conversation.tsx';
import { SignInRequired } from './SignInRequired.tsx';
import { VisitPanel } from './VisitPanel.tsx';
import { OfferSection } from '../offers/OfferSection.tsx';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { toast } from '../toast/toast.ts';
import './chat.css';

/** The `section` values of the page (spec 03 §2 'The query parameter section is read'); anything else → chat. */
const SECTIONS = ['chat', 'visita', 'propuesta', 'contrato', 'pagos', 'propiedad'] as const;
type Section = (typeof SECTIONS)[number];
const ENDED = new Set(['owner_discard', 'renter_discard', 'property_invalid']);

/** The listing of the process: photo, title, price and step, with a link to its page. */
function ListingCard({ rent }: { rent: TRentSummary }) {
  const photo = rent.photo ? `${MEDIA_URL_PREFIX}properties/${encodeURIComponent(rent.puid)}/${encodeURIComponent(rent.photo)}_card.webp` : null;
  return (
    <Card withBorder padding="md" radius="md">
      {photo ? <Card.Section><Image src={photo} alt={rent.title} h={220} fit="cover" /></Card.Section> : null}
      <Stack gap={6} mt={photo ? 'md' : 0}>
        <Title order={2} fz="lg">{rent.title}</Title>
        {rent.price ? <Text fw={700}>{formatPrice(rent.price, 'mxn', 'rent')}</Text> : null}
        {rent.maintenanceFee ? <Text size="sm" c="dimmed">+ {formatPrice(rent.maintenanceFee, 'mxn', 'rent')}</Text> : null}
        <Badge color={rent.stepColor} variant="light">{rent.stepLabel}</Badge>
        <Button component={Link} to={`/propiedades/${rent.slug}`} variant="light" style={{ alignSelf: 'flex-start' }}>{M.viewListing}</Button>
      </Stack>
    </Card>
  );
}

/** The visit section: the same panel as the conversation's, larger, with the confirmed time. */
function VisitSection({ rent }: { rent: TRentSummary }) {
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const appt = useQuery({ queryKey: CHAT_KEYS.appointment(rent.ruid), queryFn: ({ signal }) => getAppointment(rent.ruid, signal) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.rent(rent.ruid) });
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.appointment(rent.ruid) });
  };
  if (!appt.data) return <Center h={120}><Loader size="sm" aria-label={M.loading} /></Center>;
  return (
    <Stack gap="sm">
      {appt.data.appointment?.st ? <Text fw={600}>{M.visitOn(visitLabel(appt.data.appointment.st, zone))}</Text> : null}
      <VisitPanel rent={rent} appointment={appt.data.appointment} reviewedByMe={appt.data.reviewed_by_me} zone={zone} onChanged={refresh}
        confirmBusy={false} onConfirm={(st) => void postConfirmVisit(rent.ruid, st, zone).then(refresh).catch((e: unknown) => toast('danger', errorMessage(e, M.messagesFailed)))} />
    </Stack>
  );
}

/**
 * /propiedades-contactadas/{ruid} (spec 03 §2 Tenant; issue 11 'Pages'): one rent process — the conversation, the
 * visit, the proposal (issue 12, modules/offers/) and the listing as tabs chosen by `?section=chat|visita|propuesta|propiedad`; switching tabs changes the route without a
 * full reload. A cancelled or invalid process shows the spec's message and after 5 s goes to /propiedades-contactadas
 * (tenant) or the listing's offers /property-dashboard/{puid}?tab=offers (owner), as spec 03 §2 says.
 */
export function ProcessPage() {
  const { ruid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const registered = session.status === 'ready' && session.registered;
  const rentQuery = useQuery({ queryKey: CHAT_KEYS.rent(ruid), queryFn: ({ signal }) => getRent(ruid, signal), enabled: registered && !!ruid, retry: 0 });
  const section: Section = (SECTIONS as readonly string[]).includes(params.get('section') ?? '') ? (params.get('section') as Section) : 'chat';
  const rent = rentQuery.data;
  const ended = !!rent && ENDED.has(rent.step);

  // Spec 03 §2: after a cancellation an owner goes to the listing's offers, a tenant to the contacted properties.
  const home = rent?.role === 'owner' ? { to: `/property-dashboard/${encodeURIComponent(rent.puid)}?tab=offers`, label: MY_PROPERTIES_MESSAGES.interested } : { to: '/propiedades-contactadas', label: M.contactedProperties };
  useEffect(() => {
    if (!ended) return;
    const timer = window.setTimeout(() => void navigate(home.to), M.processCancelledRedirectMs);
    return () => window.clearTimeout(timer);
  }, [ended, navigate, home.to]);

  let body: React.ReactNode;
  if (session.status !== 'ready') body = <Center h={240}><Loader aria-label={M.loading} /></Center>;
  else if (!registered) return <><NavBar variant="properties" /><SignInRequired /></>;
  else if (rentQuery.isError) body = <Alert color="red" role="alert">{errorMessage(rentQuery.error, M.messagesFailed)}</Alert>;
  else if (!rent) body = <Center h={240}><Loader aria-label={M.loading} /></Center>;
  else if (ended) body = <Alert color="orange" role="alert" data-testid="process-cancelled">{M.processCancelled}</Alert>;
  else {
    body = (
      <Tabs value={section} onChange={(v) => setParams(v && v !== 'chat' ? { section: v } : {}, { preventScrollReset: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="chat">{M.sectionChat}</Tabs.Tab>
          <Tabs.Tab value="visita">{M.sectionVisit}</Tabs.Tab>
          <Tabs.Tab value="propuesta">{OFFER_MESSAGES.ui.section}</Tabs.Tab>
          <Tabs.Tab value="contrato">{CONTRACT_MESSAGES.ui.tabLabel}</Tabs.Tab>
          <Tabs.Tab value="pagos">{RENT_PAYMENTS_MESSAGES.tabTitle}</Tabs.Tab>
          <Tabs.Tab value="propiedad">{M.sectionListing}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat" pt="sm">
          <div className="nj-process-chat"><Conversation ruid={ruid} myCuid={clientId(session.client)} showProcessLink={false} /></div>
        </Tabs.Panel>
        <Tabs.Panel value="visita" pt="md"><VisitSection rent={rent} /></Tabs.Panel>
        <Tabs.Panel value="propuesta" pt="md"><OfferSection rent={rent} /></Tabs.Panel>
        <Tabs.Panel value="contrato" pt="md"><ContractSection ruid={rent.ruid} /></Tabs.Panel>
        <Tabs.Panel value="pagos" pt="md"><RentPaymentsSection ruid={rent.ruid} ownerAccount={<LinkBankAccount ruid={rent.ruid} />} /></Tabs.Panel>
        <Tabs.Panel value="propiedad" pt="md"><ListingCard rent={rent} /></Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="md" component="main">
        <Group gap={6} mb="xs">
          <Anchor component={Link} to={home.to} size="sm">{home.label}</Anchor>
          <Text size="sm" c="dimmed">/</Text>
          <Text size="sm" c="dimmed" lineClamp={1}>{rent?.title ?? ''}</Text>
        </Group>
        <Title order={1} fz={{ base: 20, sm: 24 }} mb="sm">{M.processTitle}</Title>
        {body}
      </Container>
    </>
  );
}
