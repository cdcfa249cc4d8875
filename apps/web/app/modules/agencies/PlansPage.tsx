import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Checkbox, Container, List, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AGENCY_MESSAGES as M } from '@nj/contracts/agencies/messages';
import { AGENCY_PLANS, AGENCY_PLAN_DETAILS, planPriceCents, type AgencyPlan } from '@nj/contracts/agencies/plans';
import type { TAgency } from '@nj/contracts/agencies/schemas';
import { errorMessage } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { toast } from '../toast/toast.ts';
import { AGENCY_KEYS, buyPlan, getMyAgency, pesos } from './agencies-api.ts';
import { OwnerPlan } from '../marketing/OwnerPlan.tsx';

/** One plan: what it includes, seats and the annual flag, the total, and buying (or renewing) it. */
function PlanCard({ plan, agency }: { plan: AgencyPlan; agency: TAgency | null }) {
  const d = AGENCY_PLAN_DETAILS[plan];
  const current = agency?.plan === plan && !!agency.plan_expires_at && new Date(agency.plan_expires_at) > new Date();
  const [seats, setSeats] = useState<number>(Math.min(d.maxSeats, Math.max(d.minSeats, agency?.seats_used || (plan === 'bronze' ? 3 : plan === 'silver' ? 10 : 25))));
  const [annual, setAnnual] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = Number.isInteger(seats) && seats >= d.minSeats && seats <= d.maxSeats;
  const buy = async () => {
    if (!agency) return;
    setBusy(true);
    try {
      const result = await buyPlan(agency.auid, { plan: current ? undefined : plan, seats, is_anual: annual });
      if (result.status === 'redirect' && result.checkout_url) window.location.assign(result.checkout_url);
      else toast('success', M.planPaid);
    } catch (err) {
      toast('danger', errorMessage(err, M.saveError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" data-testid={`plan-${plan}`}>
      <Stack gap="sm" h="100%">
        <Title order={2} fz={22}>{d.name} {current ? <Badge ml="xs" variant="light" color="teal">{M.currentPlan}</Badge> : null}</Title>
        <Text fw={600} c="brand.8">{M.perSeat(d.seatPriceMxn)}</Text>
        <List size="sm" spacing={4}>{d.features.map((f) => <List.Item key={f}>{f}</List.Item>)}</List>
        <Stack gap="xs" mt="auto">
          <NumberInput label={M.seatsLabel} min={d.minSeats} max={d.maxSeats} step={1} allowDecimal={false} value={seats}
            onChange={(v) => setSeats(typeof v === 'number' ? v : Number(v) || 0)} />
          <Checkbox label={M.annualLabel} checked={annual} onChange={(e) => setAnnual(e.currentTarget.checked)} />
          <Text fw={600}>{valid ? M.totalLine(planPriceCents(plan, seats, annual)) : M.seatsInvalid(plan)}</Text>
          {agency ? (
            <Button onClick={() => void buy()} loading={busy} disabled={!valid}>{current ? M.renewButton : M.buyButton(d.name)}</Button>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}

/** /plans (spec 01 §2, 03 §2; decision 028): the three agency plans with seats and the annual flag, bought through the payment adapter. */
export function PlansPage() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const query = useQuery({ queryKey: AGENCY_KEYS.my, queryFn: ({ signal }) => getMyAgency(signal), enabled: registered, retry: 0 });
  const agency = query.data?.agency ?? null;
  return (
    <>
      <NavBar variant="realEstateAgents" />
      <Container size="lg" py="xl" component="main">
        <Stack gap="md">
          <Title order={1} fz={28}>{M.plansTitle}</Title>
          <Text>{M.plansIntro}</Text>
          {session?.status === 'ready' && (!registered || (query.isSuccess && !agency)) ? (
            <Alert color="blue">{M.needAgency} <Link to="/agency-control-panel">{M.createAgencyLink}</Link></Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {AGENCY_PLANS.map((p) => <PlanCard key={`${p}-${agency?.auid ?? ''}`} plan={p} agency={agency} />)}
          </SimpleGrid>
          <OwnerPlan />
        </Stack>
      </Container>
    </>
  );
}
