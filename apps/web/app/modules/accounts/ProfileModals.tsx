import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { GiftIcon } from '../layout/icons.tsx';
import confetti from 'canvas-confetti';
import { ACCOUNTS_UI_MESSAGES as M, ACCOUNTS_UI_TIMINGS } from '@nj/contracts/accounts/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { PROFILE_PHOTO_MESSAGES } from '@nj/contracts/media/messages';
import { REWARDS_MESSAGES } from '@nj/contracts/rewards/messages';
import { toast } from '../toast/toast.ts';
import { claimWelcomeReward, errorMessage } from './api.ts';
import { isStepDone, PROFILE_STEPS, type ProfileStep } from './completeness.ts';
import { PhotoEditor } from './PhotoEditor.tsx';
import { useSession } from './session.tsx';
import { BioStep, EmailStep, PhoneStep } from './VerificationSteps.tsx';
import { AccountModal } from './AccountModal.tsx';
import { SuccessNoticeContext } from './success-notice.ts';

const STEP_LABELS: Record<ProfileStep, string> = {
  'tell-me-more': M.stepTellMeMore, 'profile-picture': M.stepPicture, email: M.stepEmail, phone: M.stepPhone,
};

/**
 * Modal 4, complete profile: steps tell-me-more, profile-picture, e-mail, phone; each can be skipped ('Omitir') and
 * a step whose data is present is skipped automatically (after sign-up by PIN the e-mail is already verified). Each
 * step's success message shows inside the modal, not as a toast (issue 9 §6: one thing at a time). At the end the
 * client is refreshed and, when all four are done, 'Tu perfil se ha completado de manera exitosa' shows.
 */
