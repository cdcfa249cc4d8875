import { z } from 'zod';
import { TICKET_CATEGORY_CODES, TICKET_STATUS_CODES } from '../tickets/vocabulary.ts';
import { STAFF_PANEL_MESSAGES as M } from './messages.ts';

/** The support queue's views (issue 14 '/tickets': unassigned, assigned to me, all). */
export const STAFF_QUEUE_VIEWS = ['unassigned', 'mine', 'all'] as const;
export type TStaffQueueView = (typeof STAFF_QUEUE_VIEWS)[number];
/** Tickets per page of the support queue. */
export const STAFF_QUEUE_PAGE_SIZE = 20;
/** Records that take internal notes (spec 03 §7 POST /v1/notes; migration 041 staff_notes.rtable). */
export const STAFF_NOTE_TABLES = ['clients', 'properties', 'transactions', 'tickets', 'rents'] as const;
export type TStaffNoteTable = (typeof STAFF_NOTE_TABLES)[number];
/** Longest completion texts (decision, resolution) and note. */
export const STAFF_TEXT_LIMITS = { completionText: 2000, note: 5000, folio: 60 } as const;

const tuid = z.string({ error: M.invalidTuid }).trim().min(1, { error: M.invalidTuid }).max(64, { error: M.invalidTuid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: M.invalidTuid });
const id = z.string({ error: M.idInvalid }).trim().min(1, { error: M.idInvalid }).max(64, { error: M.idInvalid });

/** /v1/tickets/{tuid}/… path of the staff calls; a malformed id is 'El id del ticket es inválido' (spec 03 §5). */
export const ZStaffTicketParams = z.object({ tuid });

/**
 * GET /v1/tickets/assigned?page&view&category&status (spec 02 §7): the support queue, newest first.
 * `view` mine (default: the spec's path reads 'assigned', the tickets assigned to the caller), unassigned (open
 * and nobody assigned) or all.
 */
export const ZStaffQueueQuery = z.object({
  page: z.coerce.number({ error: M.invalidPage }).int({ error: M.invalidPage }).min(1, { error: M.invalidPage }).max(10_000, { error: M.invalidPage }).default(1),
  view: z.enum(STAFF_QUEUE_VIEWS, { error: M.invalidView }).default('mine'),
  category: z.enum(TICKET_CATEGORY_CODES, { error: M.invalidCategory }).optional(),
  status: z.enum(TICKET_STATUS_CODES, { error: M.invalidStatus }).optional(),
});
export type TStaffQueueQuery = z.infer<typeof ZStaffQueueQuery>;

/** One ticket of the queue: who opened it (nickname), the listing's title, status and assignee. Times ISO 8601. */
export const ZStaffQueueItem = z.object({
  tuid: z.string(),
  title: z.string(),
  category: z.enum(TICKET_CATEGORY_CODES),
  status: z.enum(TICKET_STATUS_CODES),
  author_cuid: z.string(),
  author_nickname: z.string().nullable(),
  puid: z.string().nullable(),
  listing_title: z.string().nullable(),
  ruid: z.string().nullable(),
  assigned_cuid: z.string().nullable(),
  assigned_nickname: z.string().nullable(),
  outcome: z.enum(['completed', 'closed']).nullable(),
  created_at: z.string(),
  last_activity_at: z.string(),
});
export type TStaffQueueItem = z.infer<typeof ZStaffQueueItem>;

/** A page of the queue. */
export const ZStaffQueuePage = z.object({ tickets: z.array(ZStaffQueueItem), page: z.number(), pages: z.number(), total: z.number() });
export type TStaffQueuePage = z.infer<typeof ZStaffQueuePage>;

/**
 * One ticket as support reads it (GET /v1/tickets/assigned/{tuid}): the queue's fields, the description, the day the
 * author picked, the author's contact and verification flags, the listing's verification and the completion
 * fields once completed.
 */
export const ZStaffTicket = ZStaffQueueItem.extend({
  description: z.string(),
  event_date: z.string().nullable(),
  closed_at: z.string().nullable(),
  completion: z.record(z.string(), z.unknown()).nullable(),
  author_email: z.string().nullable(),
  author_is_identity_verified: z.boolean(),
  author_is_agent: z.boolean(),
  listing_folio_gob_mx: z.string().nullable(),
  listing_last_verified: z.string().nullable(),
  mine: z.boolean(),
});
export type TStaffTicket = z.infer<typeof ZStaffTicket>;

