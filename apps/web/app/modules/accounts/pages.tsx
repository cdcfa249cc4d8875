import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert, Anchor, Avatar, Badge, Button, Center, Container, Group, Loader, Paper, PasswordInput, Stack, Table, Text, Title,
} from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNTS_UI_TIMINGS, ACCOUNT_MESSAGES } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { REFERENCES_MESSAGES } from '@nj/contracts/references/messages';
import { REFERRALS_MESSAGES } from '@nj/contracts/referrals/messages';
import { toast } from '../toast/toast.ts';
import {
  confirmReference, errorMessage, getOutbox, getReferenceByToken, getUcode, postUcode, updatePassword,
  type TOutboxMessage, type TReferenceToConfirm,
} from './api.ts';
import { useSession } from './session.tsx';

/** /restablecer-contrasena?token= — the page the forgot-password e-mail opens: set a new password. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { openModal } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.resetLinkInvalid);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setError(ACCOUNT_MESSAGES.passwordTooShort);
    if (password !== confirm) return setError(M.passwordsDiffer);
    setBusy(true);
    setError(null);
    try {
      await updatePassword({ token, password });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, ACCOUNT_MESSAGES.updatePasswordFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container size={420} py={60}>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={1} fz={24}>{M.resetTitle}</Title>
            {error ? <Alert color="red" role="alert">{error}</Alert> : null}
            {done ? (
              <>
                <Alert color="teal" role="status">{ACCOUNT_MESSAGES.passwordUpdated}</Alert>
                <Button onClick={() => openModal({ name: 'login' })}>{M.loginTitle}</Button>
              </>
            ) : (
              <>
                <PasswordInput label={M.newPassword} description={M.passwordHint} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} disabled={!token} />
                <PasswordInput label={M.confirmPassword} autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} disabled={!token} />
                <Button type="submit" loading={busy} disabled={!token}>{M.resetSubmit}</Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/**
 * /referido/{id} — referral landing (spec 02 §2, §4): after login or sign-up the id is registered
 * (`POST /api/v1/client/ucode`), the success message shows and /cuenta opens 3 s later.
 */
export function useReferralClaim(id: string) {
  const { registered, openModal, afterLogin, showError } = useSession();
  const navigate = useNavigate();
  const [joined, setJoined] = useState(false);
  const register = async () => {
    try {
      await postUcode(id);
      setJoined(true);
      toast('success', REFERRALS_MESSAGES.joined);
      window.setTimeout(() => navigate('/cuenta'), ACCOUNTS_UI_TIMINGS.referralRedirectMs);
    } catch (err) {
      showError(err, COMMON_MESSAGES.thereWasError);
    }
  };
  const claim = () => {
    if (registered) return void register();
    afterLogin(() => void register());
    openModal({ name: 'signup' });
  };
  return { claim, joined };
}

