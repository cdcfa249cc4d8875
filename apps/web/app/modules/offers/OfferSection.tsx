import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert, Anchor, Badge, Button, Card, Center, Checkbox, Group, Input, List, Loader, Modal, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { NEO_LEGAL_FEE_MXN, OFFER_LIMITS, type TOfferKey } from '@nj/contracts/rents/offer-constants';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import type { TRentSummary } from '../chat/api.ts';
import { ReferencesForm } from '../accounts/ReferencesForm.tsx';
import { PersonForm } from './PersonForm.tsx';
import { GuarantorSection } from './GuarantorSection.tsx';
import { OFFER_KEYS_Q, getOffer, postSendOffer, postStartOffer, putOfferPlan, putOfferTerms, type TOfferOverview } from './api.ts';
import { OfferSummary, mxn, useRefresh } from './OfferSummary.tsx';
import { OwnerOffer } from './OwnerReview.tsx';

const M = OFFER_MESSAGES.ui;
const BEFORE_OFFER = new Set(['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist']);
/** Money as a person types it: digits only, shown with thousands separators (spec 03 §5). */
const moneyText = (raw: string) => {
  const digits = raw.replace(/\D/g, '').slice(0, 9);
  return digits === '' ? '' : Number(digits).toLocaleString('es-MX');
};

