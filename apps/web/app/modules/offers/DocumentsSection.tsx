import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { DOCUMENT_ACCEPT, DOCUMENT_KIND_LABELS, DOCUMENT_MAX_BYTES, type IdentityDocumentType } from '@nj/contracts/documents/constants';
import { DOCUMENT_MESSAGES as M } from '@nj/contracts/documents/messages';
import { PERSON_MESSAGES } from '@nj/contracts/rents/person-messages';
import { ApiError } from '../api/client.ts';
import { clientId, errorMessage } from '../accounts/api.ts';
import { useSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';
import {
  documentsKey, documentUrl, getRentDocuments, postIncomeProof, postProofOfAddress, putIncome, putIneSide,
  type AddressInput, type IncomeInput, type TRentDocuments, type TRentIncome,
} from './documents-api.ts';

type Fields = Record<string, string>;
const fieldsOf = (error: unknown): Fields => (error instanceof ApiError ? ((error.data as { fields?: Fields } | null)?.fields ?? {}) : {});
/** The file's own message, or the call's message when it names no field. */
const fileError = (error: unknown, field: string) => fieldsOf(error)[field] ?? errorMessage(error, M.fileUnreadable);
/** FileInput's placeholder at AA contrast (Mantine's default grey is lighter than 4.5:1 on white). */
const FILE_INPUT_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
/** Refuses an oversize file before sending it (the server checks again). */
const tooLarge = (file: File | null) => (file && file.size > DOCUMENT_MAX_BYTES ? M.fileTooLarge : null);

/** A stored file: its name, a link that opens it, or 'Sin archivo'. */
function StoredFile({ slug, filename }: { slug?: string | null; filename?: string | null }) {
  if (!slug) return <Badge variant="light" color="gray" size="sm">{M.notUploaded}</Badge>;
  return (
    <Group gap={6}>
      <Badge variant="light" color="teal" size="sm">{M.uploaded}</Badge>
      <Anchor href={documentUrl(slug)} target="_blank" rel="noopener" size="sm">{M.view}{filename ? `: ${filename}` : ''}</Anchor>
    </Group>
  );
}

/** One file picker that uploads as soon as a file is chosen; errors under it. */
function UploadControl({ label, description, stored, upload, testId }: {
  label: string; description?: string; stored: { slug?: string | null; filename?: string | null } | null;
  upload: (file: File) => Promise<unknown>; testId: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState<File | null>(null);
  const choose = (file: File | null) => {
    setValue(file);
    setError(null);
    if (!file) return;
    const big = tooLarge(file);
    if (big) return setError(big);
    setBusy(true);
    void upload(file)
      .then(() => { toast('success', M.uploaded); setValue(null); })
      .catch((e: unknown) => setError(fileError(e, 'file')))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap={4} data-testid={testId}>
      <FileInput label={label} description={description ?? M.fileHint} placeholder={stored?.slug ? M.replaceFile : M.chooseFile} accept={DOCUMENT_ACCEPT}
        value={value} onChange={choose} error={error} disabled={busy} clearable={false} styles={FILE_INPUT_STYLES} />
      <StoredFile slug={stored?.slug} filename={stored?.filename} />
    </Stack>
  );
}

const ADDRESS_FIELDS: (keyof AddressInput)[] = ['addr', 'neighborhood', 'city', 'municipality', 'state', 'cp'];
const ADDRESS_LABELS: Record<keyof AddressInput, string> = {
  addr: 'Calle y número', neighborhood: 'Colonia', city: 'Ciudad', municipality: 'Municipio o alcaldía', state: 'Estado', cp: 'Código postal',
};
const STATE_OPTIONS = MX_STATES.map((s) => s.name);

/** The proof of address: its six fields and the file, sent together (spec 03 §5: all required, cp of 5 digits). */
function ProofOfAddressForm({ ruid, docs, onSaved }: { ruid: string; docs: TRentDocuments; onSaved: () => void }) {
  const { client } = useSession();
  const saved = docs.poa;
  const initial = (): AddressInput => ({
    addr: saved?.addr ?? '', neighborhood: saved?.neighborhood ?? '', city: saved?.city ?? '', municipality: saved?.municipality ?? '', state: saved?.state ?? '', cp: saved?.cp ?? '',
  });
  const [address, setAddress] = useState<AddressInput>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setAddress(initial()), [saved?.slug, saved?.created]);
  const set = (k: keyof AddressInput) => (v: string) => {
    setAddress((a) => ({ ...a, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };
  const save = () => {
    const found: Fields = {};
    if (!file) found.file = M.fileRequired;
    else if (tooLarge(file)) found.file = M.fileTooLarge;
    if (!/^\d{5}$/.test(address.cp.trim())) found.cp = PERSON_MESSAGES.postalCodeInvalid;
    if (Object.keys(found).length > 0) return setErrors(found);
    setBusy(true);
    void postProofOfAddress(clientId(client), ruid, address, file!)
      .then(() => { toast('success', M.fieldUpdated); setFile(null); setErrors({}); onSaved(); })
      .catch((e: unknown) => {
        const fields = fieldsOf(e);
        setErrors(Object.keys(fields).length > 0 ? fields : { file: errorMessage(e, M.fileUnreadable) });
      })
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs" data-testid="poa-form">
      <Title order={3} fz="md">{M.poaTitle}</Title>
      <Text size="sm" c="dimmed">{M.poaHelp}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ADDRESS_FIELDS.map((k) => (k === 'state'
          ? <Select key={k} label={ADDRESS_LABELS[k]} data={STATE_OPTIONS} value={address.state || null} onChange={(v) => set('state')(v ?? '')} error={errors.state} searchable />
          : <TextInput key={k} label={ADDRESS_LABELS[k]} value={address[k]} onChange={(e) => set(k)(k === 'cp' ? e.currentTarget.value.replace(/\D/g, '').slice(0, 5) : e.currentTarget.value)}
              error={errors[k]} inputMode={k === 'cp' ? 'numeric' : undefined} maxLength={k === 'cp' ? 5 : 200} autoComplete={k === 'cp' ? 'postal-code' : k === 'addr' ? 'street-address' : 'off'} />))}
        <FileInput label={M.poaTitle} description={M.fileHint} placeholder={saved ? M.replaceFile : M.chooseFile} accept={DOCUMENT_ACCEPT} value={file}
          onChange={(f) => { setFile(f); setErrors(({ file: _gone, ...rest }) => rest); }} error={errors.file} styles={FILE_INPUT_STYLES} />
      </SimpleGrid>
      <StoredFile slug={saved?.slug} filename={saved?.filename} />
      <Group><Button variant="light" onClick={save} loading={busy}>{M.saveAddress}</Button></Group>
    </Stack>
  );
}

/** The income data as the form shows it (income with thousands separators; '' for nothing). */
const incomeValues = (stored: TRentIncome): Required<IncomeInput> => ({
  total_income: stored.total_income === null ? '' : stored.total_income.toLocaleString('en-US'),
  work_company_name: stored.work_company_name ?? '', work_company_phone_number: stored.work_company_phone_number ?? '',
  work_company_webpage: stored.work_company_webpage ?? '',
});

/** Income and employer: each changed field in one call; each refusal under its field. */
function IncomeForm({ ruid, docs, onSaved, withData }: { ruid: string; docs: TRentDocuments; onSaved: () => void; withData: boolean }) {
  const initial = () => incomeValues(docs.income);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof IncomeInput) => (v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };
  const save = () => {
    const before = initial();
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v.trim() !== before[k as keyof IncomeInput])) as IncomeInput;
    if (Object.keys(changed).length === 0) return;
    setBusy(true);
    void putIncome(ruid, changed)
      .then((saved) => {
        toast('success', Object.keys(changed).length > 1 ? M.fieldsUpdated : M.fieldUpdated);
        setErrors({});
        setValues(incomeValues(saved));
        onSaved();
      })
      .catch((e: unknown) => {
        const fields = fieldsOf(e);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else toast('danger', errorMessage(e, M.totalIncomeInvalid));
      })
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs" data-testid="income-form">
      <Title order={3} fz="md">{M.incomeTitle}</Title>
      {withData ? <>
        <Text size="sm" c="dimmed">{M.incomeHelp}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={M.totalIncomeLabel} leftSection="$" inputMode="numeric" value={values.total_income}
            onChange={(e) => set('total_income')(e.currentTarget.value.replace(/[^\d]/g, '').replace(/\B(?=(\d{3})+(?!\d))/g, ','))} error={errors.total_income} />
          <TextInput label={M.companyNameLabel} value={values.work_company_name} maxLength={120} onChange={(e) => set('work_company_name')(e.currentTarget.value)} error={errors.work_company_name} autoComplete="organization" />
          <TextInput label={M.companyPhoneLabel} type="tel" value={values.work_company_phone_number} maxLength={20} onChange={(e) => set('work_company_phone_number')(e.currentTarget.value)} error={errors.work_company_phone_number} />
          <TextInput label={M.companyWebpageLabel} type="url" value={values.work_company_webpage} maxLength={300} placeholder="https://" onChange={(e) => set('work_company_webpage')(e.currentTarget.value)} error={errors.work_company_webpage} />
        </SimpleGrid>
        <Group><Button variant="light" onClick={save} loading={busy}>{M.save}</Button></Group>
      </> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <UploadControl label={DOCUMENT_KIND_LABELS.poi} stored={docs.poi} upload={(f) => postIncomeProof(ruid, 'poi', f).then(onSaved)} testId="poi-upload" />
        <UploadControl label={DOCUMENT_KIND_LABELS.poi_second} stored={docs.poi_second} upload={(f) => postIncomeProof(ruid, 'poi_second', f).then(onSaved)} testId="poi-second-upload" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The renter's documents in the proposal (issue 12 'Identity', 'The proposal'; spec 03 §3 'Identity validation'
 * documents, Rent poa/poi/poi_second/total_income/work_company_*, §5): INE front and back (uploaded as soon as chosen),
 * the proof of address with its six fields, the income data and two proofs of income. Files: photos or PDFs up to
 * 10 MB, judged by the server by content; each refusal shows under its control. Each person sees their own (`role`:
 * the second renter and the aval upload their proofs but the income data is the renter's); the owner gets
 * watermarked copies through the review.
 */
export function DocumentsSection({ ruid, role = 'renter' }: { ruid: string; role?: 'renter' | 'second_renter' | 'aval' }) {
  const queryClient = useQueryClient();
  const docs = useQuery({ queryKey: documentsKey(ruid), queryFn: ({ signal }) => getRentDocuments(ruid, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: documentsKey(ruid) });
  if (docs.isError) return <Text c="red.9" role="alert">{errorMessage(docs.error, M.downloadFailed)}</Text>;
  if (!docs.data) return null;
  const ine = (dtype: IdentityDocumentType) => {
    const current = docs.data[dtype];
    return (
      <UploadControl key={dtype} label={DOCUMENT_KIND_LABELS[dtype]} testId={`${dtype}-upload`}
        stored={current ? { slug: current.documentId, filename: current.filename } : null}
        upload={(f) => putIneSide(dtype, f, current?.documentId).then(refresh)} />
    );
  };
  return (
    <Stack gap="lg" data-testid="documents-section">
      <Title order={2} fz="lg">{M.sectionTitle}</Title>
      <Stack gap="xs">
        <Title order={3} fz="md">{M.ineTitle}</Title>
        <Text size="sm" c="dimmed">{M.ineHelp}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">{ine('ine_front')}{ine('ine_back')}</SimpleGrid>
      </Stack>
      <ProofOfAddressForm key={docs.data.poa?.slug ?? 'none'} ruid={ruid} docs={docs.data} onSaved={refresh} />
      <IncomeForm ruid={ruid} docs={docs.data} onSaved={refresh} withData={role === 'renter'} />
    </Stack>
  );
}
