import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNTS_UI_TIMINGS, ACCOUNT_MESSAGES } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { OAUTH_PROVIDER_LABELS, oauthBlockedMessage } from '@nj/contracts/oauth/messages';
import { toast } from '../toast/toast.ts';
import {
  clientId, errorMessage, forgotPassword, getOAuthProviders, oauthStartUrl, postLogin, postSignUp, resendPin,
} from './api.ts';
import { useSession } from './session.tsx';
import { useCountdown } from './useCountdown.ts';
import { nicknameFromEmail } from './nickname-from-email.ts';
import { AccountModal } from './AccountModal.tsx';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Social sign-in buttons (spec 02 §2 modal 12): only the providers the server has configured; none → hidden. */
function SocialButtons() {
  const location = useLocation();
  const [providers, setProviders] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    getOAuthProviders().then((p) => alive && setProviders(p)).catch(() => alive && setProviders([]));
    return () => { alive = false; };
  }, []);
  if (!providers.length) return null;
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <>
      <Divider label={M.orContinueWith} labelPosition="center" />
      <Stack gap="xs">
        {providers.map((p) => {
          const label = OAUTH_PROVIDER_LABELS[p as 'google' | 'facebook'] ?? p;
          return (
            <Button
              key={p}
              component="a"
              href={oauthStartUrl(p, returnTo)}
              variant="default"
              fullWidth
              data-provider={p}
              onClick={(event) => {
                // A blocked navigation (extensions, offline) leaves the page as it is: say so (spec 02 §8).
                if (!navigator.onLine) {
                  event.preventDefault();
                  toast('danger', oauthBlockedMessage(p as 'google' | 'facebook'));
                }
              }}
            >
              {M.continueWith(label)}
            </Button>
          );
        })}
      </Stack>
    </>
  );
}

/**
 * Modal 1: e-mail and password, social buttons, forgot-password link. A login flagged is_new (no account with that
 * address) opens the create-account modal prefilled with the e-mail and password (spec 02 §2 modal 1); no PIN is
 * sent until the person confirms there (issue 9 §6: nobody is mailed by surprise).
 */
