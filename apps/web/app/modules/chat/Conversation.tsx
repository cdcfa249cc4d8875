import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { Link } from 'react-router';
import { ActionIcon, Alert, Anchor, Avatar, Badge, Button, Center, FileButton, Group, Loader, Menu, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_UI_MESSAGES as M, RENTS_API_MESSAGES, RENTS_MESSAGES } from '@nj/contracts/rents/messages';
import { MEDIA_URL_PREFIX } from '@nj/contracts/media/constants';
import { errorMessage } from '../accounts/api.ts';
import { api } from '../api/client.ts';
import { ArrowLeftIcon, DotsIcon, PaperclipIcon } from '../layout/icons.tsx';
import { toast } from '../toast/toast.ts';
import { formatPrice } from '../properties/format.ts';
import {
  CHAT_KEYS, getAppointment, getRent, postAttachment, postBlock, postConfirmVisit, postDiscard, putSelectedOption, type TChatMessage, type TRentSummary,
} from './api.ts';
import { browserTimeZone, dayLabel, visitLabel } from './chat-time.ts';
import { useChatStatus, useConversation } from './hooks.ts';
import { groupByDay } from './messages-list.ts';
import { MessageBubble, PendingBubble } from './MessageBubble.tsx';
import { newClientMessageId } from './outbox.ts';
import { VisitPanel } from './VisitPanel.tsx';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** Steps whose conversation no longer takes messages (RENTS_MESSAGES.conversationClosed on the server). */
const CLOSED_STEPS = new Set(['owner_discard', 'renter_discard', 'property_invalid']);
const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;

/** `/media/properties/{puid}/{name}_thumb.webp` of a rent's listing photo name (as presentImageList builds it). */
function listingThumb(rent: TRentSummary): string | null {
  if (!rent.photo) return null;
  return `${MEDIA_URL_PREFIX}properties/${encodeURIComponent(rent.puid)}/${encodeURIComponent(rent.photo)}_thumb.webp`;
}

