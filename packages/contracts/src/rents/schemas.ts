import { z } from '../common/zod-locale.ts';
import { APPT_MESSAGES as AP, RENTS_API_MESSAGES as A, RENTS_MESSAGES as M } from './messages.ts';

const id = (name: string) => z.string({ error: A.invalidParam(name) }).trim().min(3, { error: A.invalidParam(name) }).max(64, { error: A.invalidParam(name) }).regex(/^[A-Za-z0-9_-]+$/, { error: A.invalidParam(name) });
const page = z.coerce.number({ error: A.invalidParam('page') }).int({ error: A.invalidParam('page') }).min(1, { error: A.invalidParam('page') }).max(10_000, { error: A.invalidParam('page') }).default(1);
const flag = (name: string) => z.enum(['true', 'false', '1', '0'], { error: A.invalidParam(name) }).transform((v) => v === 'true' || v === '1').optional();
const clientMessageId = z.string({ error: M.clientMessageIdInvalid }).trim().min(1, { error: M.clientMessageIdInvalid }).max(100, { error: M.clientMessageIdInvalid }).optional();
/** Message text: 1–5,000 characters after trimming (issue 11 'Rules and limits'). */
export const ZMessageText = z.string({ error: M.messageEmpty }).trim().min(1, { error: M.messageEmpty }).max(5000, { error: M.messageTooLong });

/** POST /api/v1/rents — contact a listing: `{ puid, text, client_message_id? }`. */
export const ZContactListingBody = z.object({ puid: id('puid'), text: ZMessageText, client_message_id: clientMessageId });
/** POST /api/v1/rents/{ruid}/discard — `{ reason }` (more than 26 characters: checked by discardRent, spec 03 §5). */
export const ZDiscardRentBody = z.object({ reason: z.string({ error: M.reasonTooShort }).max(2000, { error: M.messageTooLong }) });
/** POST /api/v1/messages/{ruid} — `{ text, client_message_id? }` (the socket's fallback). */
export const ZSendMessageBody = z.object({ text: ZMessageText, client_message_id: clientMessageId });
/** Path `{ ruid }` (also `{ id }` of GET /rents/{id}). */
export const ZRuidParams = z.object({ ruid: id('ruid') });
/** POST /v1/messages/{ruid}/validate-identity/{cuid} (spec 03 §7): the rent and the other party asked. */
export const ZValidateIdentityParams = z.object({ ruid: id('ruid'), cuid: id('cuid') });
export const ZRentIdParams = z.object({ id: id('id') });
/**
 * GET /api/v1/rents?t&only_active&puid — t: 'renter' (contacted) or 'owner' (my listings); both when absent. puid (ours):
 * only the people who contacted that listing of mine (owner side; /property-dashboard/{puid}?tab=offers).
 */
export const ZListRentsQuery = z.object({ t: z.enum(['renter', 'owner'], { error: A.invalidParam('t') }).optional(), only_active: flag('only_active'), puid: id('puid').optional(), page });
/** GET /api/v1/messages/chats?page&chat&ur — chat: one ruid; ur: unread only. */
export const ZListChatsQuery = z.object({ page, chat: id('chat').optional(), ur: flag('ur') });
/** GET /api/v1/messages/{ruid}?last — last: the muid after which to list. */
export const ZListMessagesQuery = z.object({ last: id('last').optional() });

