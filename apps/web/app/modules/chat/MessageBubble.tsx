import { Anchor, Button, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { FileIcon } from '../layout/icons.tsx';
import { attachmentUrl, type TChatMessage } from './api.ts';
import { clockLabel, visitLabel } from './chat-time.ts';
import type { PendingMessage } from './outbox.ts';

type Attachment = { name?: string; mime?: string; size?: number };

/** A message's attachment (image inline, PDF as a link), served only to the rent's parties. */
function AttachmentView({ message }: { message: TChatMessage }) {
  const a = message.attachment as Attachment | null;
  if (!a) return null;
  const url = attachmentUrl(message.ruid, message.muid);
  const name = a.name ?? 'archivo';
  if (a.mime?.startsWith('image/')) {
    return (
      <Anchor href={url} target="_blank" rel="noopener" aria-label={M.openAttachment(name)}>
        <Image src={url} alt={name} radius="sm" maw={260} mah={260} fit="contain" />
      </Anchor>
    );
  }
  return <Anchor href={url} target="_blank" rel="noopener" className="nj-chat-file" c="dark.7" underline="always"><FileIcon size={18} /> {name}</Anchor>;
}

/**
 * One message of a conversation (issue 11 'Chat'): mine on the right with Enviado/Visto (seen receipts), theirs on
 * the left, system messages (step changes) centred. The text is rendered as text, never as HTML. A message with
 * options (proposed visit times) shows them as buttons for the side that may answer (`onOption`), and its selected
 * option once chosen. A request to verify one's identity (tag 'identity_request') shows its receiver 'Verificar mi
 * identidad', which opens the check on /cuenta.
 */
export function MessageBubble({ message, mine, zone, onOption, optionBusy }: {
  message: TChatMessage; mine: boolean; zone: string; onOption?: (option: string) => void; optionBusy?: boolean;
}) {
  const dc = (message.dynamic_content ?? {}) as { tag?: string; options?: unknown; selected_option?: string; datetime?: string };
  if (message.cat === 'system') {
    const options = Array.isArray(dc.options) ? (dc.options as string[]) : [];
    return (
      <div className="nj-chat-system" data-testid="chat-system-message">
        <Text size="sm" c="dimmed" ta="center">{message.text}</Text>
        {dc.datetime ? <Text size="sm" fw={600} ta="center">{M.visitOn(visitLabel(dc.datetime, zone))}</Text> : null}
        {dc.tag === 'identity_request' && !mine ? (
          <Group justify="center" mt={6}><Button size="xs" variant="light" component={Link} to="/cuenta#identidad">{M.verifyIdentity}</Button></Group>
        ) : null}
        {options.length ? (
          <Group gap="xs" justify="center" mt={6}>
            {options.map((o) => {
              const chosen = dc.selected_option === o;
              return onOption && !dc.selected_option ? (
                <Button key={o} size="xs" variant="light" loading={optionBusy} onClick={() => onOption(o)}>{M.confirmTime(visitLabel(o, zone))}</Button>
              ) : (
                <Text key={o} size="xs" c={chosen ? 'teal.9' : 'dimmed'} fw={chosen ? 700 : 400}>{chosen ? '✓ ' : ''}{visitLabel(o, zone)}</Text>
              );
            })}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed" ta="center">{clockLabel(message.created_at, zone)}</Text>
      </div>
    );
  }
  return (
    <div className={mine ? 'nj-chat-row nj-chat-row--mine' : 'nj-chat-row'} data-testid="chat-message" data-mine={mine ? 'true' : 'false'}>
      <div className="nj-chat-bubble">
        <AttachmentView message={message} />
        {message.text && message.text !== (message.attachment as Attachment | null)?.name ? <Text size="sm" className="nj-chat-text">{message.text}</Text> : null}
        <Text size="xs" c="dimmed" ta="right" className="nj-chat-meta">
          {clockLabel(message.created_at, zone)}
          {mine ? <span data-testid="chat-receipt"> · {message.seen ? M.seen : M.sent}</span> : null}
        </Text>
      </div>
    </div>
  );
}

/** A message of mine not yet acknowledged: 'Enviando…', offline, or refused with a retry. */
export function PendingBubble({ pending, offline, onRetry }: { pending: PendingMessage; offline: boolean; onRetry: () => void }) {
  return (
    <div className="nj-chat-row nj-chat-row--mine nj-chat-row--pending" data-testid="chat-pending">
      <div className="nj-chat-bubble">
        <Text size="sm" className="nj-chat-text">{pending.text}</Text>
        {pending.error ? (
          <UnstyledButton onClick={onRetry}><Text size="xs" c="red.8">{pending.error} · {M.failed}</Text></UnstyledButton>
        ) : (
          <Text size="xs" c="dimmed" ta="right">{offline ? M.pendingOffline : M.sending}</Text>
        )}
      </div>
    </div>
  );
}
