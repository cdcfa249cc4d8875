import { useState } from 'react';
import { InventoryLink } from '../inventory/InventoryLink.tsx';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { CREDIT_INVESTIGATION_MESSAGES } from '@nj/contracts/credit-investigation/messages';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { RENTS_MESSAGES } from '@nj/contracts/rents/messages';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import type { TRentSummary } from '../chat/api.ts';
import { OfferSummary, useRefresh } from './OfferSummary.tsx';
import { OFFER_KEYS_Q, getOfferReview, postOfferDecision } from './api.ts';
import { ReviewDocuments } from './ReviewDocuments.tsx';
import { OwnerAvalCard } from './OwnerAvalCard.tsx';
import { InvestigationResults } from './InvestigationResults.tsx';

const M = OFFER_MESSAGES.ui;
/** Spec 03 §5: a cancel reason must be longer than this. */
const REASON_MIN_EXCLUSIVE = 26;

/** The owner's side: the 'Solicitud de renta' (spec 03 §2 Owner) once the proposal is sent; accept or reject. */
export function OwnerOffer({ rent }: { rent: TRentSummary }) {
  const refresh = useRefresh(rent.ruid);
  const review = useQuery({ queryKey: OFFER_KEYS_Q.review(rent.ruid), queryFn: ({ signal }) => getOfferReview(rent.ruid, signal), retry: 0 });
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (review.isError) {
    const notYet = review.error instanceof ApiError && review.error.status === 403;
    return notYet ? <Text data-testid="offer-not-sent">{M.notStartedOwner}</Text> : <Alert color="red" role="alert">{errorMessage(review.error, M.loadFailed)}</Alert>;
  }
  if (!review.data) return <Center h={120}><Loader size="sm" aria-label={M.loadFailed} /></Center>;
  const { offer, renter } = review.data;
  const decide = (decision: 'accept' | 'reject') => {
    setBusy(true);
    void postOfferDecision(rent.ruid, decision, decision === 'reject' ? reason : undefined)
      .then(() => {
        toast('success', decision === 'accept' ? OFFER_MESSAGES.accepted : OFFER_MESSAGES.rejected);
        setRejecting(false);
        refresh();
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.loadFailed)))
      .finally(() => setBusy(false));
  };
  const reasonShort = reason.trim().length <= REASON_MIN_EXCLUSIVE;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">{M.ownerSummaryTitle}</Title>
      <Badge color={rent.stepColor} variant="light">{offer.stepLabel}</Badge>
      <InventoryLink ruid={rent.ruid} step={offer.step} />
      <OfferSummary offer={offer} />
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">{M.renterProfile}</Text>
            <Text fw={600}>{renter.nickname ?? '—'}</Text>
            <Text size="sm">{renter.rating.count > 0 ? `${renter.rating.average?.toFixed(1)} · ${renter.rating.label}` : renter.rating.label}</Text>
            <Group gap={6} mt={4} data-testid="renter-verification">
              <Badge size="sm" variant="light" color={renter.is_email_verified ? 'teal' : 'gray'}>{M.emailVerified(renter.is_email_verified)}</Badge>
              <Badge size="sm" variant="light" color={renter.is_phone_verified ? 'teal' : 'gray'}>{M.phoneVerified(renter.is_phone_verified)}</Badge>
              <Badge size="sm" variant="light" color={renter.is_identity_verified ? 'teal' : 'gray'}>{M.identityVerified(renter.is_identity_verified)}</Badge>
            </Group>
          </Stack>
          <Button component={Link} to={`/perfil?u=${encodeURIComponent(renter.uid)}`} variant="light" size="compact-sm">{M.viewProfile}</Button>
        </Group>
      </Card>
      <OwnerAvalCard ruid={rent.ruid} />
      <Card withBorder padding="sm" radius="md"><InvestigationResults investigation={review.data.investigation} title={CREDIT_INVESTIGATION_MESSAGES.form.ownerResult} /></Card>
      <Card withBorder padding="sm" radius="md"><ReviewDocuments documents={review.data.documents} /></Card>
      {offer.step === 'on_offer' ? (
        <Group gap="sm">
          <Button onClick={() => decide('accept')} loading={busy}>{M.accept}</Button>
          <Button variant="default" color="red" onClick={() => setRejecting(true)} disabled={busy}>{M.reject}</Button>
        </Group>
      ) : null}
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={M.rejectTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Textarea label={M.rejectReason} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={3} maxLength={2000}
            error={reason.length > 0 && reasonShort ? RENTS_MESSAGES.reasonTooShort : undefined} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRejecting(false)}>{M.cancel}</Button>
            <Button color="red.9" onClick={() => decide('reject')} loading={busy} disabled={reasonShort}>{M.confirmReject}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