/** The renter's form in client_offer_in_process: terms, plan, then the final confirmation with both checkboxes. */
function OfferForm({ offer, onChanged }: { offer: TOfferOverview; onChanged: () => void }) {
  const [price, setPrice] = useState(offer.price === null ? '' : offer.price.toLocaleString('es-MX'));
  const [maintenance, setMaintenance] = useState(offer.maintenance_fee.toLocaleString('es-MX'));
  const [deposit, setDeposit] = useState(String(offer.warranty_deposit));
  const [rentType, setRentType] = useState<string>(offer.rent_type);
  const [firstDay, setFirstDay] = useState(offer.first_day ?? '');
  const [lastDay, setLastDay] = useState(offer.last_day ?? '');
  const [plan, setPlan] = useState<string>(offer.plan ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** An edited field's error goes away until the next save. */
  const edit = <T,>(key: string, set: (v: T) => void) => (v: T) => {
    set(v);
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [declared, setDeclared] = useState(false);
  const [accepted, setAccepted] = useState(false);

  /** Saves what changed (one batch, then the plan); true when everything was saved. */
  const save = async (): Promise<boolean> => {
    const wanted: { key: TOfferKey; value: string | number }[] = [
      { key: 'price', value: price.replace(/\D/g, '') },
      { key: 'maintenance_fee', value: maintenance.replace(/\D/g, '') },
      { key: 'warranty_deposit', value: Number(deposit) },
      { key: 'rent_type', value: rentType },
      ...(firstDay ? [{ key: 'first_day' as const, value: firstDay }] : []),
      ...(lastDay ? [{ key: 'last_day' as const, value: lastDay }] : []),
    ];
    const current: Record<string, unknown> = { ...offer, price: offer.price === null ? '' : String(offer.price), maintenance_fee: String(offer.maintenance_fee) };
    const changed = wanted.filter((c) => String(current[c.key] ?? '') !== String(c.value));
    setBusy(true);
    setErrors({});
    try {
      if (changed.length > 0) await putOfferTerms(offer.ruid, changed);
      if (plan && plan !== offer.plan) await putOfferPlan(offer.ruid, plan as 'basic' | 'neo');
      onChanged();
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      if (fields) setErrors(fields);
      toast('danger', errorMessage(error, M.loadFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      await postSendOffer(offer.ruid, declared, accepted);
      toast('success', OFFER_MESSAGES.sent);
      setConfirming(false);
      onChanged();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      if (fields) {
        setErrors(fields);
        setConfirming(false);
      }
      toast('danger', errorMessage(error, M.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  const checkboxMessage = !declared && !accepted ? OFFER_MESSAGES.termsAndTruth : !declared ? OFFER_MESSAGES.truthOnly : !accepted ? OFFER_MESSAGES.termsOnly : null;
  const missing = Object.values(offer.missing);
  return (
    <Stack gap="md" data-testid="offer-form">
      <Title order={2} fz="lg">{M.rentConfiguration}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={M.price} inputMode="numeric" value={price} onChange={(e) => edit('price', setPrice)(moneyText(e.currentTarget.value))} error={errors.price} leftSection="$"
          description={`${mxn(OFFER_LIMITS.minRent)} – ${mxn(OFFER_LIMITS.maxRent)}`} />
        <TextInput label={M.maintenance} inputMode="numeric" value={maintenance} onChange={(e) => edit('maintenance_fee', setMaintenance)(moneyText(e.currentTarget.value))} error={errors.maintenance_fee} leftSection="$" />
        <Select label={M.deposit} value={deposit} onChange={(v) => edit('warranty_deposit', setDeposit)(v ?? '1')} allowDeselect={false} error={errors.warranty_deposit}
          data={Array.from({ length: OFFER_LIMITS.maxDepositMonths + 1 }, (_, n) => ({ value: String(n), label: M.depositMonths(n) }))} />
        <Input.Wrapper label={M.rentType} id="offer-rent-type" error={errors.rent_type}>
          <SegmentedControl fullWidth value={rentType} onChange={edit('rent_type', setRentType)}
            data={[{ value: 'solo', label: M.rentTypeOptions.solo }, { value: 'joint', label: M.rentTypeOptions.joint }]} />
        </Input.Wrapper>
        <TextInput type="date" label={M.firstDay} value={firstDay} onChange={(e) => edit('first_day', setFirstDay)(e.currentTarget.value)} error={errors.first_day} />
        <TextInput type="date" label={M.lastDay} value={lastDay} onChange={(e) => edit('last_day', setLastDay)(e.currentTarget.value)} error={errors.last_day} />
      </SimpleGrid>
      <Radio.Group label={M.plan} value={plan} onChange={edit('plan', setPlan)} error={errors.plan}>
        <Stack gap="xs" mt={6}>
          <Radio value="basic" label={M.planBasic} />
          <Radio value="neo" label={M.planNeo(mxn(NEO_LEGAL_FEE_MXN))} />
        </Stack>
      </Radio.Group>
      <Card withBorder padding="md" radius="md"><PersonForm ruid={offer.ruid} /></Card>
      <Card withBorder padding="md" radius="md"><GuarantorSection ruid={offer.ruid} rentType={offer.rent_type} /></Card>
      {/* 'more-references' (spec 03 §2): the account's seven references are reused; missing ones are added here. */}
      <Card withBorder padding="md" radius="md" data-testid="offer-references"><ReferencesForm /></Card>
      {missing.length > 0 ? (
        <Alert color="yellow" variant="light" title={M.missingTitle} data-testid="offer-missing">
          <List size="sm">{missing.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => void save()} loading={busy} variant="default">{M.save}</Button>
        <Button onClick={() => void save().then((ok) => ok && setConfirming(true))} loading={busy}>{M.saveAndSend}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={OFFER_MESSAGES.confirmSend} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Checkbox label={M.declareTrue} checked={declared} disabled={busy} onChange={(e) => setDeclared(e.currentTarget.checked)} />
          <Checkbox label={M.acceptTerms} checked={accepted} disabled={busy} onChange={(e) => setAccepted(e.currentTarget.checked)} />
          <Anchor component={Link} to="/terminos-y-condiciones" target="_blank" size="sm">{M.termsLink}</Anchor>
          {checkboxMessage ? <Text size="sm" c="red.9" role="status">{checkboxMessage}</Text> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>{M.cancel}</Button>
            <Button onClick={() => void send()} loading={busy} disabled={checkboxMessage !== null}>{M.send}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The renter's side: start a proposal, fill it in, or read what was sent. */
function RenterOffer({ rent }: { rent: TRentSummary }) {
  const refresh = useRefresh(rent.ruid);
  const offer = useQuery({ queryKey: OFFER_KEYS_Q.overview(rent.ruid), queryFn: ({ signal }) => getOffer(rent.ruid, signal) });
  const [starting, setStarting] = useState(false);
  if (offer.isError) return <Alert color="red" role="alert">{errorMessage(offer.error, M.loadFailed)}</Alert>;
  if (!offer.data) return <Center h={120}><Loader size="sm" aria-label={M.loadFailed} /></Center>;
  if (BEFORE_OFFER.has(offer.data.step)) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{M.intro}</Text>
        <Button loading={starting} onClick={() => {
          setStarting(true);
          void postStartOffer(rent.ruid).then(refresh).catch((e: unknown) => toast('danger', errorMessage(e, M.loadFailed))).finally(() => setStarting(false));
        }}>{M.start}</Button>
      </Stack>
    );
  }
  if (offer.data.editable) return <OfferForm key={`${offer.data.step}`} offer={offer.data} onChanged={refresh} />;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">{M.summaryTitle}</Title>
      <Badge color={rent.stepColor} variant="light">{offer.data.stepLabel}</Badge>
      {offer.data.step === 'on_offer' ? <Text>{M.waitingOwner}</Text> : null}
      {offer.data.step === 'on_accepted_offer' ? <Text>{M.acceptedNote}</Text> : null}
      <OfferSummary offer={offer.data} />
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
