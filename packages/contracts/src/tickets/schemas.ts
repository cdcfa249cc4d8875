import { z } from '../common/zod-locale.ts';
import { TICKET_MESSAGES as M } from './messages.ts';
import { TICKET_CATEGORY_CODES, TICKET_STATUS_CODES } from './vocabulary.ts';

/** A ticket id as issued ('t_' + 20 hex) or any id-shaped string; anything else: 400 'El id del ticket es inválido'. */
export const ZTuid = z.string({ error: M.invalidTicketId }).regex(/^[A-Za-z0-9_-]{3,64}$/, { error: M.invalidTicketId });
const id = (msg: string) => z.string({ error: msg }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: msg });
const page = z.coerce.number({ error: M.pageInvalid }).int({ error: M.pageInvalid }).min(1, { error: M.pageInvalid }).max(10_000, { error: M.pageInvalid }).default(1);
const flag = z.enum(['true', 'false', '1', '0'], { error: M.onlyActiveInvalid }).transform((v) => v === 'true' || v === '1').optional();
const clientMessageId = z.string({ error: M.clientMessageIdInvalid }).trim().min(1, { error: M.clientMessageIdInvalid }).max(100, { error: M.clientMessageIdInvalid });

/** A ticket's title: required after trimming (spec 02 §5), at most 200 characters. */
export const ZTicketTitle = z.string({ error: M.titleRequired }).trim().min(1, { error: M.titleRequired }).max(200, { error: M.titleTooLong });
/** A ticket's description: required after trimming (spec 02 §5), at most 5,000 characters. */
export const ZTicketDescription = z.string({ error: M.descriptionRequired }).trim().min(1, { error: M.descriptionRequired }).max(5000, { error: M.descriptionTooLong });
/** One of the nine categories (spec 02 §3), else 'Debes escoger una categoría'. */
export const ZTicketCategory = z.enum(TICKET_CATEGORY_CODES, { error: M.categoryRequired });
/** A day 'YYYY-MM-DD' (the help modal's calendar; Mexico City's day). */
export const ZTicketDate = z.string({ error: M.dateInvalid }).regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: M.dateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v), { error: M.dateInvalid });

/**
 * POST /v1/tickets — the text fields of the multipart form (files come as `files` parts; spec 02 §7: title,
 * category, description, puid, ruid, files; `date` where the category needs one). Empty optional fields are absent.
 */
export const ZCreateTicketFields = z.object({
  title: ZTicketTitle,
  category: ZTicketCategory,
  description: ZTicketDescription,
  puid: id(M.listingInvalid).optional(),
  ruid: id(M.rentInvalid).optional(),
  date: ZTicketDate.optional(),
});
export type TCreateTicketFields = z.infer<typeof ZCreateTicketFields>;

/** Path `{ tuid }`. */
export const ZTicketParams = z.object({ tuid: ZTuid });
/** Path `{ tuid, muid }` of the attachment download. */
export const ZTicketAttachmentParams = z.object({ tuid: ZTuid, muid: id(M.attachmentIdInvalid) });
/** GET /v1/tickets?page. */
export const ZListTicketsQuery = z.object({ page });
/** GET /v1/tickets/chats?page&tuid&only_active — one ticket's chat (tuid) or a page; only_active: not closed. */
export const ZListTicketChatsQuery = z.object({ page, tuid: ZTuid.optional(), only_active: flag });
/** GET /v1/tickets/chats/{tuid}?last — last: the muid after which to list. */
export const ZTicketMessagesQuery = z.object({ last: id(M.lastInvalid).optional() });
/** POST /v1/tickets/{tuid}/message as JSON: `{ text, client_message_id? }` (multipart: the same fields and `files`). */
export const ZPostTicketMessageBody = z.object({
  text: z.string({ error: M.messageEmpty }).trim().max(5000, { error: M.messageTooLong }).default(''),
  client_message_id: clientMessageId.optional(),
});
/** The multipart form's `client_message_id` in the query (when the form puts it after the files). */
export const ZPostTicketMessageQuery = z.object({ client_message_id: clientMessageId.optional() });