const text = (msg: string) => z.string({ error: msg }).trim().max(STAFF_TEXT_LIMITS.completionText, { error: M.textTooLong });
const count = z.number({ error: M.countInvalid }).int({ error: M.countInvalid }).min(0, { error: M.countInvalid }).max(1000, { error: M.countInvalid });

/**
 * POST /v1/tickets/{tuid}/complete (spec 03 §3 'Ticket (support)' completion fields). Which fields a category needs:
 * - LP: `folio_gob_mx` (1–60 characters); `puid` defaults to the ticket's listing → the listing's folio_gob_mx and
 *   last_verified = now ('Propietario verificado').
 * - ID: `is_approved`; `cuid`/`uid` default to the ticket's author → their newest identity process success/failure
 *   and clients.is_identity_verified.
 * - CR: `is_cr_passed` and `decision`; `ruid` defaults to the ticket's rent; optional `renter_credit_score` (300–850),
 *   `renter_credit_score_reasons`, `renter_blacklist_matches`, `renter_blacklist_pld_matches`.
 * - OS: `is_approved`; `ruid` defaults to the ticket's rent → its accepted guarantor approved or not (an obligado's
 *   is_os_confirmed / is_os_approved too).
 * - AG: `is_approved`; `cuid`/`uid` default to the author → the client's is_agent setting.
 * - AY, RF, PG, FE: `comment`, the resolution the author reads.
 * `comment` (the resolution) is optional for the others and sent to the author as the closing system message.
 */
export const ZCompleteTicketBody = z.object({
  puid: id.optional(),
  folio_gob_mx: z.string({ error: M.folioRequired }).trim().min(1, { error: M.folioRequired }).max(STAFF_TEXT_LIMITS.folio, { error: M.folioRequired }).optional(),
  uid: id.optional(),
  cuid: id.optional(),
  is_approved: z.boolean({ error: M.approveRequired }).optional(),
  ruid: id.optional(),
  renter_blacklist_matches: count.optional(),
  renter_blacklist_pld_matches: count.optional(),
  renter_credit_score: z.number({ error: M.scoreInvalid }).int({ error: M.scoreInvalid }).min(300, { error: M.scoreInvalid }).max(850, { error: M.scoreInvalid }).nullable().optional(),
  renter_credit_score_reasons: z.array(z.string({ error: M.reasonsInvalid }).trim().min(1, { error: M.reasonsInvalid }).max(200, { error: M.reasonsInvalid }), { error: M.reasonsInvalid })
    .max(10, { error: M.reasonsInvalid }).optional(),
  is_cr_passed: z.boolean({ error: M.crPassedRequired }).optional(),
  decision: text(M.decisionRequired).optional(),
  comment: text(M.resolutionRequired).optional(),
});
export type TCompleteTicketBody = z.infer<typeof ZCompleteTicketBody>;

/** POST /v1/notes (spec 03 §7): an internal note on a record. */
export const ZStaffNoteBody = z.object({
  rtable: z.enum(STAFF_NOTE_TABLES, { error: M.noteTable }),
  rkey: z.string({ error: M.noteKey }).trim().min(1, { error: M.noteKey }).max(100, { error: M.noteKey }),
  body: z.string({ error: M.noteBody }).trim().min(1, { error: M.noteBody }).max(STAFF_TEXT_LIMITS.note, { error: M.noteBody }),
});
export type TStaffNoteBody = z.infer<typeof ZStaffNoteBody>;

/** GET /v1/notes?rtable&rkey: a record's notes, newest first. */
export const ZStaffNotesQuery = ZStaffNoteBody.pick({ rtable: true, rkey: true });

/** One internal note; `created_at` ISO 8601. */
export const ZStaffNote = z.object({
  nuid: z.string(), rtable: z.enum(STAFF_NOTE_TABLES), rkey: z.string(), body: z.string(),
  author_cuid: z.string().nullable(), author_nickname: z.string().nullable(), created_at: z.string(),
});
export type TStaffNote = z.infer<typeof ZStaffNote>;
export const ZStaffNotes = z.object({ notes: z.array(ZStaffNote) });
export type TStaffNotes = z.infer<typeof ZStaffNotes>;
