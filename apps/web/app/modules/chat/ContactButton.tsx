import { useState, type FormEvent } from 'react';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { useNavigate } from 'react-router';
import { Button, Divider, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CHAT_UI_MESSAGES as M, RENTS_MESSAGES } from '@nj/contracts/rents/messages';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { postContact } from './api.ts';
import { newClientMessageId } from './outbox.ts';

/**
 * 'Contactar' on a listing with an advertiser account (issue 11 'The rent as a conversation'): a signed-in client
 * writes the first message in a dialog and POST /api/v1/rents creates the rent at step hello (or reopens theirs), then
 * /chat opens on it. A visitor is asked to sign in and the dialog opens once they have. The client message id makes a
 * double click or a retry store the message once.
 */
export function ContactButton({ puid, code }: { puid: string; code: string }) {
  const session = useOptionalSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(() => M.contactDefault(code));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clientMessageId, setClientMessageId] = useState(newClientMessageId);

  const open = () => {
    if (session?.registered) { setOpened(true); return; }
    session?.afterLogin(() => setOpened(true));
    openLoginModal();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) { setError(RENTS_MESSAGES.messageEmpty); return; }
    setBusy(true);
    try {
      const result = await postContact(puid, value, clientMessageId);
      setOpened(false);
      setClientMessageId(newClientMessageId());
      void navigate(`/chat?chat=${encodeURIComponent(result.ruid)}`);
    } catch (err) {
      setError(errorMessage(err, M.messagesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* Until the session is known a click could not tell a signed-in client from a visitor. */}
      <Button fullWidth size="md" mt="md" onClick={open} disabled={session?.status !== 'ready'} data-testid="contact-chat">{M.contact}</Button>
      {session?.status === 'ready' && !session.registered ? <Text size="xs" c="dimmed" ta="center" mt={4}>{M.contactSignIn}</Text> : null}
      <Divider my="md" label={M.contactOr} labelPosition="center" />
      <Modal opened={opened} onClose={() => setOpened(false)} title={M.contactTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Textarea label={M.contactMessage} value={text} onChange={(e) => { setText(e.currentTarget.value); setError(null); }}
              error={error} autosize minRows={3} maxRows={8} maxLength={5000} data-autofocus />
            <Button type="submit" loading={busy}>{M.contactSend}</Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
