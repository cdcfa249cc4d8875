import { Alert, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AGENCY_MESSAGES as M } from '@nj/contracts/agencies/messages';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { AGENCY_KEYS, getMyAgency } from './agencies-api.ts';
import { AgencyDashboard } from './AgencyDashboard.tsx';
import { AgencyStart, MembershipCard } from './AgencyStart.tsx';

/**
 * /agency-control-panel (issue 15; spec 03 §2, spec 01 §2 'Soy agente inmobiliario, darme de alta'): a visitor signs
 * in first; a client without an agency creates one or asks to join one (their request's state shown once sent); the
 * administrator gets the dashboard (?tab=dashboard|agents|properties|settings).
 */
export function AgencyControlPanel() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const query = useQuery({ queryKey: AGENCY_KEYS.my, queryFn: ({ signal }) => getMyAgency(signal), enabled: registered, retry: 0 });
  let body;
  if (session?.status !== 'ready' || (registered && query.isLoading)) body = <Center py={80}><Loader aria-label={M.controlPanelTitle} /></Center>;
  else if (!registered) body = <SignInRequired title={null} body={M.startIntro} cta={M.signInTitle} landmark={false} />;
  else if (query.isError || !query.data) body = <Alert color="red">{M.loadError}</Alert>;
  else if (query.data.agency) {
    body = (
      <Stack gap="lg">
        {query.data.membership ? <MembershipCard membership={query.data.membership} /> : null}
        <AgencyDashboard agency={query.data.agency} />
      </Stack>
    );
  } else if (query.data.membership) body = <MembershipCard membership={query.data.membership} />;
  else body = <AgencyStart />;
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="xl" component="main">
        <Title order={1} fz={28} mb="md">{M.controlPanelTitle}</Title>
        {body}
      </Container>
    </>
  );
}
