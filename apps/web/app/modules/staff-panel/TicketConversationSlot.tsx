import { TicketConversation } from '../tickets/TicketConversation.tsx';

/**
 * The ticket's conversation on the staff page: the tickets module's TicketConversation with viewer 'staff' (messages
 * and the ticket's files in real time over the chat socket, a reply box with files; closed tickets read only).
 */
export function TicketConversationSlot({ tuid }: { tuid: string }) {
  return <TicketConversation tuid={tuid} viewer="staff" />;
}
