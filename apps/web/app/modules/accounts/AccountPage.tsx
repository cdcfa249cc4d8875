import { useEffect, useState } from 'react';
import {
  Avatar, Badge, Button, CopyButton, Divider, Group, Paper, PasswordInput, Stack, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNT_MESSAGES } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { PROFILE_PHOTO_MESSAGES } from '@nj/contracts/media/messages';
import { REFERENCES_MESSAGES } from '@nj/contracts/references/messages';
import { REFERRALS_MESSAGES } from '@nj/contracts/referrals/messages';
import { toast } from '../toast/toast.ts';
import { getClient, getReferrals, photoUrl, putClient, type TReferralsPage } from './api.ts';
import { ProfileNudge } from './ProfileNudge.tsx';
import { ReferencesForm } from './ReferencesForm.tsx';
import { PersonalDataErasure } from './PersonalDataErasure.tsx';
import { IdentityCheck } from '../identity/IdentityCheck.tsx';
import { IDENTITY_UI_MESSAGES } from '@nj/contracts/identity-check/messages';
import { DATA_ERASURE_MESSAGES } from '@nj/contracts/data-erasure/messages';
import { useSession } from './session.tsx';
import { BankAccountsSection } from '../bank-accounts/BankAccountsSection.tsx';

function formatMxn(value: number): string {
  return new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0 }).format(value);
}

/**
 * /cuenta (spec 02 §2): nickname, bio, phone, password (with the current one), photo, the completeness nudge,
 * verification, the referral programme and personal references. Reads `GET /api/v1/client`; each field is saved
 * with `PUT /api/v1/client { key, value }`.
 */