export function LoginModal({ redirectTo, error }: { redirectTo?: string; error?: string }) {
  const { client, completeLogin, openModal, closeModal } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(error ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_RE.test(email.trim())) return setFormError(ACCOUNT_MESSAGES.emailInvalid);
    if (!password) return setFormError(COMMON_MESSAGES.requiredField);
    setBusy(true);
    setFormError(null);
    try {
      const result = await postLogin({ email: email.trim(), password, existing_id: clientId(client) || undefined });
      if (result.is_new) {
        openModal({ name: 'signup', email: email.trim(), password, fromLogin: true, redirectTo });
        return;
      }
      completeLogin(result, { redirectTo });
    } catch (err) {
      setFormError(errorMessage(err, ACCOUNT_MESSAGES.loginFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountModal onClose={closeModal} title={M.loginTitle} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError ? <Alert color="red" role="alert">{formError}</Alert> : null}
          <TextInput label={M.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required data-autofocus />
          <PasswordInput label={M.password} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
          <Anchor component="button" type="button" size="sm" ta="right" onClick={() => openModal({ name: 'forgot', email })}>
            {M.forgotLink}
          </Anchor>
          <Button type="submit" loading={busy} fullWidth>{M.loginSubmit}</Button>
          <SocialButtons />
          <Text size="sm" ta="center">
            {M.noAccount}{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => openModal({ name: 'signup', email, redirectTo })}>
              {M.createAccountLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountModal>
  );
}

/**
 * Modal 2: e-mail, nickname, password, the terms and privacy statement, then the PIN step (the PIN arrives by
 * e-mail; PinInput accepts paste; resend after a 30 s countdown). Focus starts on the e-mail field, and on the first
 * PIN box at the PIN step (issue 9 §7). `fromLogin` (a login flagged is_new) keeps the e-mail and password typed
 * there, suggests a nickname from the e-mail and says no account was found; the PIN is sent only when the person
 * presses 'Crear Cuenta'.
 */
export function SignUpModal(props: { email?: string; password?: string; fromLogin?: boolean; redirectTo?: string }) {
  const { client, completeLogin, openModal, closeModal } = useSession();
  const [email, setEmail] = useState(props.email ?? '');
  const fromLogin = Boolean(props.fromLogin && props.email);
  const [nickname, setNickname] = useState(fromLogin ? nicknameFromEmail(props.email!) : '');
  const [password, setPassword] = useState(props.password ?? '');
  const [pin, setPin] = useState('');
  const [step, setStep] = useState<'form' | 'pin'>('form');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const countdown = useCountdown(ACCOUNTS_UI_TIMINGS.resendAfterSeconds, false);

  const body = () => ({ client: clientId(client) || undefined, email: email.trim(), nickname: nickname.trim(), password });

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    void sendPin();
  };

  const sendPin = async () => {
    if (!EMAIL_RE.test(email.trim())) return setFormError(ACCOUNT_MESSAGES.emailInvalid);
    if (!nickname.trim() || !password) return setFormError(COMMON_MESSAGES.requiredField);
    if (password.length < 8) return setFormError(ACCOUNT_MESSAGES.passwordTooShort);
    setBusy(true);
    setFormError(null);
    try {
      const answer = await postSignUp(body());
      if (answer?.client && !answer.pin_required) {
        completeLogin({ is_new: false, client: answer.client, settings: answer.settings ?? null }, { fromSignUp: true, redirectTo: props.redirectTo });
        return;
      }
      setStep('pin');
      countdown.restart(answer?.resend_after ?? ACCOUNTS_UI_TIMINGS.resendAfterSeconds);
    } catch (err) {
      setFormError(errorMessage(err, COMMON_MESSAGES.generic));
    } finally {
      setBusy(false);
    }
  };


  const submitPin = async (value = pin) => {
    const upper = value.trim().toUpperCase();
    if (!upper) return setFormError(COMMON_MESSAGES.requiredField);
    setBusy(true);
    setFormError(null);
    try {
      const answer = await postSignUp({ ...body(), pin: upper });
      completeLogin({ is_new: false, client: answer?.client ?? null, settings: answer?.settings ?? null }, { fromSignUp: true, redirectTo: props.redirectTo });
    } catch (err) {
      setFormError(errorMessage(err, COMMON_MESSAGES.generic));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await resendPin(email.trim());
      toast('success', ACCOUNT_MESSAGES.pinResent);
      countdown.restart();
    } catch (err) {
      toast('danger', errorMessage(err, ACCOUNT_MESSAGES.sendMailFailed));
    }
  };

  return (
    <AccountModal onClose={closeModal} title={step === 'form' ? M.signUpTitle : M.pinStepTitle} size="sm">
      {step === 'form' ? (
        <form onSubmit={submitForm} noValidate>
          <Stack gap="sm">
            {formError ? <Alert color="red" role="alert">{formError}</Alert> : null}
            {fromLogin && !formError ? <Alert color="blue" role="status" data-testid="no-account-found">{M.noAccountFound(props.email!.trim())}</Alert> : null}
            <TextInput label={M.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required data-autofocus />
            <TextInput label={M.nickname} autoComplete="nickname" value={nickname} onChange={(e) => setNickname(e.currentTarget.value)} required />
            <PasswordInput label={M.password} description={M.passwordHint} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            <Text size="xs" c="dimmed">
              {M.termsBefore}
              <Anchor href="/terminos-y-condiciones" target="_blank" rel="noopener" size="xs">{M.termsLink}</Anchor>
              {M.termsMiddle}
              <Anchor href="/aviso-de-privacidad" target="_blank" rel="noopener" size="xs">{M.privacyLink}</Anchor>
              {M.termsAfter}
            </Text>
            <Button type="submit" loading={busy} fullWidth>{M.signUpSubmit}</Button>
            <SocialButtons />
            <Text size="sm" ta="center">
              {M.haveAccount}{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => openModal({ name: 'login', redirectTo: props.redirectTo })}>
                {M.loginTitle}
              </Anchor>
            </Text>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {formError ? <Alert color="red" role="alert">{formError}</Alert> : null}
          <Text size="sm">{M.pinStepText(email.trim())}</Text>
          <Group justify="center">
            {/* The PIN step replaces the form inside the same modal: its first box takes the focus. */}
            <PinInput
              autoFocus
              length={6}
              type="alphanumeric"
              value={pin}
              onChange={(v) => setPin(v.toUpperCase())}
              onComplete={(v) => void submitPin(v)}
              aria-label={M.pin}
              getInputProps={(index) => ({ 'aria-label': `${M.pin} ${index + 1}`, style: { textTransform: 'uppercase' }, ...(index === 0 ? { 'data-autofocus': true } : {}) })}
              oneTimeCode
            />
          </Group>
          <Button onClick={() => void submitPin()} loading={busy} fullWidth>{M.pinSubmit}</Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => { setStep('form'); setFormError(null); }}>{M.back}</Anchor>
            <Button variant="subtle" size="compact-sm" disabled={countdown.remaining > 0} onClick={() => void resend()}>
              {countdown.remaining > 0 ? M.resendIn(countdown.remaining) : M.resend}
            </Button>
          </Group>
        </Stack>
      )}
    </AccountModal>
  );
}

/** Modal 3: forgot password, then the e-mail-sent notice (the same answer whether or not the address exists). */
export function ForgotPasswordModal({ email: initial }: { email?: string }) {
  const { openModal, closeModal } = useSession();
  const [email, setEmail] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_RE.test(email.trim())) return setFormError(ACCOUNT_MESSAGES.emailInvalid);
    setBusy(true);
    setFormError(null);
    try {
      await forgotPassword(email.trim());
      openModal({ name: 'emailSent' });
    } catch (err) {
      setFormError(errorMessage(err, ACCOUNT_MESSAGES.sendMailFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountModal onClose={closeModal} title={M.forgotTitle} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError ? <Alert color="red" role="alert">{formError}</Alert> : null}
          <Text size="sm">{M.forgotText}</Text>
          <TextInput label={M.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required data-autofocus />
          <Button type="submit" loading={busy} fullWidth>{M.forgotSubmit}</Button>
          <Anchor component="button" type="button" size="sm" onClick={() => openModal({ name: 'login' })}>{M.back}</Anchor>
        </Stack>
      </form>
    </AccountModal>
  );
}

/** The e-mail-sent notice after forgot password. */
export function EmailSentModal() {
  const { closeModal } = useSession();
  return (
    <AccountModal onClose={closeModal} title={M.emailSentTitle} size="sm">
      <Stack gap="md">
        <Text size="sm">{M.emailSentText}</Text>
        <Button onClick={closeModal} fullWidth>{M.ok}</Button>
      </Stack>
    </AccountModal>
  );
}
