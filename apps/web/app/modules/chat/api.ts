import type {
  TAppointment, TChatMessage,
} from '@nj/contracts/rents/schemas';
import { api } from '../api/client.ts';

/** One conversation of the list (GET /v1/messages/chats; ZRentSummary). */
export type TRentSummary = {
  ruid: string; puid: string; step: string; stepLabel: string; stepColor: string; role: 'renter' | 'owner';
  title: string; slug: string; photo: string | null; price: number | null; maintenanceFee: number | null;
  unread: number; lastText: string | null; lastActivityAt: string; createdAt: string;
  blocked: 'me' | 'other' | null; counterpart?: { uid: string; nickname: string | null; photo: string | null };
};
export type TRentList = { rents: TRentSummary[]; page: number; hasMore: boolean };
export type { TAppointment, TChatMessage };

/** GET /api/v1/messages/chats?page&chat&ur (spec 03 §7): my conversations, newest activity first (20 a page). */
export const getChats = (query: { page?: number; chat?: string; ur?: boolean }, signal?: AbortSignal) =>
  api<TRentList>('GET', '/v1/messages/chats', { query: { page: query.page, chat: query.chat, ur: query.ur ? 'true' : undefined }, signal });

/** GET /api/v1/rents/{ruid} (spec 03 §7): one conversation's summary as its party sees it. */
export const getRent = (ruid: string, signal?: AbortSignal) => api<TRentSummary>('GET', `/v1/rents/${encodeURIComponent(ruid)}`, { signal });

/** GET /api/v1/messages/{ruid}?last (spec 03 §7): the newest 200 messages in order, or those after `last`. */
export const getMessages = (ruid: string, last?: string, signal?: AbortSignal) =>
  api<{ messages: TChatMessage[] }>('GET', `/v1/messages/${encodeURIComponent(ruid)}`, { query: { last }, signal });

/** POST /api/v1/messages/{ruid} `{ text, client_message_id }`: the HTTP fallback of the socket's on_message_sent. */
export const postMessage = (ruid: string, text: string, clientMessageId: string) =>
  api<{ message: TChatMessage; duplicate: boolean }>('POST', `/v1/messages/${encodeURIComponent(ruid)}`, { body: { text, client_message_id: clientMessageId } });

/** POST /api/v1/messages/{ruid}/attachment (multipart `file`, ≤ 50 MB, images or PDF): a message with the file. */
export const postAttachment = (ruid: string, file: File, clientMessageId: string) => {
  const form = new FormData();
  form.set('client_message_id', clientMessageId);
  form.set('file', file);
  return api<{ message: TChatMessage; duplicate: boolean }>('POST', `/v1/messages/${encodeURIComponent(ruid)}/attachment`, { body: form });
};

/** Where a message's attachment is read (only the rent's two parties may). */
export const attachmentUrl = (ruid: string, muid: string) => `/api/v1/messages/${encodeURIComponent(ruid)}/attachment/${encodeURIComponent(muid)}`;

/** PUT /api/v1/messages/{ruid}/seen: marks what I received as seen; answers the muids newly marked. */
export const putSeen = (ruid: string) => api<{ seen: string[] }>('PUT', `/v1/messages/${encodeURIComponent(ruid)}/seen`);

/** PUT /api/v1/messages/so?muid&so (spec 03 §7): chooses option `so` of message `muid`. */
export const putSelectedOption = (muid: string, so: string) => api<TChatMessage>('PUT', '/v1/messages/so', { query: { muid, so } });

/** GET /api/v1/messages/auth (spec 03 §7): the socket's token (5 min, bound to the signed-in client). */
export const getChatAuth = () => api<{ token: string; expires_at: number }>('GET', '/v1/messages/auth');

/** POST /api/v1/rents `{ puid, text, client_message_id }`: contacts a listing's advertiser (or reopens the rent). */
export const postContact = (puid: string, text: string, clientMessageId: string) =>
  api<{ ruid: string; step: string; created: boolean; message: TChatMessage }>('POST', '/v1/rents', { body: { puid, text, client_message_id: clientMessageId } });

/** POST /api/v1/rents/{ruid}/discard `{ reason }` (more than 26 characters). */
export const postDiscard = (ruid: string, reason: string) => api<unknown>('POST', `/v1/rents/${encodeURIComponent(ruid)}/discard`, { body: { reason } });

/** POST /api/v1/rents/{ruid}/block or /unblock: either party blocks; only who blocked unblocks. */
export const postBlock = (ruid: string, blocked: boolean) => api<TRentSummary>('POST', `/v1/rents/${encodeURIComponent(ruid)}/${blocked ? 'block' : 'unblock'}`);

/** GET /api/v1/rents/{ruid}/appointment: the current visit (null: none) and whether I rated it. */
export const getAppointment = (ruid: string, signal?: AbortSignal) =>
  api<{ appointment: TAppointment | null; reviewed_by_me: boolean }>('GET', `/v1/rents/${encodeURIComponent(ruid)}/appointment`, { signal });

/** POST /api/v1/rents/{ruid}/appointment: the renter asks for a visit. */
export const postRequestVisit = (ruid: string) => api<TAppointment>('POST', `/v1/rents/${encodeURIComponent(ruid)}/appointment`);

/** POST /api/v1/rents/{ruid}/appointment/times: the owner proposes 1–5 wall times in their IANA zone. */
export const postProposeTimes = (ruid: string, times: { date: string; time: string }[], timeZone: string) =>
  api<TAppointment>('POST', `/v1/rents/${encodeURIComponent(ruid)}/appointment/times`, { body: { times, time_zone: timeZone } });

/** POST /api/v1/rents/{ruid}/appointment/confirm `{ st, time_zone }`: the renter confirms one proposed instant (their zone for the e-mails). */
export const postConfirmVisit = (ruid: string, st: string, timeZone: string) =>
  api<TAppointment>('POST', `/v1/rents/${encodeURIComponent(ruid)}/appointment/confirm`, { body: { st, time_zone: timeZone } });

/** POST /api/v1/rents/{ruid}/appointment/cancel: either side cancels the visit. */
export const postCancelVisit = (ruid: string) => api<null>('POST', `/v1/rents/${encodeURIComponent(ruid)}/appointment/cancel`);

/** POST /api/v1/appts/{auid}/review `{ rating: 1–5, comment? }`: rates the other side after the visit. */
export const postReview = (auid: string, rating: number, comment: string) =>
  api<{ auid: string; rating: number }>('POST', `/v1/appts/${encodeURIComponent(auid)}/review`, { body: { rating, comment: comment.trim() || undefined } });

/** React Query keys of the chat. */
export const CHAT_KEYS = {
  chats: (ur: boolean) => ['chats', ur] as const,
  all: ['chats'] as const,
  rent: (ruid: string) => ['rent', ruid] as const,
  appointment: (ruid: string) => ['appointment', ruid] as const,
  unread: ['chats-unread'] as const,
};
