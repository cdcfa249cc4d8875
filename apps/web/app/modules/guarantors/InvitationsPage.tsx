import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Center, Container, FileInput, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DOCUMENT_ACCEPT } from '@nj/contracts/documents/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalChip, type InvitationOption } from '@nj/contracts/rents/guarantor-constants';
import { GUARANTOR_MESSAGES as G } from '@nj/contracts/rents/guarantor-messages';
import type { TGuarantorRecord, TSecondRenterInvitation } from '@nj/contracts/rents/guarantor-schemas';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { PersonForm } from '../offers/PersonForm.tsx';
import { toast } from '../toast/toast.ts';
import { GUARANTOR_KEYS_Q, getMyInvitations, postAnswer, postGuaranteeDocument, putGuarantee, type TMyInvitations } from './api.ts';

const CHIP_COLORS = { review: 'yellow', approved: 'teal', not_approved: 'red' } as const;
const mxn = (n: number | null) => (n === null ? '—' : n.toLocaleString('es-MX', { style: 'currency', currency: 'MXN' }));
const GUARANTEE_FIELDS = ['addr', 'neighborhood', 'city', 'municipality', 'state', 'cp'] as const;
type GuaranteeField = (typeof GUARANTEE_FIELDS)[number];

/** The rent's terms in one line, and whether it is a joint rent. */
function RentLine({ price, fee, months, rtype, addr }: { price: number | null; fee: number | null; months: number; rtype: 'solo' | 'joint'; addr: string | null }) {
  return (
    <Stack gap={2}>
      {addr ? <Text fw={600}>{addr}</Text> : null}
      <Text size="sm">{G.rentDetails(mxn(price), mxn(fee ?? 0), months)}</Text>
      <Text size="sm" c="dimmed">{rtype === 'joint' ? G.jointRent : G.soloRent}</Text>
    </Stack>
  );
}

/** Accept / Reject while pending. */
function AnswerButtons({ busy, onAnswer }: { busy: boolean; onAnswer: (option: InvitationOption) => void }) {
  return (
    <Group gap="sm">
      <Button loading={busy} onClick={() => onAnswer('accept')}>{G.accept}</Button>
      <Button variant="default" disabled={busy} onClick={() => onAnswer('reject')}>{G.reject}</Button>
    </Group>
  );
}

/** The deed or predial of the guarantee property: chosen and uploaded at once; the refusal under the field. */
function GuaranteeDocument({ record, onUploaded }: { record: TGuarantorRecord; onUploaded: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      await postGuaranteeDocument(record.aval_uid, file);
      toast('success', G.guaranteeDocumentSaved);
      onUploaded();
    } catch (e) {
      setError(e instanceof ApiError ? ((e.data as { fields?: Record<string, string> } | null)?.fields?.file ?? e.message) : errorMessage(e, G.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileInput label={G.guaranteeDocumentLabel} accept={DOCUMENT_ACCEPT} onChange={(f) => void send(f)} error={error} disabled={busy}
      placeholder={record.has_guarantee_document ? G.guaranteeDocumentUploaded : G.upload} data-testid="guarantee-document" clearable={false} />
  );
}

/** The aval's guarantee property (atype aval): the address fields, each refusal under its field, and its deed or predial. */
function GuaranteeForm({ record, onSaved, onUploaded }: { record: TGuarantorRecord; onSaved: (data: TMyInvitations) => void; onUploaded: () => void }) {
  const [values, setValues] = useState<Record<GuaranteeField, string>>(() =>
    Object.fromEntries(GUARANTEE_FIELDS.map((f) => [f, record.guarantee?.[f] ?? ''])) as Record<GuaranteeField, string>);
  const [errors, setErrors] = useState<Partial<Record<GuaranteeField, string>>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await putGuarantee(record.aval_uid, values));
      setErrors({});
      toast('success', G.guaranteeSaved);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      if (fields) setErrors(fields);
      else toast('danger', errorMessage(error, G.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="guarantee-form">
      <Title order={3} fz="md">{G.guaranteeTitle}</Title>
      <Text size="sm" c="dimmed">{G.guaranteeIntro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {GUARANTEE_FIELDS.map((f) => (
          <TextInput key={f} label={G.guaranteeLabels[f]} value={values[f]} error={errors[f]} maxLength={f === 'cp' ? 5 : 200}
            inputMode={f === 'cp' ? 'numeric' : undefined}
            onChange={(e) => { const v = e.currentTarget.value; setValues((s) => ({ ...s, [f]: v })); setErrors(({ [f]: _gone, ...rest }) => rest); }} />
        ))}
      </SimpleGrid>
      <Group><Button variant="light" loading={busy} onClick={() => void save()}>{G.save}</Button></Group>
      <GuaranteeDocument record={record} onUploaded={onUploaded} />
    </Stack>
  );
}

/**
 * /invitaciones (issue 12 'The guarantor'; spec 03 §2 Guarantor modal, §6 Guarantor): the rent requests in which the
 * signed-in client is named guarantor (type, confirmation, approval chip, the rent's terms) or second renter, from
 * GET /api/v1/client/iamaval. Pending ones are accepted or rejected here; accepted ones, while the proposal is being
 * prepared, show the person's own data form (role aval or second_renter) and, for an aval with a property, the
 * guarantee's address. `?i=` (the e-mail's link) puts that invitation first. Visitors see the sign-in prompt.
 */
export function InvitationsPage() {
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const [params] = useSearchParams();
  const focus = params.get('i');
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: GUARANTOR_KEYS_Q.mine, queryFn: ({ signal }) => getMyInvitations(signal), enabled: registered, retry: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const answer = async (role: 'aval' | 'second_renter', uid: string, option: InvitationOption) => {
    setBusy(uid);
    try {
      queryClient.setQueryData(GUARANTOR_KEYS_Q.mine, await postAnswer(role, uid, option));
      toast('success', role === 'aval' ? (option === 'accept' ? G.avalAccepted : G.avalRejected) : (option === 'accept' ? G.secondAccepted : G.secondRejected));
    } catch (error) {
      toast('danger', errorMessage(error, G.loadFailed));
      void mine.refetch();
    } finally {
      setBusy(null);
    }
  };
  const saved = (data: TMyInvitations) => queryClient.setQueryData(GUARANTOR_KEYS_Q.mine, data);
  const first = <T,>(list: T[], id: (t: T) => string) => [...list].sort((a, b) => Number(id(b) === focus) - Number(id(a) === focus));

  let body;
  if (session?.status !== 'ready' || (registered && mine.isLoading)) {
    body = <Center py={80}><Loader aria-label={G.pageTitle} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{G.signInTitle}</Title>
        <Text c="dimmed" maw={460}>{G.signInBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: `/invitaciones${focus ? `?i=${encodeURIComponent(focus)}` : ''}` })}>{G.signIn}</Button>
      </Stack>
    );
  } else if (mine.isError || !mine.data) {
    body = (
      <Stack align="center" gap="sm" py={60} role="alert">
        <Text>{errorMessage(mine.error, G.loadFailed)}</Text>
        <Button variant="light" onClick={() => void mine.refetch()}>{G.retry}</Button>
      </Stack>
    );
  } else if (mine.data.aval.length + mine.data.second_renter.length === 0) {
    body = <Text c="dimmed" py={40} ta="center" role="status">{G.noInvitations}</Text>;
  } else {
    body = (
      <Stack gap="md">
        {first(mine.data.aval, (a) => a.aval_uid).map((a) => (
          <AvalCard key={a.aval_uid} record={a} busy={busy === a.aval_uid} onAnswer={(o) => void answer('aval', a.aval_uid, o)} onSaved={saved} onUploaded={() => void mine.refetch()} />
        ))}
        {first(mine.data.second_renter, (s) => s.iuid).map((s) => (
          <SecondRenterCard key={s.iuid} invitation={s} busy={busy === s.iuid} onAnswer={(o) => void answer('second_renter', s.iuid, o)} />
        ))}
      </Stack>
    );
  }
  return (
    <>
      <NavBar variant="properties" />
      <main>
        <Container size="md" py="lg">
          <Stack gap="md">
            <Title order={1} fz={28}>{G.pageTitle}</Title>
            <Text c="dimmed">{G.pageIntro}</Text>
            {body}
          </Stack>
        </Container>
      </main>
    </>
  );
}

