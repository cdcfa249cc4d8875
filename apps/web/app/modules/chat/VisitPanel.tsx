import { useState } from 'react';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { ActionIcon, Button, Group, Modal, Rating, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { APPT_RATING_LABELS, CHAT_UI_MESSAGES as M, RENTS_MESSAGES } from '@nj/contracts/rents/messages';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { postCancelVisit, postProposeTimes, postRequestVisit, postReview, type TAppointment, type TRentSummary } from './api.ts';
import { PROPOSAL_TIMES, proposalDays, visitLabel } from './chat-time.ts';

type Slot = { date: string; time: string };

/**
 * The owner's 'Proponer horarios' dialog (issue 11 'Visits'; spec 02 §5 propose window): 1 to 5 day + time rows, days
 * from tomorrow to 7 days ahead in the owner's zone, times every half hour from 08:00 to 20:00; sent with the zone.
 */
function ProposeTimesModal({ ruid, zone, opened, onClose, onDone }: { ruid: string; zone: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const days = proposalDays(Date.now(), zone);
  const [slots, setSlots] = useState<Slot[]>([{ date: days[0]!.value, time: '10:00' }]);
  const [busy, setBusy] = useState(false);
  const set = (i: number, patch: Partial<Slot>) => setSlots((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = async () => {
    setBusy(true);
    try {
      await postProposeTimes(ruid, slots, zone);
      onDone();
      onClose();
    } catch (error) {
      toast('danger', errorMessage(error, M.messagesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={M.proposeTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{M.proposeHint(zone)}</Text>
        {slots.map((slot, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="propose-slot">
            <Select label={M.proposeDay} data={days} value={slot.date} onChange={(v) => v && set(i, { date: v })} allowDeselect={false} style={{ flex: 2 }} comboboxProps={{ withinPortal: true }} />
            <Select label={M.proposeTime} data={[...PROPOSAL_TIMES]} value={slot.time} onChange={(v) => v && set(i, { time: v })} allowDeselect={false} style={{ flex: 1 }} comboboxProps={{ withinPortal: true }} />
            {slots.length > 1 ? (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={M.removeTime} onClick={() => setSlots((s) => s.filter((_, j) => j !== i))}>×</ActionIcon>
            ) : null}
          </Group>
        ))}
        {slots.length < 5 ? (
          <Button variant="subtle" onClick={() => setSlots((s) => [...s, { date: days[Math.min(s.length, days.length - 1)]!.value, time: '10:00' }])}>{M.addTime}</Button>
        ) : null}
        <Button onClick={() => void submit()} loading={busy}>{M.sendProposal}</Button>
      </Stack>
    </Modal>
  );
}

/** Rating 1–5 with the spec's labels (Baja … Excelente) and an optional comment, once per side after the visit. */
function ReviewForm({ auid, role, onDone }: { auid: string; role: 'renter' | 'owner'; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await postReview(auid, rating, comment);
      onDone();
    } catch (error) {
      toast('danger', errorMessage(error, M.messagesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="visit-review">
      <Text fw={600} size="sm" id={`rate-${auid}`}>{role === 'renter' ? M.rateOwner : M.rateRenter}</Text>
      <Group gap="sm">
        <Rating value={rating} onChange={setRating} size="lg" aria-labelledby={`rate-${auid}`} getSymbolLabel={(value) => APPT_RATING_LABELS[value - 1] ?? String(value)} />
        <Text size="sm" c="dimmed" aria-live="polite">{rating ? APPT_RATING_LABELS[rating - 1] : ''}</Text>
      </Group>
      <Textarea label={M.rateComment} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={2000} autosize minRows={2} maxRows={5} />
      <Button size="sm" onClick={() => void submit()} loading={busy} disabled={!rating} style={{ alignSelf: 'flex-start' }}>{M.rateSend}</Button>
    </Stack>
  );
}

/**
 * The visit part of a conversation (issue 11 'Visits'; spec 02 §4 steps and tags): what each side may do at the
 * rent's step — the renter requests a visit (hello) and confirms one of the proposed times; the owner proposes times;
 * either side cancels ('Error al cancelar la cita' on failure); once the visit has ended each side rates the other.
 * Times are shown in the viewer's own zone. `onConfirm(st)` confirms a proposed instant (the conversation also marks
 * the proposal message's selected option) and opens the confirmed modal.
 */
export function VisitPanel({ rent, appointment, reviewedByMe, zone, onChanged, onConfirm, confirmBusy }: {
  rent: TRentSummary; appointment: TAppointment | null; reviewedByMe: boolean; zone: string;
  onChanged: () => void; onConfirm: (st: string) => void; confirmBusy: boolean;
}) {
  const [proposeOpen, setProposeOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await fn();
      onChanged();
    } catch (error) {
      toast('danger', errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };
  const renter = rent.role === 'renter';
  const step = rent.step;
  const cancel = <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => void run(() => postCancelVisit(rent.ruid), RENTS_MESSAGES.cancelApptFailed)}>{M.cancelVisit}</Button>;
  let body: React.ReactNode = null;
  if (step === 'hello') {
    body = renter
      ? <Button size="sm" onClick={() => void run(() => postRequestVisit(rent.ruid), M.messagesFailed)} loading={busy}>{M.requestVisit}</Button>
      : <Text size="sm" c="dimmed">{M.visitNone}</Text>;
  } else if (step === 'appt_requested') {
    body = renter ? (
      <Group gap="xs"><Text size="sm">{M.visitRequested}</Text>{cancel}</Group>
    ) : (
      <Stack gap={6} align="flex-start"><Text size="sm">{M.visitRequestedOwner}</Text><Group gap="xs"><Button size="sm" onClick={() => setProposeOpen(true)}>{M.proposeTimes}</Button>{cancel}</Group></Stack>
    );
  } else if (step === 'appt_confirmation_requested' && appointment) {
    body = renter ? (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{M.chooseTime}</Text>
        <Group gap="xs">
          {appointment.proposed.map((p) => (
            <Button key={p.st} size="xs" variant="light" loading={confirmBusy} onClick={() => onConfirm(p.st)}>{M.confirmTime(visitLabel(p.st, zone))}</Button>
          ))}
        </Group>
        {cancel}
      </Stack>
    ) : (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{M.waitingConfirmation}</Text>
        <ul className="nj-chat-times">{appointment.proposed.map((p) => <li key={p.st}>{visitLabel(p.st, zone)}</li>)}</ul>
        <Group gap="xs"><Button size="xs" variant="light" onClick={() => setProposeOpen(true)}>{M.proposeTimes}</Button>{cancel}</Group>
      </Stack>
    );
  } else if (step === 'appt_assist' && appointment?.st) {
    const ended = !!appointment.et && Date.parse(appointment.et) <= Date.now();
    body = (
      <Stack gap={6} align="flex-start">
        <Text size="sm" fw={600} data-testid="visit-confirmed">{M.visitOn(visitLabel(appointment.st, zone))}</Text>
        {ended
          ? reviewedByMe ? <Text size="sm" c="teal.9">{M.rated}</Text> : <ReviewForm auid={appointment.auid} role={rent.role} onDone={onChanged} />
          : <><Text size="xs" c="dimmed">{M.rateAfter}</Text>{cancel}</>}
      </Stack>
    );
  }
  if (!body) return null;
  return (
    <section className="nj-chat-visit" aria-labelledby={`visit-${rent.ruid}`} data-testid="visit-panel">
      <Title order={3} fz="sm" id={`visit-${rent.ruid}`}>{M.visitTitle}</Title>
      <div className="nj-chat-visit-body">{body}</div>
      {!renter ? <ProposeTimesModal ruid={rent.ruid} zone={zone} opened={proposeOpen} onClose={() => setProposeOpen(false)} onDone={onChanged} /> : null}
    </section>
  );
}
