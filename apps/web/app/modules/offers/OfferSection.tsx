import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import type { TRentSummary } from '../chat/api.ts';
import { OFFER_KEYS_Q, getOffer, postStartOffer } from './api.ts';
import { OfferFlow, useOfferMode } from './OfferFlow.tsx';
import { OfferSummary, useRefresh } from './OfferSummary.tsx';
import { OwnerOffer } from './OwnerReview.tsx';
import { TenantFileCard } from './TenantFileCard.tsx';
import { InvestigationForm } from './InvestigationForm.tsx';
import { InventoryLink } from '../inventory/InventoryLink.tsx';

const M = OFFER_MESSAGES.ui;
const BEFORE_OFFER = new Set(['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist']);

/**
 * The renter's side: start a proposal (then its first flow opens), or its summary with the way into the full-screen
 * flows (OfferFlow): 'Continuar la propuesta' while it can be edited, 'Ver la propuesta completa' once sent.
 */
function RenterOffer({ rent }: { rent: TRentSummary }) {
  const refresh = useRefresh(rent.ruid);
  const offer = useQuery({ queryKey: OFFER_KEYS_Q.overview(rent.ruid), queryFn: ({ signal }) => getOffer(rent.ruid, signal) });
  const [mode, go] = useOfferMode();
  const [starting, setStarting] = useState(false);
  if (offer.isError) return <Alert color="red" role="alert">{errorMessage(offer.error, M.loadFailed)}</Alert>;
  if (!offer.data) return <Center h={120}><Loader size="sm" aria-label={M.loadFailed} /></Center>;
  if (BEFORE_OFFER.has(offer.data.step)) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{M.intro}</Text>
        <Button loading={starting} onClick={() => {
          setStarting(true);
          void postStartOffer(rent.ruid)
            .then(() => {
              refresh();
              go('rent-configuration');
            })
            .catch((e: unknown) => toast('danger', errorMessage(e, M.loadFailed)))
            .finally(() => setStarting(false));
        }}>{M.start}</Button>
      </Stack>
    );
  }
  const missing = Object.values(offer.data.missing);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">{M.summaryTitle}</Title>
      <Badge color={rent.stepColor} variant="light">{offer.data.stepLabel}</Badge>
      {offer.data.step === 'on_offer' ? <Text>{M.waitingOwner}</Text> : null}
      {offer.data.step === 'on_accepted_offer' ? <Text>{M.acceptedNote}</Text> : null}
      <InventoryLink ruid={rent.ruid} step={offer.data.step} />
      <OfferSummary offer={offer.data} />
      {offer.data.editable && missing.length > 0 ? (
        <Alert color="yellow" variant="light" title={M.missingTitle}>
          <List size="sm">{missing.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
        </Alert>
      ) : null}
      {offer.data.editable ? <TenantFileCard ruid={rent.ruid} onApplied={refresh} /> : null}
      <Group>
        {offer.data.editable
          ? <Button onClick={() => go('rent-configuration')}>{M.continueOffer}</Button>
          : <Button variant="light" onClick={() => go('final')}>{M.viewFullOffer}</Button>}
      </Group>
      <InvestigationForm rent={rent} step={offer.data.step} />
      {mode ? <OfferFlow rent={rent} offer={offer.data} mode={mode} onChanged={refresh} /> : null}
    </Stack>
  );
}

/**
 * The proposal of a rent process (/propiedades-contactadas/{ruid}?section=propuesta; issue 12 'The proposal' and
 * 'The owner's decision'; spec 03 §2 Tenant flows and Owner modal, §4 'Tenant flow', §5): the renter starts it, fills
 * in the terms (rent and maintenance as digits with separators, deposit, one or two tenants, dates, plan with the neo
 * fee) and sends it after '¿Listo para enviar la propuesta?' with both checkboxes; the owner reads it once sent, with
 * the renter's public profile, and accepts or rejects with a reason over 26 characters.
 */
export function OfferSection({ rent }: { rent: TRentSummary }) {
  return rent.role === 'renter' ? <RenterOffer rent={rent} /> : <OwnerOffer rent={rent} />;
}
