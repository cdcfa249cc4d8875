import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BUREAU_CONSENT_MESSAGES as M, type TBureauConsent } from '@nj/contracts/credit-bureau/consent';
import { ApiError, api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';

const CONSENT_KEY = ['bureau-consent'] as const;
const dateLabel = (iso: string) => new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * The renter's authorization of the credit bureau query in the investigation form (spec 03 §7 multiburopin and
 * multiburopinresend; decision 020): the text they authorize, 'Enviarme el NIP', then the 6-digit NIP and
 * 'Autorizar'; once authorized, until when. Tells `onChange` whether a valid authorization exists; `error` is the
 * form's refusal to show under it.
 */
export function BureauConsentStep({ onChange, error }: { onChange: (authorized: boolean) => void; error?: string }) {
  const queryClient = useQueryClient();
  const consent = useQuery({ queryKey: CONSENT_KEY, queryFn: ({ signal }) => api<TBureauConsent>('GET', '/v1/client/multiburopin', { signal }) });
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const authorizedUntil = consent.data?.valid_until ?? null;
  useEffect(() => onChange(Boolean(authorizedUntil)), [authorizedUntil]);

  const send = () => {
    setBusy('send');
    void api<TBureauConsent>('POST', '/v1/client/multiburopinresend', { body: {} })
      .then((data) => {
        queryClient.setQueryData(CONSENT_KEY, data);
        toast('info', data.pin_sent_to?.startsWith('•') ? M.pinSentPhone(data.pin_sent_to) : M.pinSentEmail(data.pin_sent_to ?? ''));
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.ui.title)))
      .finally(() => setBusy(null));
  };
  const confirm = () => {
    setBusy('confirm');
    setPinError(null);
    void api<TBureauConsent>('POST', '/v1/client/multiburopin', { body: { pin: pin.trim() } })
      .then((data) => {
        queryClient.setQueryData(CONSENT_KEY, data);
        toast('success', M.authorized);
      })
      .catch((e: unknown) => setPinError(e instanceof ApiError ? ((e.data as { fields?: Record<string, string> } | null)?.fields?.pin ?? e.message) : errorMessage(e, M.ui.title)))
      .finally(() => setBusy(null));
  };

  return (
    <Stack gap="xs" data-testid="bureau-consent">
      <Text size="sm" fw={600}>{M.ui.title}</Text>
      <Text size="sm">{M.consentText}</Text>
      {authorizedUntil ? (
        <Text size="sm" c="teal.9" data-testid="bureau-consent-status">{M.ui.authorizedUntil(dateLabel(authorizedUntil))}</Text>
      ) : (
        <>
          {consent.data?.pin_sent_to ? (
            <Group align="flex-end" gap="sm">
              <TextInput label={M.ui.pin} value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric"
                autoComplete="one-time-code" error={pinError ?? undefined} w={180} />
              <Button onClick={confirm} loading={busy === 'confirm'} disabled={pin.length !== 6}>{M.ui.confirm}</Button>
              <Button variant="subtle" onClick={send} loading={busy === 'send'} disabled={(consent.data?.resend_in_s ?? 0) > 0}>{M.ui.resend}</Button>
            </Group>
          ) : (
            <Group><Button variant="light" onClick={send} loading={busy === 'send'}>{M.ui.send}</Button></Group>
          )}
          {error ? <Text size="sm" c="red.9" role="alert">{error}</Text> : null}
        </>
      )}
    </Stack>
  );
}