export function AccountPage() {
  const { client, setClient, openModal, showError, registered } = useSession();
  const [nickname, setNickname] = useState(client?.nickname ?? '');
  const [bio, setBio] = useState(client?.bio ?? '');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [referrals, setReferrals] = useState<TReferralsPage | null>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (!registered) return;
    getClient().then((c) => { setClient(c); setNickname(c.nickname ?? ''); setBio(c.bio ?? ''); }).catch((err) => showError(err, COMMON_MESSAGES.fetchError));
  }, [registered]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!registered) return;
    getReferrals(page).then((r) => setReferrals((prev) => (prev && page > 1 ? { ...r, referrals: [...prev.referrals, ...r.referrals] } : r))).catch(() => {});
  }, [registered, page]);

  const save = async (key: 'nickname' | 'bio' | 'password', value: string, extra: { old_password?: string } = {}) => {
    if (key === 'bio' && !value.trim()) return setErrors({ bio: ACCOUNT_MESSAGES.bioRequired });
    if (key === 'nickname' && !value.trim()) return setErrors({ nickname: COMMON_MESSAGES.requiredField });
    if (key === 'password') {
      if (!extra.old_password) return setErrors({ old_password: COMMON_MESSAGES.requiredField });
      if (value.length < 8) return setErrors({ password: ACCOUNT_MESSAGES.passwordTooShort });
    }
    setErrors({});
    setBusy(key);
    try {
      const updated = await putClient({ key, value: key === 'password' ? value : value.trim(), ...extra });
      if (updated?.cuid) setClient(updated);
      toast('success', ACCOUNT_MESSAGES.updated);
      if (key === 'password') { setOldPassword(''); setNewPassword(''); }
    } catch (err) {
      showError(err, key === 'password' ? ACCOUNT_MESSAGES.updatePasswordFailed : ACCOUNT_MESSAGES.updateDataFailed);
    } finally {
      setBusy(null);
    }
  };

  if (!registered || !client) {
    return (
      <Stack align="center" py={80} gap="md">
        <Text>{COMMON_MESSAGES.loginRequired}</Text>
        <Button onClick={() => openModal({ name: 'login' })}>{M.loginTitle}</Button>
      </Stack>
    );
  }
  const shareLink = referrals?.ucode && typeof window !== 'undefined' ? `${window.location.origin}/referido/${referrals.ucode}` : '';

  return (
    <div className="nj-account-page">
      <Stack gap="lg">
        <Title order={1} fz={28}>{M.accountTitle}</Title>
        <ProfileNudge />
        <Paper withBorder radius="md" p="lg" component="section" aria-label={M.profileSection}>
          <Stack gap="md">
            <Title order={2} fz="xl">{M.profileSection}</Title>
            <Group gap="md">
              <Avatar src={photoUrl(client, 'full')} size={88} radius={88} alt={client.nickname ?? ''}>
                {(client.nickname ?? '?').slice(0, 1).toUpperCase()}
              </Avatar>
              <Button variant="light" onClick={() => openModal({ name: 'photo' })}>{client.profile_photo_name ? PROFILE_PHOTO_MESSAGES.change : PROFILE_PHOTO_MESSAGES.select}</Button>
            </Group>
            <Text size="sm">{M.email}: <b>{client.email}</b></Text>
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput label={M.nickname} value={nickname} onChange={(e) => setNickname(e.currentTarget.value)} error={errors.nickname} style={{ flex: 1 }} />
              <Button onClick={() => void save('nickname', nickname)} loading={busy === 'nickname'} aria-label={`${M.save} ${M.nickname}`}>{M.save}</Button>
            </Group>
            <Textarea label={M.bio} placeholder={M.bioPlaceholder} autosize minRows={3} value={bio} onChange={(e) => setBio(e.currentTarget.value)} error={errors.bio} />
            <Group justify="flex-end">
              <Button onClick={() => void save('bio', bio)} loading={busy === 'bio'} aria-label={`${M.save} ${M.bio}`}>{M.save}</Button>
            </Group>
            <Text size="sm">{M.emoney}: <b>{formatMxn(client.emoney ?? 0)}</b></Text>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-label={M.verificationSection}>
          <Stack gap="sm">
            <Title order={2} fz="xl">{M.verificationSection}</Title>
            <Group justify="space-between">
              <Badge color={client.is_email_verified ? 'teal' : 'yellow'} variant="light" size="lg">
                {client.is_email_verified ? M.emailStatusVerified : M.emailStatusPending}
              </Badge>
              {!client.is_email_verified ? <Button variant="light" onClick={() => openModal({ name: 'verification' })}>{M.verifyEmail}</Button> : null}
            </Group>
            <Group justify="space-between">
              <Stack gap={0}>
                <Badge color={client.is_phone_verified ? 'teal' : 'yellow'} variant="light" size="lg">
                  {client.is_phone_verified ? M.phoneStatusVerified : M.phoneStatusPending}
                </Badge>
                {client.phone_number ? <Text size="sm" c="dimmed" mt={4}>{M.phone}: {client.phone_country_code ?? ''} {client.phone_number}</Text> : null}
              </Stack>
              <Button variant="light" onClick={() => openModal({ name: 'phone' })}>{M.verifyPhone}</Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" id="identidad" aria-label={IDENTITY_UI_MESSAGES.title} style={{ scrollMarginTop: 80 }}>
          <IdentityCheck />
        </Paper>

        <BankAccountsSection />

        <Paper withBorder radius="md" p="lg" component="section" aria-label={M.securitySection}>
          <Stack gap="sm">
            <Title order={2} fz="xl">{M.securitySection}</Title>
            <PasswordInput label={M.oldPassword} autoComplete="current-password" value={oldPassword} onChange={(e) => setOldPassword(e.currentTarget.value)} error={errors.old_password} />
            <PasswordInput label={M.newPassword} description={M.passwordHint} autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} error={errors.password} />
            <Group justify="flex-end">
              <Button onClick={() => void save('password', newPassword, { old_password: oldPassword })} loading={busy === 'password'}>{M.changePassword}</Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-label={REFERRALS_MESSAGES.programTitle}>
          <Stack gap="sm">
            <Title order={2} fz="xl">{REFERRALS_MESSAGES.programTitle}</Title>
            <Text size="sm">{REFERRALS_MESSAGES.rewardBody}</Text>
            {shareLink ? (
              <Group gap="xs" wrap="nowrap">
                <TextInput label={REFERRALS_MESSAGES.shareLink} value={shareLink} readOnly style={{ flex: 1 }} />
                <CopyButton value={shareLink}>
                  {({ copied, copy }) => <Button mt={24} variant="light" onClick={copy}>{copied ? REFERRALS_MESSAGES.copied : REFERRALS_MESSAGES.copy}</Button>}
                </CopyButton>
              </Group>
            ) : null}
            <Divider label={REFERRALS_MESSAGES.myReferrals} labelPosition="left" />
            {referrals && referrals.referrals.length === 0 ? <Text size="sm" c="dimmed">{REFERRALS_MESSAGES.noReferrals}</Text> : null}
            {referrals?.referrals.map((r) => (
              <Group key={r.uid} gap="sm"><Text size="sm" fw={600}>{r.nickname ?? '—'}</Text><Text size="xs" c="dimmed">{new Date(r.joined_at).toLocaleDateString('es-MX')}</Text></Group>
            ))}
            {referrals && referrals.referrals.length < referrals.total ? <Button variant="subtle" onClick={() => setPage((p) => p + 1)}>{REFERRALS_MESSAGES.more}</Button> : null}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-label={REFERENCES_MESSAGES.title}>
          <ReferencesForm />
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-label={DATA_ERASURE_MESSAGES.ui.title}>
          <PersonalDataErasure />
        </Paper>
      </Stack>
    </div>
  );
}