/** One guarantor request: who asks, as what, the rent, the state chips; answer, then own data and guarantee. */
function AvalCard({ record, busy, onAnswer, onSaved, onUploaded }: {
  record: TGuarantorRecord; busy: boolean; onAnswer: (o: InvitationOption) => void; onSaved: (d: TMyInvitations) => void; onUploaded: () => void;
}) {
  const chip = approvalChip(record.is_approved);
  const editable = record.status === 'accepted' && record.step === 'client_offer_in_process';
  return (
    <Card withBorder radius="md" padding="md" data-testid="aval-invitation">
      <Stack gap="sm">
        <Text>{G.renterAsks(record.renter_nickname ?? '—')} · {G.asAval} <b>{G.avalTypeLabels[record.atype]}</b></Text>
        <RentLine price={record.price} fee={record.maintenance_fee} months={record.warranty_deposit} rtype={record.rtype} addr={record.addr} />
        <Group gap={6}>
          <Badge variant="light" color={record.is_confirmed ? 'blue' : 'gray'}>{record.is_confirmed ? G.confirmed : G.notConfirmed}</Badge>
          {record.is_confirmed ? <Badge variant="light" color={CHIP_COLORS[chip]}>{G.approvalLabels[chip]}</Badge> : null}
          {record.status === 'rejected' ? <Badge variant="light" color="red">{G.statusLabels.rejected}</Badge> : null}
        </Group>
        {record.status === 'pending' ? <AnswerButtons busy={busy} onAnswer={onAnswer} /> : null}
        {editable ? <PersonForm ruid={record.ruid} role="aval" /> : null}
        {editable && record.atype === 'aval' ? <GuaranteeForm record={record} onSaved={onSaved} onUploaded={onUploaded} /> : null}
      </Stack>
    </Card>
  );
}

/** One second-renter invitation: the rent, its state; answer, then own data. */
function SecondRenterCard({ invitation, busy, onAnswer }: { invitation: TSecondRenterInvitation; busy: boolean; onAnswer: (o: InvitationOption) => void }) {
  const r = invitation.rent;
  return (
    <Card withBorder radius="md" padding="md" data-testid="second-renter-invitation">
      <Stack gap="sm">
        <Text>{G.renterAsks(invitation.renter_nickname ?? '—')} · {G.asSecondRenter}</Text>
        <RentLine price={r.price} fee={r.maintenance_fee} months={r.warranty_deposit} rtype={r.rtype} addr={r.addr} />
        <Group gap={6}><Badge variant="light" color={invitation.status === 'rejected' ? 'red' : 'blue'}>{G.statusLabels[invitation.status]}</Badge></Group>
        {invitation.status === 'pending' ? <AnswerButtons busy={busy} onAnswer={onAnswer} /> : null}
        {invitation.status === 'accepted' && r.step === 'client_offer_in_process' ? <PersonForm ruid={r.ruid} role="second_renter" /> : null}
      </Stack>
    </Card>
  );
}
