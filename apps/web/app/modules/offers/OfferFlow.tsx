import './offers.css';
import { InventoryLink } from '../inventory/InventoryLink.tsx';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert, Anchor, Button, Card, Checkbox, Group, Input, List, Menu, Modal, Radio, SegmentedControl, Select, SimpleGrid, Stack, Stepper, Text, TextInput, Title,
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
import { OFFER_KEYS_Q, getPersons, postSendOffer, putOfferPlan, putOfferTerms, type TOfferOverview, type TRentPerson } from './api.ts';
import { FactsGrid, OfferSummary, dayLabel, mxn } from './OfferSummary.tsx';
import { TenantFileCard } from './TenantFileCard.tsx';
import { IdentityCheck } from '../identity/IdentityCheck.tsx';

const M = OFFER_MESSAGES.ui;

/** The full-screen flows of the proposal, in the spec's order (spec 03 §2 Tenant: chosen by `mode`). */
export const OFFER_MODES = ['rent-configuration', 'more-references', 'final'] as const;
export type OfferMode = (typeof OFFER_MODES)[number];
/** The `mode` query parameter as a flow, or null when absent or unknown. */
export const offerModeOf = (value: string | null): OfferMode | null =>
  (OFFER_MODES as readonly string[]).includes(value ?? '') ? (value as OfferMode) : null;

/** Money as a person types it: digits only, shown with thousands separators (spec 03 §5). */
const moneyText = (raw: string) => {
  const digits = raw.replace(/\D/g, '').slice(0, 9);
  return digits === '' ? '' : Number(digits).toLocaleString('es-MX');
};
const fieldsOf = (error: unknown) => (error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined);

/** Changes the flow shown (null closes it) without a full reload, keeping the other query parameters. */
export function useOfferMode(): [OfferMode | null, (mode: OfferMode | null) => void] {
  const [params, setParams] = useSearchParams();
  const go = (mode: OfferMode | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (mode) next.set('mode', mode);
      else next.delete('mode');
      return next;
    }, { preventScrollReset: true });
  return [offerModeOf(params.get('mode')), go];
}

/** The bar at the bottom of a flow: its buttons, right-aligned, always in view. */
function FlowFooter({ children }: { children: ReactNode }) {
  return <Group className="nj-flow-footer" justify="flex-end" gap="sm">{children}</Group>;
}

