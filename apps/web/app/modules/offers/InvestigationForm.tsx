import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Divider, FileInput, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { QUICK_INVESTIGATION_FEE_MXN } from '@nj/contracts/credit-investigation/constants';
import { CREDIT_INVESTIGATION_MESSAGES } from '@nj/contracts/credit-investigation/messages';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '@nj/contracts/documents/constants';
import { DOCUMENT_MESSAGES } from '@nj/contracts/documents/messages';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import type { TRentSummary } from '../chat/api.ts';
import { OFFER_KEYS_Q, getPersons } from './api.ts';
import { documentsKey, getRentDocuments } from './documents-api.ts';
import { getInvestigation, investigationKey, postInvestigation } from './investigation-api.ts';
import { InvestigationResults } from './InvestigationResults.tsx';
import { mxn } from './OfferSummary.tsx';
import { BureauConsentStep } from './BureauConsentStep.tsx';

const M = CREDIT_INVESTIGATION_MESSAGES;
const L = M.form.labels;
/** Steps in which the renter may ask for the investigation (the server checks again). */
const STEPS = new Set(['client_offer_in_process', 'on_offer']);
const TEXT_FIELDS = [
  'first_name', 'other_names', 'first_last_name', 'other_last_names', 'birthdate', 'rfc', 'curp', 'nationality', 'total_income',
  'address', 'neighborhood', 'municipality', 'city', 'state', 'cp',
  'partner_first_name', 'partner_first_last_name', 'partner_other_last_names', 'partner_email', 'partner_phone',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FileField = 'proof_of_address' | 'proof_of_income' | 'partner_proof_of_income';
/** FileInput's placeholder at AA contrast (Mantine's default grey is lighter than 4.5:1 on white). */
const FILE_INPUT_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const EMPTY = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
/** Money as a person types it: digits only, shown with thousands separators. */
const moneyText = (raw: string) => {
  const digits = raw.replace(/\D/g, '').slice(0, 9);
  return digits === '' ? '' : Number(digits).toLocaleString('es-MX');
};

/**
 * The renter's credit-investigation form (issue 12 'Investigation'; spec 03 §3 "Credit-investigation form", §7 POST
 * /v1/rents/creditinvestigation): prefilled from the renter's data and stored proofs in the rent (names, birthdate,
 * RFC, CURP, address of the proof of address, income), with the proofs to attach or reuse, an optional partner, and
 * the authorization to query the bureau. Field errors come back under each field; a failure keeps everything typed.
 */
function InvestigationModal({ ruid, step, opened, onClose }: { ruid: string; step: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const persons = useQuery({ queryKey: OFFER_KEYS_Q.persons(ruid), queryFn: ({ signal }) => getPersons(ruid, signal), enabled: opened });
  const documents = useQuery({ queryKey: documentsKey(ruid), queryFn: ({ signal }) => getRentDocuments(ruid, signal), enabled: opened });
  const [values, setValues] = useState<Record<TextField, string>>({ ...EMPTY, nationality: 'MX' });
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [reuse, setReuse] = useState({ poa: false, poi: false });
  const [partner, setPartner] = useState(false);
  const [authorized, setAuthorized] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [prefilled, setPrefilled] = useState(false);

  useEffect(() => {
    if (prefilled || !persons.data || !documents.data) return;
    const r = persons.data.renter;
    const poa = documents.data.poa;
    const state = MX_STATES.find((s) => s.name === poa?.state || s.slug === poa?.state)?.name ?? poa?.state ?? '';
    const known: Partial<Record<TextField, string>> = {
      first_name: r?.first_name ?? '', other_names: r?.middle_names ?? '', first_last_name: r?.first_last_name ?? '', other_last_names: r?.other_last_names ?? '',
      birthdate: r?.birthdate ?? '', rfc: r?.rfc ?? '', curp: r?.curp ?? '',
      total_income: documents.data.income.total_income ? documents.data.income.total_income.toLocaleString('es-MX') : '',
      address: poa?.addr ?? '', neighborhood: poa?.neighborhood ?? '', municipality: poa?.municipality ?? '', city: poa?.city ?? '', state, cp: poa?.cp ?? '',
    };
    // Only into empty fields: what the person already typed stays.
    setValues((v) => Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f] || known[f] || ''])) as Record<TextField, string>);
    setReuse({ poa: Boolean(poa), poi: Boolean(documents.data.poi) });
    setPrefilled(true);
  }, [prefilled, persons.data, documents.data]);

  const set = (field: TextField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const text = (field: TextField, extra: { type?: string; maxLength?: number; transform?: (v: string) => string; required?: boolean } = {}) => (
    <TextInput label={L[field]} type={extra.type} value={values[field]} maxLength={extra.maxLength ?? 200} withAsterisk={extra.required}
      onChange={(e) => set(field)((extra.transform ?? ((v: string) => v))(e.currentTarget.value))} error={errors[field] || undefined} />
  );
  const filesAllowed = step === 'client_offer_in_process';
  const file = (field: FileField) => (
    <FileInput label={L[field]} description={DOCUMENT_MESSAGES.fileHint} placeholder={DOCUMENT_MESSAGES.chooseFile} accept={DOCUMENT_ACCEPT} clearable
      clearButtonProps={{ 'aria-label': M.form.removeFile }} styles={FILE_INPUT_STYLES}
      value={files[field] ?? null} error={errors[field] || undefined}
      onChange={(f) => {
        setFiles((all) => ({ ...all, [field]: f ?? undefined }));
        setErrors((e) => ({ ...e, [field]: f && f.size > DOCUMENT_MAX_BYTES ? DOCUMENT_MESSAGES.fileTooLarge : '' }));
      }} />
  );

  const submit = () => {
    if (!authorized) return setErrors((e) => ({ ...e, authorize: M.form.authorizeRequired }));
    const fields: Record<string, string> = { ruid, renter_type: 'renter', existing_poa: String(reuse.poa && !files.proof_of_address), existing_poi: String(reuse.poi && !files.proof_of_income) };
    for (const f of TEXT_FIELDS) {
      if (f.startsWith('partner_') && !partner) continue;
      if (values[f].trim() !== '') fields[f] = f === 'total_income' ? values[f].replace(/\D/g, '') : values[f].trim();
    }
    setBusy(true);
    void postInvestigation(fields, partner ? files : { proof_of_address: files.proof_of_address, proof_of_income: files.proof_of_income })
      .then((data) => {
        queryClient.setQueryData(investigationKey(ruid), data);
        void queryClient.invalidateQueries({ queryKey: OFFER_KEYS_Q.review(ruid) });
        void queryClient.invalidateQueries({ queryKey: documentsKey(ruid) });
        toast('success', M.done);
        setFiles({});
        onClose();
      })
      .catch((e: unknown) => {
        const fields = e instanceof ApiError ? ((e.data as { fields?: Record<string, string> } | null)?.fields ?? {}) : {};
        setErrors(fields);
        toast('danger', errorMessage(e, M.form.title));
        void queryClient.invalidateQueries({ queryKey: investigationKey(ruid) });
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={M.form.title} size="lg" closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <Stack gap="sm" data-testid="investigation-form">
        <Text size="sm">{M.form.intro}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('first_name', { required: true })}
          {text('other_names')}
          {text('first_last_name', { required: true })}
          {text('other_last_names', { required: true })}
          {text('birthdate', { type: 'date', required: true })}
          {text('rfc', { maxLength: 13, transform: (v) => v.toUpperCase(), required: true })}
          {text('curp', { maxLength: 18, transform: (v) => v.toUpperCase() })}
          {text('total_income', { transform: moneyText, required: true })}
          {text('address', { required: true })}
          {text('neighborhood')}
          {text('municipality', { required: true })}
          {text('city', { required: true })}
          <Select label={L.state} withAsterisk value={values.state || null} onChange={(v) => set('state')(v ?? '')} error={errors.state || undefined} searchable
            data={MX_STATES.map((s) => s.name)} />
          {text('cp', { maxLength: 5, transform: (v) => v.replace(/\D/g, ''), required: true })}
        </SimpleGrid>
        <Divider />
        {filesAllowed ? file('proof_of_address') : null}
        {documents.data?.poa ? <Checkbox label={L.existing_poa} checked={reuse.poa} onChange={(e) => setReuse((r) => ({ ...r, poa: e.currentTarget.checked }))} error={errors.existing_poa || undefined} /> : null}
        {filesAllowed ? file('proof_of_income') : null}
        {documents.data?.poi ? <Checkbox label={L.existing_poi} checked={reuse.poi} onChange={(e) => setReuse((r) => ({ ...r, poi: e.currentTarget.checked }))} error={errors.existing_poi || undefined} /> : null}
        <Checkbox label={L.partner} checked={partner} onChange={(e) => setPartner(e.currentTarget.checked)} />
        {partner ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('partner_first_name', { required: true })}
            {text('partner_first_last_name', { required: true })}
            {text('partner_other_last_names')}
            {text('partner_email', { type: 'email', required: true })}
            {text('partner_phone', { type: 'tel', maxLength: 16 })}
            {filesAllowed ? file('partner_proof_of_income') : null}
          </SimpleGrid>
        ) : null}
        <Text size="sm" c="dimmed">{M.form.fee(mxn(QUICK_INVESTIGATION_FEE_MXN))}</Text>
        <BureauConsentStep error={errors.authorize || undefined} onChange={(ok) => { setAuthorized(ok); if (ok) setErrors((x) => ({ ...x, authorize: '' })); }} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>{M.form.cancel}</Button>
          <Button onClick={submit} loading={busy}>{M.form.submit}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The renter's investigation in the rent process (issue 12 'Investigation'): its results as the owner will read them
 * (InvestigationResults) and the button that opens the form, while the proposal is in process or sent.
 */
export function InvestigationForm({ rent, step }: { rent: TRentSummary; step: string }) {
  const investigation = useQuery({ queryKey: investigationKey(rent.ruid), queryFn: ({ signal }) => getInvestigation(rent.ruid, signal) });
  const [opened, setOpened] = useState(false);
  if (investigation.isError) return <Alert color="red" role="alert">{errorMessage(investigation.error, M.form.title)}</Alert>;
  if (investigation.data === undefined) return null;
  return (
    <Stack gap="sm" data-testid="investigation-section">
      <Title order={2} fz="lg">{M.form.title}</Title>
      {investigation.data ? <InvestigationResults investigation={investigation.data} payable onPaid={() => void investigation.refetch()} /> : <Text size="sm">{M.form.intro}</Text>}
      {investigation.data?.outcome ? (
        <Anchor href={`/api/v1/rents/creditinvestigation/pdf?ruid=${encodeURIComponent(rent.ruid)}`} size="sm" data-testid="credit-report-pdf">{M.form.downloadReport}</Anchor>
      ) : null}
      {STEPS.has(step) ? (
        <Group>
          <Button variant={investigation.data ? 'light' : 'filled'} onClick={() => setOpened(true)}>{investigation.data ? M.form.again : M.form.open}</Button>
        </Group>
      ) : null}
      {opened ? <InvestigationModal ruid={rent.ruid} step={step} opened={opened} onClose={() => setOpened(false)} /> : null}
    </Stack>
  );
}
