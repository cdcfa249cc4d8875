import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { IDMEX_PREFIX } from '@nj/contracts/rents/person-constants';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { OFFER_KEYS_Q, getPersons, putPersonField, type TRentPerson } from './api.ts';
import { DocumentsSection } from './DocumentsSection.tsx';

const M = OFFER_MESSAGES.ui;
type Field = keyof typeof M.personLabels;
const TEXT_FIELDS: Field[] = ['first_name', 'middle_names', 'first_last_name', 'other_last_names', 'ocupation', 'birthplace', 'curp', 'rfc'];
const ORDER: Field[] = ['first_name', 'middle_names', 'first_last_name', 'other_last_names', 'birthdate', 'lsex', 'civil_status', 'ocupation', 'birthplace', 'birthplace_state', 'curp', 'rfc', 'idmex_code'];
const STATE_OPTIONS = [...MX_STATES.map((s) => ({ value: s.slug, label: s.name })), { value: 'extranjero', label: M.bornAbroad }];
const valuesOf = (person: TRentPerson | null): Record<Field, string> =>
  Object.fromEntries(ORDER.map((f) => [f, (person?.[f] as string | null | undefined) ?? ''])) as Record<Field, string>;

/**
 * The renter's own data in the proposal (issue 12 'The proposal'; spec 03 §3 "Person data", §5): names (first name
 * and first last name required), birthdate, sex, civil status, occupation, birthplace and state, CURP, RFC and the
 * IDMEX of the INE (10 digits shown after 'IDMEX', with the help 'Dónde encuentro mi IDMEX'). 'Guardar mis datos'
 * sends each changed field with its own call, in order, and shows each refusal under its field. `role`: whose data
 * (the second renter and the aval fill in their own on /invitaciones once they accepted). The renter's documents and
 * income follow (DocumentsSection).
 */
export function PersonForm({ ruid, role = 'renter' }: { ruid: string; role?: 'renter' | 'second_renter' | 'aval' }) {
  const queryClient = useQueryClient();
  const persons = useQuery({ queryKey: OFFER_KEYS_Q.persons(ruid), queryFn: ({ signal }) => getPersons(ruid, signal) });
  const [values, setValues] = useState<Record<Field, string>>(valuesOf(null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [help, setHelp] = useState(false);
  const saved = valuesOf(persons.data?.[role] ?? null);
  /** Fields typed but not saved yet: a refetch of the data (another section loading it) must not wipe them. */
  const dirty = useRef(new Set<Field>());
  useEffect(() => {
    if (!persons.data) return;
    const server = valuesOf(persons.data[role]);
    setValues((prev) => {
      const next = { ...server };
      for (const field of dirty.current) next[field] = prev[field];
      return next;
    });
  }, [persons.data]);

  const set = (field: Field) => (value: string) => {
    dirty.current.add(field);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const save = async () => {
    setBusy(true);
    const found: Partial<Record<Field, string>> = {};
    let latest = persons.data;
    for (const field of ORDER) {
      if (values[field].trim() === saved[field]) {
        dirty.current.delete(field);
        continue;
      }
      try {
        latest = await putPersonField(ruid, field, values[field], role);
        dirty.current.delete(field);
      } catch (error) {
        found[field] = error instanceof ApiError ? ((error.data as { fields?: Record<string, string> } | null)?.fields?.[field] ?? error.message) : errorMessage(error, M.loadFailed);
      }
    }
    setErrors(found);
    if (latest) queryClient.setQueryData(OFFER_KEYS_Q.persons(ruid), latest);
    if (Object.keys(found).length === 0) toast('success', M.personSaved);
    setBusy(false);
  };

  if (persons.isError) return <Text c="red.9" role="alert">{errorMessage(persons.error, M.loadFailed)}</Text>;
  const text = (field: Field) => (
    <TextInput key={field} label={M.personLabels[field]} value={values[field]} onChange={(e) => set(field)(e.currentTarget.value)} error={errors[field]}
      maxLength={field === 'curp' ? 18 : field === 'rfc' ? 13 : 80} autoComplete={field === 'first_name' ? 'given-name' : field === 'first_last_name' ? 'family-name' : 'off'} />
  );
  return (
    <Stack gap="sm" data-testid="person-form">
      <Title order={2} fz="lg">{M.personTitle}</Title>
      <Text size="sm" c="dimmed">{M.personIntro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {TEXT_FIELDS.slice(0, 4).map(text)}
        <TextInput type="date" label={M.personLabels.birthdate} value={values.birthdate} onChange={(e) => set('birthdate')(e.currentTarget.value)} error={errors.birthdate} />
        <Select label={M.personLabels.lsex} value={values.lsex || null} onChange={(v) => set('lsex')(v ?? '')} error={errors.lsex}
          data={[{ value: 'female', label: M.lsexOptions.female }, { value: 'male', label: M.lsexOptions.male }]} />
        <Select label={M.personLabels.civil_status} value={values.civil_status || null} onChange={(v) => set('civil_status')(v ?? '')} error={errors.civil_status}
          data={[{ value: 'soltero', label: M.civilStatusOptions.soltero }, { value: 'casado', label: M.civilStatusOptions.casado }]} />
        {text('ocupation')}
        {text('birthplace')}
        <Select label={M.personLabels.birthplace_state} value={values.birthplace_state || null} onChange={(v) => set('birthplace_state')(v ?? '')} error={errors.birthplace_state}
          data={STATE_OPTIONS} searchable />
        {text('curp')}
        {text('rfc')}
        <div>
          <TextInput label={M.personLabels.idmex_code} value={values.idmex_code} inputMode="numeric" maxLength={10} leftSection={<Text size="xs" fw={600}>{IDMEX_PREFIX}</Text>} leftSectionWidth={56}
            onChange={(e) => set('idmex_code')(e.currentTarget.value.replace(/\D/g, ''))} error={errors.idmex_code} />
          <Anchor component="button" type="button" size="sm" mt={4} onClick={() => setHelp(true)}>{M.idmexHelpLink}</Anchor>
        </div>
      </SimpleGrid>
      <Group>
        <Button onClick={() => void save()} loading={busy} variant="light">{M.savePerson}</Button>
      </Group>
      <Modal opened={help} onClose={() => setHelp(false)} title={M.idmexHelpLink} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Text size="sm">{M.idmexHelp}</Text>
          <Group justify="flex-end"><Button onClick={() => setHelp(false)}>{M.idmexHelpClose}</Button></Group>
        </Stack>
      </Modal>
      <Divider my="sm" />
      <DocumentsSection ruid={ruid} role={role} />
    </Stack>
  );
}