export function CompleteProfileModal() {
  const { client, closeModal, refresh } = useSession();
  const [skipped, setSkipped] = useState<ProfileStep[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = PROFILE_STEPS.find((s) => !skipped.includes(s) && !isStepDone(client, s)) ?? null;
  const active = current ? PROFILE_STEPS.indexOf(current) : PROFILE_STEPS.length;
  const finished = useRef(false);

  useEffect(() => {
    if (current || finished.current) return;
    finished.current = true;
    void (async () => {
      const fresh = await refresh({ showError: true });
      const c = fresh?.client ?? client;
      if (PROFILE_STEPS.every((s) => isStepDone(c, s))) toast('success', M.profileCompleted);
      closeModal();
    })();
  }, [current, client, refresh, closeModal]);

  const skip = () => { if (current) { setNotice(null); setSkipped((s) => [...s, current]); } };
  const next = () => { /* the step's data is now present: the next pending step shows */ };
  return (
    <AccountModal onClose={closeModal} title={M.completeTitle} size="lg">
      <Stepper active={active} size="sm" allowNextStepsSelect={false} mb="md">
        {PROFILE_STEPS.map((s) => <Stepper.Step key={s} label={STEP_LABELS[s]} />)}
      </Stepper>
      {notice ? <Alert color="teal" role="status" mb="sm">{notice}</Alert> : null}
      {current ? (
        <SuccessNoticeContext.Provider value={setNotice}>
        <Stack gap="sm">
          <Title order={3} fz="lg">{STEP_LABELS[current]}</Title>
          {current === 'tell-me-more' ? <BioStep onDone={next} /> : null}
          {current === 'profile-picture' ? <PhotoEditor onSaved={next} onCancel={skip} /> : null}
          {current === 'email' ? <EmailStep onDone={next} /> : null}
          {current === 'phone' ? <PhoneStep onDone={next} /> : null}
          <Group justify="flex-start"><Button variant="subtle" color="gray" onClick={skip}>{M.skip}</Button></Group>
        </Stack>
        </SuccessNoticeContext.Provider>
      ) : null}
    </AccountModal>
  );
}

/**
 * Modal 6, verification: e-mail then phone (identity); on close, a client who is not an agent is asked
 * '¿Eres agente inmobiliario?' with 'No soy agente' (close) and 'Darme de alta' (→ /agency-control-panel).
 */
export function VerificationModal() {
  const { client, settings, closeModal } = useSession();
  const navigate = useNavigate();
  const steps = useMemo(() => (['email', 'phone'] as const), []);
  const [index, setIndex] = useState(() => (client?.is_email_verified ? 1 : 0));
  const [asking, setAsking] = useState(false);
  const close = () => (settings?.is_agent || asking ? closeModal() : setAsking(true));
  const advance = () => (index + 1 < steps.length ? setIndex(index + 1) : close());
  return (
    <AccountModal onClose={close} title={asking ? M.areYouAgent : M.verificationTitle} size="md">
      {asking ? (
        <Stack gap="md">
          <Group justify="flex-end">
            <Button variant="default" onClick={closeModal}>{M.notAgent}</Button>
            <Button onClick={() => { closeModal(); navigate('/agency-control-panel'); }}>{M.becomeAgent}</Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Stepper active={index} onStepClick={setIndex} size="sm" mb="md">
            <Stepper.Step label={M.stepEmail} />
            <Stepper.Step label={M.stepPhone} />
          </Stepper>
          {steps[index] === 'email' ? <EmailStep onDone={advance} /> : <PhoneStep onDone={advance} />}
          <Group justify="flex-start" mt="sm"><Button variant="subtle" color="gray" onClick={advance}>{M.skip}</Button></Group>
        </>
      )}
    </AccountModal>
  );
}

/** Modal 7: 'Agrega una foto de perfil' (no photo yet) or 'Cambia tu foto de perfil'. */
export function PhotoModal() {
  const { client, closeModal } = useSession();
  return (
    <AccountModal onClose={closeModal} title={client?.profile_photo_name ? PROFILE_PHOTO_MESSAGES.titleChange : PROFILE_PHOTO_MESSAGES.titleAdd} size="md">
      <PhotoEditor onSaved={closeModal} onCancel={closeModal} />
    </AccountModal>
  );
}

/** Modal 5 on its own (from /cuenta). */
export function PhoneModal() {
  const { closeModal } = useSession();
  return (
    <AccountModal onClose={closeModal} title={M.phoneTitle} size="md">
      <PhoneStep onDone={closeModal} />
    </AccountModal>
  );
}

function fireConfetti() {
  const wide = window.innerWidth >= ACCOUNTS_UI_TIMINGS.confettiWideMinPx;
  void confetti({ particleCount: 120, spread: 75, origin: { y: 0.6 }, zIndex: 10_000, disableForReducedMotion: true });
  if (!wide) return;
  // Extra bursts from both sides on wide screens (spec 02 §2 modal 9: width 991 px or more).
  window.setTimeout(() => void confetti({ particleCount: 80, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, zIndex: 10_000, disableForReducedMotion: true }), 250);
  window.setTimeout(() => void confetti({ particleCount: 80, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, zIndex: 10_000, disableForReducedMotion: true }), 400);
}

/**
 * Modal 9, award: '¡Felicidades!' with the button to claim the 200 MXN and confetti. Claiming shows 'Has recibido tus
 * $200 mxn con éxito' in the modal itself (no toast) and, unless `followUp` is false, the complete-profile modal
 * replaces it 3 s later (spec 02 §4) or at once with 'Continuar': one step at a time after sign-up (issue 9 §6).
 * Closing the modal ends the run there.
 */
export function AwardModal({ followUp = true }: { followUp?: boolean }) {
  const { closeModal, openModal, refresh, showError } = useSession();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  useEffect(() => { fireConfetti(); }, []);
  useEffect(() => {
    if (!claimed || !followUp) return;
    const timer = window.setTimeout(() => openModal({ name: 'completeProfile' }), ACCOUNTS_UI_TIMINGS.rewardFollowUpMs);
    return () => window.clearTimeout(timer);
  }, [claimed, followUp, openModal]);
  const claim = async () => {
    setBusy(true);
    try {
      await claimWelcomeReward();
      setClaimed(true);
      fireConfetti();
      void refresh();
    } catch (err) {
      showError(err, errorMessage(err, COMMON_MESSAGES.thereWasError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountModal onClose={closeModal} title={REWARDS_MESSAGES.awardTitle} size="sm">
      <Stack gap="md" align="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden><GiftIcon size={40} /></ThemeIcon>
        {claimed ? (
          <>
            <Alert color="teal" role="status" w="100%">
              <Text fw={600}>{REWARDS_MESSAGES.claimed}</Text>
              {followUp ? <Text size="sm">{M.awardNext}</Text> : null}
            </Alert>
            <Button onClick={() => (followUp ? openModal({ name: 'completeProfile' }) : closeModal())} fullWidth data-autofocus>
              {followUp ? M.awardContinue : M.close}
            </Button>
          </>
        ) : (
          <>
            <Text ta="center">{REWARDS_MESSAGES.awardBody}</Text>
            <Button onClick={() => void claim()} loading={busy} fullWidth data-autofocus>{REWARDS_MESSAGES.claimButton}</Button>
          </>
        )}
      </Stack>
    </AccountModal>
  );
}