/** A message's file: its name, MIME type, bytes, image size, and the party-only URL that serves it. */
export const ZTicketAttachmentWire = z.object({
  name: z.string(), type: z.string(), bytes: z.number(), width: z.number().optional(), height: z.number().optional(), url: z.string(),
});
/**
 * One message of a ticket's conversation (spec 02 §3 'Ticket chat message': msg_cat → cat, msg_cfr → from_staff /
 * from_cuid, msg_seen, msg_seenat, msg_text). `from_cuid` is null for system messages and for staff messages (the
 * author reads 'Soporte', never which staff member). Times are ISO instants.
 */
export const ZTicketMessage = z.object({
  muid: z.string(), tuid: z.string(), from_cuid: z.string().nullable(), from_staff: z.boolean(),
  cat: z.enum(['msg', 'system', 'attachment']), text: z.string(), attachment: ZTicketAttachmentWire.nullable(),
  seen: z.boolean(), seen_at: z.string().nullable(), client_message_id: z.string().nullable(), created_at: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

/** A ticket as its author (and the staff) read it (spec 02 §3 'Ticket'). */
export const ZTicket = z.object({
  tuid: z.string(), title: z.string(), category: z.enum(TICKET_CATEGORY_CODES), categoryName: z.string(),
  description: z.string(), puid: z.string().nullable(), ruid: z.string().nullable(), date: z.string().nullable(),
  status: z.enum(TICKET_STATUS_CODES), statusLabel: z.string(), author_cuid: z.string(), assigned: z.boolean(),
  outcome: z.enum(['completed', 'closed']).nullable(), report_ruid: z.string().nullable(),
  listingTitle: z.string().nullable(),
  created_at: z.string(), updated_at: z.string(), closed_at: z.string().nullable(), last_activity_at: z.string(),
});
export type TTicket = z.infer<typeof ZTicket>;
/** GET /v1/tickets?page: the author's tickets, newest activity first. */
export const ZTicketList = z.object({ tickets: z.array(ZTicket), page: z.number(), hasMore: z.boolean() });
export type TTicketList = z.infer<typeof ZTicketList>;
/** One ticket chat in a list: the ticket, its unread count (the other side's unseen messages) and its last message. */
export const ZTicketChat = z.object({ ticket: ZTicket, unread: z.number(), last: ZTicketMessage.nullable() });
export const ZTicketChatList = z.object({ chats: z.array(ZTicketChat), page: z.number(), hasMore: z.boolean() });
export type TTicketChat = z.infer<typeof ZTicketChat>;
/** GET /v1/tickets/chats/{tuid}?last: the messages (after `last`), oldest first. */
export const ZTicketMessageList = z.object({ tuid: z.string(), messages: z.array(ZTicketMessage) });
/** POST /v1/tickets/{tuid}/message: the stored messages (text first, then one per file) and whether it was a resend. */
export const ZTicketSendResult = z.object({ messages: z.array(ZTicketMessage), duplicate: z.boolean() });
/** POST /v1/tickets: the new ticket and its first messages (the files). */
export const ZTicketCreated = z.object({ ticket: ZTicket, messages: z.array(ZTicketMessage) });

/** Socket events of the ticket chat (spec 02 §7 'Realtime socket'). */
export const TICKET_SOCKET_EVENTS = {
  join: 'on_join_ticket',
  joined: 'on_joined_ticket',
  received: 'on_ticket_message_received',
  sent: 'on_ticket_message_sent',
} as const;
/** client → `on_join_ticket` `{ token, tuid }` (token of GET /v1/messages/auth). */
export const ZSocketJoinTicket = z.object({ token: z.string({ error: M.joinFailed }).min(1, { error: M.joinFailed }).max(2000, { error: M.joinFailed }), tuid: ZTuid });
/** server → `on_ticket_message_received` / `on_ticket_message_sent` `{ tuid, message }`. */
export type TTicketSocketMessage = { tuid: string; message: TTicketMessage };
