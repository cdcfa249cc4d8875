import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, PinInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNTS_UI_TIMINGS, ACCOUNT_MESSAGES } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { VERIFICATION_MESSAGES } from '@nj/contracts/verification/messages';
import { ApiError } from '../api/client.ts';
import {
  clientId, errorMessage, isEmailVerified, postPhoneAuth, putClient, sendEmailConfirmation, sendPhoneConfirmation,
} from './api.ts';
import { useSession } from './session.tsx';
import { useCountdown } from './useCountdown.ts';
import { useSuccessNotice } from './success-notice.ts';

/** Tell-me-more step: the bio ('Debes de poner el texto' when empty), saved with PUT /api/v1/client key 'bio'. */
export function BioStep({ onDone }: { onDone: () => void }) {
  const { client, setClient, showError } = useSession();
  const notice = useSuccessNotice();
  const [bio, setBio] = useState(client?.bio ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!bio.trim()) return setError(ACCOUNT_MESSAGES.bioRequired);
    setBusy(true);
    try {
      const updated = await putClient({ key: 'bio', value: bio.trim() });
      if (updated?.cuid) setClient(updated);
      else if (client) setClient({ ...client, bio: bio.trim() });
      notice(ACCOUNT_MESSAGES.updated);
      onDone();
    } catch (err) {
      showError(err, ACCOUNT_MESSAGES.updateDataFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Textarea label={M.bio} placeholder={M.bioPlaceholder} autosize minRows={3} maxRows={8} value={bio}
        onChange={(e) => { setBio(e.currentTarget.value); setError(null); }} error={error} />
      <Group justify="flex-end"><Button onClick={() => void save()} loading={busy}>{M.save}</Button></Group>
    </Stack>
  );
}

/**
 * E-mail step (spec 02 §4): send the verification e-mail, poll `GET /api/v1/client/is_email_verified` every 5 s,
 * resend after a 30 s countdown; when verified shows 'Tu correo ha sido verificado' and calls `onDone`.
 */
export function EmailStep({ onDone }: { onDone: () => void }) {
  const { client, setClient, showError } = useSession();
  const notice = useSuccessNotice();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown(ACCOUNTS_UI_TIMINGS.resendAfterSeconds, false);
  const done = useRef(false);

  const send = async () => {
    setBusy(true);
    try {
      const answer = (await sendEmailConfirmation(clientId(client))) as { resend_in_s?: number; is_email_verified?: boolean } | null;
      if (answer?.is_email_verified) return finish();
      if (sent) notice(VERIFICATION_MESSAGES.resent);
      setSent(true);
      countdown.restart(answer?.resend_in_s || ACCOUNTS_UI_TIMINGS.resendAfterSeconds);
    } catch (err) {
      showError(err, ACCOUNT_MESSAGES.sendMailFailed);
    } finally {
      setBusy(false);
    }
  };
  const finish = () => {
    if (done.current) return;
    done.current = true;
    if (client) setClient({ ...client, is_email_verified: true });
    notice(VERIFICATION_MESSAGES.emailVerified);
    onDone();
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!sent) return;
    const timer = window.setInterval(() => {
      isEmailVerified().then((ok) => { if (ok) finishRef.current(); }).catch(() => {});
    }, ACCOUNTS_UI_TIMINGS.emailPollMs);
    return () => window.clearInterval(timer);
  }, [sent]);

  if (client?.is_email_verified) return <Alert color="teal">{VERIFICATION_MESSAGES.emailAlreadyVerified}</Alert>;
  return (
    <Stack gap="sm">
      <Text size="sm">{M.emailStepText(client?.email ?? '')}</Text>
      {!sent ? (
        <Button onClick={() => void send()} loading={busy}>{M.emailSend}</Button>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">{M.emailWaiting}</Text>
          <Group justify="flex-end">
            <Button variant="subtle" disabled={countdown.remaining > 0} onClick={() => void send()} loading={busy}>
              {countdown.remaining > 0 ? M.resendIn(countdown.remaining) : M.resend}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

type PhoneAnswer = { status?: string; resend_in_s?: number; phone_number?: string | null } | null;

/**
 * Phone step (spec 02 §2 modal 5, §4): a number (Mexico +52 by default), then the 6-digit code sent by WhatsApp
 * (numeric PinInput, paste accepted); resend by SMS after 30 s; the 'contact-us' status blocks further attempts.
 */
export function PhoneStep({ onDone }: { onDone: () => void }) {
  const { client, setClient, showError } = useSession();
  const notice = useSuccessNotice();

  const [countryCode, setCountryCode] = useState(client?.phone_country_code?.replace(/^\+/, '') || '52');
  const [phone, setPhone] = useState(client?.phone_number ?? '');
  const [stage, setStage] = useState<'number' | 'code' | 'contact-us'>('number');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown(ACCOUNTS_UI_TIMINGS.resendAfterSeconds, false);

  const handleStatus = (answer: PhoneAnswer) => {
    if (answer?.status === 'contact-us') setStage('contact-us');
  };
  const onError = (err: unknown, fallback: string) => {
    const message = errorMessage(err, fallback);
    const data = err instanceof ApiError ? (err.data as PhoneAnswer) : null;
    if (data?.status === 'contact-us' || message === VERIFICATION_MESSAGES.tooManyAttempts) setStage('contact-us');
    setError(message);
    if (message === COMMON_MESSAGES.loginRequired) showError(err, fallback);
  };

  const send = async (channel?: 'sms') => {
    if (!phone.trim()) return setError(VERIFICATION_MESSAGES.phoneRequired);
    if (!/^[\d\s()+-]{7,20}$/.test(phone.trim())) return setError(VERIFICATION_MESSAGES.phoneInvalid);
    setBusy(true);
    setError(null);
    try {
      const answer = (await sendPhoneConfirmation(clientId(client), phone.trim(), `+${countryCode.replace(/\D/g, '') || '52'}`, channel)) as PhoneAnswer;
      if (answer?.status === 'verified') return finish(false);
      handleStatus(answer);
      if (answer?.status !== 'contact-us') {
        if (stage === 'code') notice(VERIFICATION_MESSAGES.resent);
        setStage('code');
        countdown.restart(answer?.resend_in_s || ACCOUNTS_UI_TIMINGS.resendAfterSeconds);
      }
    } catch (err) {
      onError(err, COMMON_MESSAGES.generic);
    } finally {
      setBusy(false);
    }
  };
  const finish = (validated: boolean) => {
    if (client) setClient({ ...client, is_phone_verified: true, phone_number: phone.trim() });
    notice(validated ? VERIFICATION_MESSAGES.codeValidated : VERIFICATION_MESSAGES.phoneAlreadyVerified);
    onDone();
  };
  const verify = async (value = code) => {
    if (!/^\d{6}$/.test(value)) return setError(VERIFICATION_MESSAGES.codeFormat);
    setBusy(true);
    setError(null);
    try {
      const answer = (await postPhoneAuth(value)) as PhoneAnswer;
      if (answer?.status === 'contact-us') return setStage('contact-us');
      if (answer && answer.status && answer.status !== 'verified') {
        setCode('');
        return setError(COMMON_MESSAGES.generic);
      }
      finish(true);
    } catch (err) {
      setCode('');
      onError(err, COMMON_MESSAGES.generic);
    } finally {
      setBusy(false);
    }
  };

  if (client?.is_phone_verified && stage === 'number') return <Alert color="teal">{VERIFICATION_MESSAGES.phoneAlreadyVerified}</Alert>;
  if (stage === 'contact-us') {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">{VERIFICATION_MESSAGES.tooManyAttempts}</Alert>
        <Button component={Link} to="/centro-de-ayuda" variant="light">{M.contactUs}</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      {stage === 'number' ? (
        <>
          <Text size="sm">{M.phoneText}</Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={M.countryCode} value={countryCode} w={90} leftSection="+" inputMode="numeric"
              onChange={(e) => setCountryCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} />
            <TextInput label={M.phone} type="tel" autoComplete="tel-national" inputMode="tel" value={phone} style={{ flex: 1 }}
              onChange={(e) => { setPhone(e.currentTarget.value); setError(null); }} />
          </Group>
          <Button onClick={() => void send()} loading={busy}>{M.phoneSend}</Button>
        </>
      ) : (
        <>
          <Text size="sm">{M.phoneCodeText(`+${countryCode} ${phone}`)}</Text>
          <Group justify="center">
            {/* The code step's first box takes the focus when it appears (issue 9 §7). */}
            <PinInput autoFocus length={6} type="number" inputMode="numeric" value={code} oneTimeCode
              onChange={setCode} onComplete={(v) => void verify(v)} aria-label={M.code}
              getInputProps={(index) => ({ 'aria-label': `${M.code} ${index + 1}`, ...(index === 0 ? { 'data-autofocus': true } : {}) })} />
          </Group>
          <Button onClick={() => void verify()} loading={busy}>{M.phoneVerify}</Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => { setStage('number'); setCode(''); setError(null); }}>
              {M.phoneChange}
            </Anchor>
            <Button variant="subtle" size="compact-sm" disabled={countdown.remaining > 0 || busy} onClick={() => void send('sms')}>
              {countdown.remaining > 0 ? M.resendIn(countdown.remaining) : M.phoneResendSms}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