/** One rent in a list (listRents' RentSummary). */
export const ZRentSummary = z.object({
  ruid: z.string(), puid: z.string(), step: z.string(), stepLabel: z.string(), stepColor: z.string(), role: z.enum(['renter', 'owner']),
  title: z.string(), slug: z.string(), photo: z.string().nullable(), price: z.number().nullable(), maintenanceFee: z.number().nullable(),
  unread: z.number(), lastText: z.string().nullable(), lastActivityAt: z.string(), createdAt: z.string(),
  /** 'me' when I blocked the conversation, 'other' when the other party did, null when not blocked. */
  blocked: z.enum(['me', 'other']).nullable(),
  /** The other party: uid (for /perfil?u=), nickname and profile photo thumbnail URL — public columns only. */
  counterpart: z.object({ uid: z.string(), nickname: z.string().nullable(), photo: z.string().nullable() }),
});
export type TRentSummary = z.infer<typeof ZRentSummary>;
export type TRentList = z.infer<typeof ZRentList>;
export const ZRentList = z.object({ rents: z.array(ZRentSummary), page: z.number(), hasMore: z.boolean() });
/** One chat message (spec 03 §3 'Chat message'); times are ISO instants. */
export const ZChatMessage = z.object({
  muid: z.string(), ruid: z.string(), from_cuid: z.string().nullable(), to_cuid: z.string().nullable(), cat: z.string(), text: z.string(),
  dynamic_content: z.record(z.string(), z.unknown()).nullable(), attachment: z.record(z.string(), z.unknown()).nullable(),
  seen: z.boolean(), seen_at: z.string().nullable(), client_message_id: z.string().nullable(), created_at: z.string(),
});
export const ZSendResult = z.object({ message: ZChatMessage, duplicate: z.boolean() });
export const ZContactResult = z.object({ ruid: z.string(), step: z.string(), created: z.boolean(), message: ZChatMessage });
export const ZMessageList = z.object({ messages: z.array(ZChatMessage) });
export const ZSeenResult = z.object({ seen: z.array(z.string()) });
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** PUT /api/v1/messages/so?muid&so — select option `so` of message `muid`. */
export const ZSelectOptionQuery = z.object({ muid: id('muid'), so: z.string({ error: M.optionInvalid }).min(1, { error: M.optionInvalid }).max(200, { error: M.optionInvalid }) });
/** POST …/appointment/times — `{ times: [{ date: 'YYYY-MM-DD', time: 'HH:MM' }], time_zone }` (IANA zone). */
export const ZProposeTimesBody = z.object({
  times: z.array(z.object({ date: z.string({ error: AP.timeInvalid }).max(10, { error: AP.timeInvalid }), time: z.string({ error: AP.timeInvalid }).max(5, { error: AP.timeInvalid }) }), { error: AP.timesRequired }).max(5, { error: AP.timesRequired }),
  time_zone: z.string({ error: AP.timeZoneInvalid }).max(64, { error: AP.timeZoneInvalid }),
});
/** POST …/appointment/confirm — `{ st }`: one of the proposed instants (ISO). */
export const ZConfirmAppointmentBody = z.object({
  st: z.string({ error: AP.notProposed }).max(40, { error: AP.notProposed }),
  /** The renter's IANA zone (the browser's), optional: their confirmation and reminder e-mails show the time in it. */
  time_zone: z.string({ error: AP.timeZoneInvalid }).max(64, { error: AP.timeZoneInvalid }).optional(),
});
/** POST /api/v1/appts/{auid}/review — `{ rating: 1–5, comment? }`. */
export const ZReviewAppointmentBody = z.object({
  rating: z.number({ error: AP.ratingInvalid }).int({ error: AP.ratingInvalid }).min(1, { error: AP.ratingInvalid }).max(5, { error: AP.ratingInvalid }),
  comment: z.string().max(2000, { error: M.messageTooLong }).optional(),
});
export const ZAuidParams = z.object({ auid: id('auid') });
/** An appointment as the API returns it: proposed instants, the confirmed one and its zone. */
export const ZAppointment = z.object({
  auid: z.string(), ruid: z.string(), status: z.string(), proposed: z.array(z.object({ st: z.string(), et: z.string() })),
  st: z.string().nullable(), et: z.string().nullable(), time_zone: z.string().nullable(),
});
/** GET /api/v1/rents/{ruid}/appointment — the current visit (null: none) and whether the reader rated it. */
export const ZCurrentAppointment = z.object({ appointment: ZAppointment.nullable(), reviewed_by_me: z.boolean() });
export type TAppointment = z.infer<typeof ZAppointment>;
export const ZReviewResult = z.object({ auid: z.string(), rating: z.number() });

/** GET /api/v1/messages/auth — the chat socket's token (issue 11): bound to the signed-in client, expires in 5 min. */
export const ZChatAuth = z.object({ token: z.string(), expires_at: z.number().describe('ms since epoch') });

/**
 * Socket event on_join_room (spec 02 §7 'Realtime socket'): `{ token, ruid }`. Without `ruid` the socket joins only
 * its client's room (the nav's unread count and the conversation list hear every new message addressed to them).
 */
export const ZSocketJoinRoom = z.object({ token: z.string({ error: M.chatTokenInvalid }).max(300, { error: M.chatTokenInvalid }), ruid: id('ruid').optional() });

/** Socket event on_message_sent from a client: `{ ruid, text, client_message_id? }` (the id makes resends safe). */
export const ZSocketSendMessage = z.object({ ruid: id('ruid'), text: ZMessageText, client_message_id: clientMessageId });
