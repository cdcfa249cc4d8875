import { Text } from '@mantine/core';

/**
 * The ticket's conversation on the staff page: the tickets module's TicketConversation with viewer 'staff' (messages
 * in real time, reply box with attachments).
 */
export function TicketConversationSlot({ tuid }: { tuid: string }) {
  return <Text size="sm" c="dimmed" data-tuid={tuid}>…</Text>;
}