/** The head of a conversation: the listing's photo, title (link), price, the step badge and the actions menu. */
function ConversationHeader({ rent, onBack, onDiscard, onBlock, showProcessLink }: {
  rent: TRentSummary; onBack?: () => void; onDiscard: () => void; onBlock: (blocked: boolean) => void; showProcessLink: boolean;
}) {
  const thumb = listingThumb(rent);
  const counterpart = rent.counterpart;
  return (
    <header className="nj-chat-head">
      <Group gap="sm" wrap="nowrap" align="center">
        {onBack ? <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={M.back} className="nj-chat-back"><ArrowLeftIcon size={20} /></ActionIcon> : null}
        <Avatar src={thumb} radius="sm" size={48} alt="">{rent.title.slice(0, 1)}</Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={`/propiedades/${rent.slug}`} fw={700} size="sm" lineClamp={1} c="dark.7">{rent.title}</Anchor>
          <Group gap={6} wrap="wrap">
            {rent.price ? <Text size="xs" c="dimmed">{formatPrice(rent.price, 'mxn', 'rent')}</Text> : null}
            <Badge size="sm" color={rent.stepColor} variant="light" data-testid="chat-step">{rent.stepLabel}</Badge>
            {counterpart ? (
              <Anchor component={Link} to={`/perfil?u=${encodeURIComponent(counterpart.uid)}`} size="xs">
                {rent.role === 'renter' ? M.withOwner : M.withRenter}: {counterpart.nickname ?? M.viewProfile}
              </Anchor>
            ) : null}
          </Group>
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target><ActionIcon variant="subtle" size="lg" aria-label={M.moreActions}><DotsIcon size={20} /></ActionIcon></Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/propiedades/${rent.slug}`}>{M.viewListing}</Menu.Item>
            {showProcessLink && rent.role === 'renter' ? <Menu.Item component={Link} to={`/propiedades-contactadas/${rent.ruid}`}>{M.viewProcess}</Menu.Item> : null}
            {showProcessLink && rent.role === 'owner' ? <Menu.Item component={Link} to={`/property-dashboard/${rent.puid}?tab=offers`}>{M.viewProcess}</Menu.Item> : null}
            {counterpart && rent.blocked === null && !CLOSED_STEPS.has(rent.step) ? (
              <Menu.Item onClick={() => {
                void api('POST', `/v1/messages/${encodeURIComponent(rent.ruid)}/validate-identity/${encodeURIComponent(counterpart.uid)}`, { body: {} })
                  .then(() => toast('success', RENTS_API_MESSAGES.identityRequested))
                  .catch((e: unknown) => toast('danger', errorMessage(e, M.askIdentity)));
              }}>{M.askIdentity}</Menu.Item>
            ) : null}
            {rent.blocked === 'me' ? <Menu.Item onClick={() => onBlock(false)}>{M.unblock}</Menu.Item> : null}
            {rent.blocked === null ? <Menu.Item color="red" onClick={() => onBlock(true)}>{M.block}</Menu.Item> : null}
            {!CLOSED_STEPS.has(rent.step) ? <Menu.Item color="red" onClick={onDiscard}>{M.discard}</Menu.Item> : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </header>
  );
}

/** 'Descartar conversación' with its reason (spec 03 §5: more than 26 characters, 'El mensaje es demasiado corto'). */
function DiscardModal({ ruid, opened, onClose, onDone }: { ruid: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length <= 26) { setError(RENTS_MESSAGES.reasonTooShort); return; }
    setBusy(true);
    try {
      await postDiscard(ruid, reason.trim());
      onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(err, M.messagesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={M.discardTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Textarea label={M.discardReason} value={reason} onChange={(e) => { setReason(e.currentTarget.value); setError(null); }} error={error} autosize minRows={3} maxLength={2000} />
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>{M.cancel}</Button><Button type="submit" color="red" loading={busy}>{M.discardConfirm}</Button></Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * One conversation of a rent (issue 11 'Chat' and 'Visits'), used by /chat and /propiedades-contactadas/{ruid}: the
 * listing and step in the header, the visit panel, the messages by day with receipts and quick buttons, and the
 * composer (Enter sends, Shift+Enter a new line; up to 5,000 characters; images and PDF up to 50 MB). Messages go
 * through the outbox (kept offline, sent on reconnect, never twice); a closed conversation shows why instead of the
 * composer. `myCuid` decides which side a message is on.
 */
export function Conversation({ ruid, myCuid, onBack, showProcessLink = true }: { ruid: string; myCuid: string; onBack?: () => void; showProcessLink?: boolean }) {
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const rentQuery = useQuery({ queryKey: CHAT_KEYS.rent(ruid), queryFn: ({ signal }) => getRent(ruid, signal) });
  const apptQuery = useQuery({ queryKey: CHAT_KEYS.appointment(ruid), queryFn: ({ signal }) => getAppointment(ruid, signal) });
  const refreshRent = () => {
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.rent(ruid) });
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.appointment(ruid) });
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.all });
  };
  const { messages, pending, loading, error, send, resend, add } = useConversation(ruid, myCuid, refreshRent);
  const status = useChatStatus();
  const [text, setText] = useState('');
  const [discardOpen, setDiscardOpen] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  // The conversation stays scrolled to its newest message while the reader is there: new messages, and pictures that
  // finish loading, keep it at the bottom; a reader who scrolled up to read is left where they are.
  const { scroller } = useStickToBottom([messages.length, pending.length], rentQuery.data !== undefined);
  useEffect(() => setText(''), [ruid]);

  const rent = rentQuery.data;
  const offline = status === 'offline' || status === 'failed';
  const closed = !!rent && (CLOSED_STEPS.has(rent.step) || rent.blocked !== null);
  const block = async (blocked: boolean) => {
    if (blocked && !window.confirm(M.blockConfirm)) return;
    try {
      await postBlock(ruid, blocked);
      refreshRent();
    } catch (err) {
      toast('danger', errorMessage(err, M.messagesFailed));
    }
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || closed) return;
    send(value, newClientMessageId());
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); submit(); }
  };
  const attach = async (file: File | null) => {
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) { toast('danger', M.attachmentTooLarge); return; }
    setUploading(true);
    try {
      const { message } = await postAttachment(ruid, file, newClientMessageId());
      add([message]);
    } catch (err) {
      toast('danger', errorMessage(err, M.attachmentFailed));
    } finally {
      setUploading(false);
    }
  };
  /** Confirms proposed instant `st`: marks it on the proposal message (selected option), then confirms the visit. */
  const confirm = async (st: string) => {
    setConfirmBusy(true);
    try {
      const proposal = [...messages].reverse().find((m) => (m.dynamic_content as { tag?: string } | null)?.tag === 'appt_propose_time');
      if (proposal) await putSelectedOption(proposal.muid, st).catch(() => undefined);
      const appointment = await postConfirmVisit(ruid, st, zone);
      setConfirmed(appointment.st ?? st);
      refreshRent();
    } catch (err) {
      toast('danger', errorMessage(err, M.messagesFailed));
    } finally {
      setConfirmBusy(false);
    }
  };

  if (rentQuery.isError) {
    return <Alert color="red" m="md" role="alert">{errorMessage(rentQuery.error, M.messagesFailed)}</Alert>;
  }
  if (!rent) return <Center h={240}><Loader aria-label={M.loading} /></Center>;

  const canAnswer = (m: TChatMessage) => rent.role === 'renter' && rent.step === 'appt_confirmation_requested'
    && (m.dynamic_content as { tag?: string } | null)?.tag === 'appt_propose_time' && m === [...messages].reverse().find((x) => (x.dynamic_content as { tag?: string } | null)?.tag === 'appt_propose_time');

  return (
    <div className="nj-chat-conversation" data-testid="conversation" data-ruid={ruid}>
      <ConversationHeader rent={rent} onBack={onBack} onDiscard={() => setDiscardOpen(true)} onBlock={(b) => void block(b)} showProcessLink={showProcessLink} />
      {apptQuery.data ? (
        <VisitPanel rent={rent} appointment={apptQuery.data.appointment} reviewedByMe={apptQuery.data.reviewed_by_me} zone={zone}
          onChanged={refreshRent} onConfirm={(st) => void confirm(st)} confirmBusy={confirmBusy} />
      ) : null}
      {offline ? <Alert color="yellow" py={6} radius={0} role="status">{M.offline}</Alert> : null}
      <div className="nj-chat-messages" ref={scroller} role="log" aria-live="polite" aria-label={M.pageTitle} tabIndex={0}>
        <div>
        {loading ? <Center h={120}><Loader size="sm" aria-label={M.loading} /></Center> : null}
        {error ? <Alert color="red" role="alert">{errorMessage(error, M.messagesFailed)}</Alert> : null}
        {groupByDay(messages, zone).map((group) => (
          <div key={group.day}>
            <div className="nj-chat-divider" role="separator"><span>{dayLabel(group.day, Date.now(), zone)}</span></div>
            {group.messages.map((m) => (
              <MessageBubble key={m.muid} message={m} mine={m.from_cuid === myCuid} zone={zone}
                onOption={canAnswer(m) ? (o) => void confirm(o) : undefined} optionBusy={confirmBusy} />
            ))}
          </div>
        ))}
        {pending.map((p) => <PendingBubble key={p.clientMessageId} pending={p} offline={offline} onRetry={() => resend(p.clientMessageId)} />)}
        </div>
      </div>
      {closed ? (
        <Alert color="gray" radius={0} role="status" data-testid="chat-closed">
          {rent.blocked === 'me' ? M.blockedByMe : rent.blocked === 'other' ? M.blockedByOther : M.closed}
        </Alert>
      ) : (
        <form className="nj-chat-composer" onSubmit={submit}>
          <FileButton onChange={(f) => void attach(f)} accept="image/jpeg,image/png,image/webp,application/pdf">
            {(props) => <ActionIcon {...props} variant="subtle" size="lg" loading={uploading} aria-label={M.attach}><PaperclipIcon size={20} /></ActionIcon>}
          </FileButton>
          <Textarea aria-label={M.composerLabel} placeholder={M.composerPlaceholder} value={text} onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown} autosize minRows={1} maxRows={5} maxLength={5000} style={{ flex: 1 }} />
          <Button type="submit" disabled={!text.trim()}>{M.send}</Button>
        </form>
      )}
      <DiscardModal ruid={ruid} opened={discardOpen} onClose={() => setDiscardOpen(false)} onDone={refreshRent} />
      <Modal opened={!!confirmed} onClose={() => setConfirmed(null)} title={M.confirmedTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="sm">
          <Title order={3} fz="md" data-testid="visit-confirmed-modal">{confirmed ? M.confirmedAt(visitLabel(confirmed, zone)) : ''}</Title>
          <Button onClick={() => setConfirmed(null)}>{M.understood}</Button>
        </Stack>
      </Modal>
    </div>
  );
}