export function ReferralLanding({ id, claim, joined }: { id: string; claim: () => void; joined: boolean }) {
  const [nickname, setNickname] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    getUcode(id).then((r) => setNickname(r?.nickname ?? null)).catch(() => setInvalid(true));
  }, [id]);
  return (
    <Container size={560} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz={28}>{nickname ? REFERRALS_MESSAGES.invitedBy(nickname) : REFERRALS_MESSAGES.landingTitle}</Title>
          {invalid ? <Alert color="red" role="alert">{REFERRALS_MESSAGES.invalidId}</Alert> : null}
          {joined ? <Alert color="teal" role="status">{REFERRALS_MESSAGES.joined} {REFERRALS_MESSAGES.redirecting}</Alert> : <Text>{REFERRALS_MESSAGES.landingCta}</Text>}
          {!joined && !invalid ? <Button size="md" color="teal" onClick={claim}>{REFERRALS_MESSAGES.rewardButton}</Button> : null}
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * /referencia?token= — modal 8 for the external person: '¿Aceptas ser la referencia personal de {nickname}?',
 * 'Acepto', then 'Todo listo!' with 'Comenzar' (sign-up when not logged in). The owner trying to confirm their own
 * reference sees 'No puedes confirmar tu propia referencia' and is sent home.
 */
export function ConfirmReferencePage({ token }: { token: string }) {
  const { registered, openModal } = useSession();
  const navigate = useNavigate();
  const [reference, setReference] = useState<TReferenceToConfirm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return setError(REFERENCES_MESSAGES.findError);
    getReferenceByToken(token).then(setReference).catch((err) => setError(errorMessage(err, REFERENCES_MESSAGES.findError)));
  }, [token]);
  const accept = async () => {
    setBusy(true);
    try {
      await confirmReference(token);
      setDone(true);
    } catch (err) {
      const message = errorMessage(err, REFERENCES_MESSAGES.confirmError);
      toast('danger', message);
      if (message === REFERENCES_MESSAGES.ownReference) navigate('/');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container size={480} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md" align="center" ta="center">
          {error ? <Alert color="red" role="alert">{error}</Alert> : !reference ? <Loader aria-label={M.loading} /> : done || (reference as { is_confirmed?: boolean }).is_confirmed ? (
            <>
              <Title order={1} fz={26}>{REFERENCES_MESSAGES.done}</Title>
              <Button onClick={() => (registered ? navigate('/') : openModal({ name: 'signup' }))}>{REFERENCES_MESSAGES.start}</Button>
            </>
          ) : (
            <>
              <Avatar size={72} radius={72} src={reference.profile_photo_name ? `/media/${reference.profile_photo_name.replace(/\.webp$/, '-thumb.webp')}` : null}>
                {(reference.nickname ?? '?').slice(0, 1).toUpperCase()}
              </Avatar>
              <Title order={1} fz={22}>{REFERENCES_MESSAGES.confirmQuestion(reference.nickname ?? '')}</Title>
              <Button size="md" onClick={() => void accept()} loading={busy}>{REFERENCES_MESSAGES.accept}</Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** /dev/correos — the local outbox (`GET /api/dev/outbox`, newest first): to, subject or channel, text, links, codes. */
export function OutboxPage() {
  const [messages, setMessages] = useState<TOutboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => getOutbox().then((m) => { setMessages(m); setError(null); }).catch((err) => setError(errorMessage(err, COMMON_MESSAGES.fetchError)));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; void load(); }
    const timer = window.setInterval(() => void load(), 5000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={24}>{M.outboxTitle}</Title>
        <Button variant="light" onClick={() => void load()}>{M.outboxRefresh}</Button>
      </Group>
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      {messages === null && !error ? <Center><Loader aria-label={M.loading} /></Center> : null}
      {messages?.length === 0 ? <Text c="dimmed">{M.outboxEmpty}</Text> : null}
      {messages?.length ? (
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.outboxDate}</Table.Th><Table.Th>{M.outboxTo}</Table.Th><Table.Th>{M.outboxSubject}</Table.Th>
              <Table.Th>{M.outboxCodes}</Table.Th><Table.Th>{M.outboxLinks}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((m, i) => (
              <Table.Tr key={m.id ?? i} data-testid="outbox-message">
                <Table.Td><Text size="xs">{m.created_at ? new Date(m.created_at).toLocaleString('es-MX') : ''}</Text></Table.Td>
                <Table.Td><Text size="sm">{m.to}</Text></Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm" mb={4}>{m.channel ?? 'email'}</Badge>
                  <Text size="sm" fw={600}>{m.subject ?? ''}</Text>
                  <div className="nj-outbox-text">{m.text}</div>
                </Table.Td>
                <Table.Td>{(m.codes ?? []).map((c) => <Badge key={c} color="teal" size="lg" mr={4} data-testid="outbox-code">{c}</Badge>)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {(m.links ?? []).map((l) => <Anchor key={l} href={l} size="xs" style={{ wordBreak: 'break-all' }}>{l}</Anchor>)}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Text size="xs" c="dimmed" mt="md"><Anchor component={Link} to="/">NJ Inmuebles</Anchor></Text>
    </Container>
  );
}