/** 'rent-configuration': rent and maintenance (digits with separators; empty is 0), deposit, one or two tenants, dates, plan. */
function TermsStep({ offer, onChanged, go }: { offer: TOfferOverview; onChanged: () => void; go: (m: OfferMode | null) => void }) {
  const [price, setPrice] = useState(offer.price === null ? '' : offer.price.toLocaleString('es-MX'));
  const [maintenance, setMaintenance] = useState(offer.maintenance_fee.toLocaleString('es-MX'));
  const [deposit, setDeposit] = useState(String(offer.warranty_deposit));
  const [rentType, setRentType] = useState<string>(offer.rent_type);
  const [firstDay, setFirstDay] = useState(offer.first_day ?? '');
  const [lastDay, setLastDay] = useState(offer.last_day ?? '');
  const [plan, setPlan] = useState<string>(offer.plan ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** An edited field's error goes away until the next save. */
  const edit = <T,>(key: string, set: (v: T) => void) => (v: T) => {
    set(v);
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** Saves what changed (one batch, then the plan); an unchanged form just succeeds (spec 03 §5). */
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
      const fields = fieldsOf(error);
      // A refusal naming fields shows under them; anything else as a toast.
      if (fields) setErrors(fields);
      else toast('danger', errorMessage(error, M.loadFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!offer.editable) {
    return (
      <>
        <OfferSummary offer={offer} />
        <FlowFooter><Button onClick={() => go(null)}>{M.back}</Button></FlowFooter>
      </>
    );
  }
  return (
    <>
      <Stack gap="md" data-testid="offer-form">
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
      </Stack>
      <FlowFooter>
        <Button variant="default" onClick={() => go(null)} disabled={busy}>{M.cancel}</Button>
        <Button variant="default" onClick={() => void save()} loading={busy}>{M.save}</Button>
        <Button onClick={() => void save().then((ok) => ok && go('more-references'))} loading={busy}>{M.next}</Button>
      </FlowFooter>
    </>
  );
}

/** 'more-references': the account's seven references (6 personal, 1 work) reused; missing ones added here. */
function ReferencesStep({ offer, go }: { offer: TOfferOverview; go: (m: OfferMode | null) => void }) {
  return (
    <>
      <Text size="sm" c="dimmed">{M.referencesIntro}</Text>
      <Card withBorder padding="md" radius="md" data-testid="offer-references"><ReferencesForm /></Card>
      <FlowFooter>
        {offer.editable ? (
          <>
            <Button variant="default" onClick={() => go(null)}>{M.cancel}</Button>
            <Button onClick={() => go('final')}>{M.next}</Button>
          </>
        ) : <Button onClick={() => go(null)}>{M.back}</Button>}
      </FlowFooter>
    </>
  );
}

/** A person's data as the final review lists it; identifiers show only their last characters. */
function PersonSummary({ person }: { person: TRentPerson | null }) {
  if (!person || (!person.first_name && !person.first_last_name)) return <Text size="sm" c="dimmed">{M.personEmpty}</Text>;
  const name = [person.first_name, person.middle_names, person.first_last_name, person.other_last_names].filter(Boolean).join(' ');
  const masked = (v: string | null) => (v ? M.masked(v.slice(-3)) : '—');
  const rows: [string, string][] = [
    [M.personLabels.first_name, name],
    [M.personLabels.birthdate, person.birthdate ? dayLabel(person.birthdate) : '—'],
    [M.personLabels.ocupation, person.ocupation ?? '—'],
    [M.personLabels.civil_status, person.civil_status ? M.civilStatusOptions[person.civil_status] : '—'],
    [M.personLabels.curp, masked(person.curp)],
    [M.personLabels.rfc, masked(person.rfc)],
  ];
  return <FactsGrid rows={rows} />;
}

type SectionKey = keyof typeof M.sections;
const sectionId = (key: SectionKey) => `oferta-${key.replace('_', '-')}`;
const scrollTo = (key: SectionKey) => document.getElementById(sectionId(key))?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** One section of the final review, with its heading (the target of the section menu). */
function ReviewSection({ id, children }: { id: SectionKey; children: ReactNode }) {
  return (
    <section id={sectionId(id)} aria-labelledby={`${sectionId(id)}-h`} className="nj-review-section" data-testid={`review-${id}`}>
      <Title order={2} fz="lg" id={`${sectionId(id)}-h`} mb="sm">{M.sections[id]}</Title>
      {children}
    </section>
  );
}

/**
 * 'final': the review before sending, sections Información de la propiedad, Inquilino, Segundo inquilino (joint
 * rents only), Aval, Propietario, with a floating section menu that collapses below 1140 px (spec 03 §2); editable
 * parts while client_offer_in_process; 'Guardar y enviar propuesta' opens '¿Listo para enviar la propuesta?' with
 * the two checkboxes and their three messages (spec 03 §5).
 */
function FinalStep({ rent, offer, onChanged, go }: { rent: TRentSummary; offer: TOfferOverview; onChanged: () => void; go: (m: OfferMode | null) => void }) {
  const persons = useQuery({ queryKey: OFFER_KEYS_Q.persons(offer.ruid), queryFn: ({ signal }) => getPersons(offer.ruid, signal) });
  const [confirming, setConfirming] = useState(false);
  const [declared, setDeclared] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const sections: SectionKey[] = ['property', 'renter', ...(offer.rent_type === 'joint' ? (['second_renter'] as const) : []), 'aval', 'owner'];
  const editable = offer.editable;

  const send = async () => {
    setBusy(true);
    try {
      await postSendOffer(offer.ruid, declared, accepted);
      toast('success', OFFER_MESSAGES.sent);
      setConfirming(false);
      onChanged();
      go(null);
    } catch (error) {
      if (fieldsOf(error)) setConfirming(false);
      toast('danger', errorMessage(error, M.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  const checkboxMessage = !declared && !accepted ? OFFER_MESSAGES.termsAndTruth : !declared ? OFFER_MESSAGES.truthOnly : !accepted ? OFFER_MESSAGES.termsOnly : null;
  const missing = Object.values(offer.missing);

  return (
    <>
      {editable ? <TenantFileCard ruid={offer.ruid} onApplied={onChanged} /> : null}
      <div className="nj-review">
        <nav className="nj-review-nav" aria-label={M.sectionsNav}>
          <Stack gap={4}>
            {sections.map((key) => (
              <Anchor key={key} component="button" type="button" ta="left" fw={600} py={4} onClick={() => scrollTo(key)}>{M.sections[key]}</Anchor>
            ))}
          </Stack>
        </nav>
        <div className="nj-review-menu">
          <Menu position="bottom-start">
            <Menu.Target><Button variant="default" size="compact-md">{M.sectionsMenu}</Button></Menu.Target>
            <Menu.Dropdown>
              {sections.map((key) => <Menu.Item key={key} onClick={() => scrollTo(key)}>{M.sections[key]}</Menu.Item>)}
            </Menu.Dropdown>
          </Menu>
        </div>
        <Stack gap="xl" className="nj-review-sections">
          <ReviewSection id="property">
            <Stack gap="sm">
              <Anchor component={Link} to={`/propiedades/${encodeURIComponent(rent.slug)}`} fw={700}>{rent.title}</Anchor>
              <OfferSummary offer={offer} />
              <InventoryLink ruid={offer.ruid} step={offer.step} />
            </Stack>
          </ReviewSection>
          <ReviewSection id="renter">
            {editable ? (
              <Stack gap="md">
                <Card withBorder padding="md" radius="md"><PersonForm ruid={offer.ruid} /></Card>
                <Card withBorder padding="md" radius="md"><IdentityCheck /></Card>
              </Stack>
            ) : <PersonSummary person={persons.data?.renter ?? null} />}
          </ReviewSection>
          {offer.rent_type === 'joint' ? (
            <ReviewSection id="second_renter">
              <Stack gap="md">
                <PersonSummary person={persons.data?.second_renter ?? null} />
                {editable ? <Card withBorder padding="md" radius="md"><GuarantorSection ruid={offer.ruid} rentType={offer.rent_type} part="second_renter" /></Card> : null}
              </Stack>
            </ReviewSection>
          ) : null}
          <ReviewSection id="aval">
            {editable ? (
              <Card withBorder padding="md" radius="md"><GuarantorSection ruid={offer.ruid} rentType={offer.rent_type} part="aval" /></Card>
            ) : <PersonSummary person={persons.data?.aval ?? null} />}
          </ReviewSection>
          <ReviewSection id="owner">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Text size="sm" c="dimmed">{M.ownerName}</Text>
                <Text fw={600}>{rent.counterpart?.nickname ?? '—'}</Text>
              </Stack>
              {rent.counterpart ? <Button component={Link} to={`/perfil?u=${encodeURIComponent(rent.counterpart.uid)}`} variant="light" size="compact-sm">{M.viewProfile}</Button> : null}
            </Group>
          </ReviewSection>
          {editable && missing.length > 0 ? (
            <Alert color="yellow" variant="light" title={M.missingTitle} data-testid="offer-missing">
              <List size="sm">{missing.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
            </Alert>
          ) : null}
        </Stack>
      </div>
      <FlowFooter>
        {editable ? (
          <>
            <Button variant="default" onClick={() => go(null)}>{M.cancel}</Button>
            <Button onClick={() => setConfirming(true)}>{M.saveAndSend}</Button>
          </>
        ) : <Button onClick={() => go(null)}>{M.back}</Button>}
      </FlowFooter>
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
    </>
  );
}

/**
 * The proposal's full-screen flows (spec 03 §2 Tenant; issue 12 'The proposal'), chosen by `?mode=` in the spec's
 * order — 'rent-configuration', 'more-references', 'final' — with a step bar to move between them. Buttons Cancelar,
 * Guardar/Siguiente and 'Guardar y enviar propuesta'; outside client_offer_in_process the same screens read only and
 * show 'Regresar'. Leaving changes the route without a full reload; the server decides what may be edited.
 */
export function OfferFlow({ rent, offer, mode, onChanged }: { rent: TRentSummary; offer: TOfferOverview; mode: OfferMode; onChanged: () => void }) {
  const [, go] = useOfferMode();
  const active = OFFER_MODES.indexOf(mode);
  return (
    <Modal opened onClose={() => go(null)} fullScreen title={M.modeTitles[mode]} transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }} classNames={{ body: 'nj-flow-body' }}>
      <Stack gap="lg" className="nj-flow" data-testid={`offer-flow-${mode}`}>
        <Stepper active={active} onStepClick={(i) => go(OFFER_MODES[i] ?? null)} size="sm" aria-label={M.flowLabel} allowNextStepsSelect={!offer.editable}>
          {OFFER_MODES.map((m) => <Stepper.Step key={m} label={M.modeTitles[m]} />)}
        </Stepper>
        {mode === 'rent-configuration' ? <TermsStep key={offer.step} offer={offer} onChanged={onChanged} go={go} /> : null}
        {mode === 'more-references' ? <ReferencesStep offer={offer} go={go} /> : null}
        {mode === 'final' ? <FinalStep rent={rent} offer={offer} onChanged={onChanged} go={go} /> : null}
      </Stack>
    </Modal>
  );
}
