import { DEFAULT_TICKET_CATEGORY, TICKET_CATEGORIES_WITH_DATE, TICKET_MESSAGES as M, ZCreateTicketFields, type TTicket, type TTicketMessage } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { discardMediaKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { checkTicketFiles, putTicketFiles, type TicketUpload } from './store-ticket-files.ts';
import { ticketTables, type TicketDbOrTrx } from './tickets-tables.ts';
import { newTicketId, ticketsRepository, ticketToWire } from './tickets-repository.ts';

/** Tickets one client may open: 10 an hour and 30 a day (an honest person needs a few; the support queue is not flooded). */
export const CREATE_TICKET_RATE_LIMITS = {
  perHour: { limit: 10, windowMs: 60 * 60_000 },
  perDay: { limit: 30, windowMs: 24 * 60 * 60_000 },
} as const;

/** What a new ticket may carry (the fields of POST /v1/tickets before zod; the route passes the form's strings). */
export type CreateTicketInput = {
  actor: Actor;
  title?: unknown; category?: unknown; description?: unknown; puid?: unknown; ruid?: unknown; date?: unknown;
  files?: TicketUpload[];
  /** A listing report (issue 9 'Reportar anuncio') this LP ticket comes from. */
  reportRuid?: string | null;
};

/**
 * Checks that `puid` is a listing the author may point at (one anyone can see: active, or their own) and `ruid` a
 * rent the author is a party of.
 * @throws AppError BAD_REQUEST 'No encontramos ese anuncio' / 'No encontramos esa renta entre las tuyas'
 */
export async function checkTicketReferences(db: TicketDbOrTrx, authorCuid: string, puid: string | null, ruid: string | null): Promise<void> {
  const q = ticketTables(db);
  if (puid) {
    const listing = await q.selectFrom('properties').select(['puid', 'is_active', 'owner_cuid', 'agent_cuid']).where('puid', '=', puid).executeTakeFirst();
    if (!listing || !(listing.is_active || listing.owner_cuid === authorCuid || listing.agent_cuid === authorCuid)) {
      throw new AppError('BAD_REQUEST', M.listingInvalid, { puid: M.listingInvalid });
    }
  }
  if (ruid) {
    const rent = await q.selectFrom('rents').select(['renter_cuid', 'owner_cuid']).where('ruid', '=', ruid).executeTakeFirst();
    if (!rent || (rent.renter_cuid !== authorCuid && rent.owner_cuid !== authorCuid)) throw new AppError('BAD_REQUEST', M.rentInvalid, { ruid: M.rentInvalid });
  }
}

/** An empty form field ('' or whitespace) reads as absent. */
const given = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A signed-in client opens a support ticket (issue 14 'Tickets'; spec 02 §2 item 11, §4 'Ticket modal', §5 'Ticket',
 * §7 POST /v1/tickets): title required after trimming ('Debes de poner un título'), description ('Debes de poner
 * una descripción'), one of the nine categories ('Debes escoger una categoría' for an empty or unknown one; AY when the field is
 * absent, spec 02 §3 and §9 'Default ticket category'); an optional
 * listing (`puid`, one anyone can see or the author's) and rent (`ruid`, one the author is a party of); a day
 * ('YYYY-MM-DD') required where the category needs one (TICKET_CATEGORIES_WITH_DATE, PG and FE: 'Elige la fecha del
 * pago o de la firma'), ignored elsewhere; up to 10 files of up to 50 MB, PNG/JPEG/WebP/PDF by content
 * (checkTicketFiles), stored under `tickets/{tuid}/` and written as the ticket's first messages (cat 'attachment',
 * from the author) in the ticket's transaction. Status 'sent' (Enviado). Rate-limited per client
 * (CREATE_TICKET_RATE_LIMITS). The attachment messages are published like any ticket message.
 * @returns `{ ticket, messages }` (ZTicketCreated)
 * @throws AppError UNAUTHORIZED (visitor or anonymous: 'Es necesario iniciar sesión para continuar'); BAD_REQUEST
 *   with the field's Spanish message; the file checks' errors; RATE_LIMITED
 */
export async function createTicket(
  deps: { database: Database; limiter: RateLimiter; storage: MediaStorage; events: ChatEvents },
  input: CreateTicketInput,
): Promise<{ ticket: TTicket; messages: TTicketMessage[] }> {
  authorize(input.actor, ticketPolicy, 'create');
  const author = input.actor.cuid!;
  const parsed = ZCreateTicketFields.safeParse({
    title: input.title ?? '', category: input.category === undefined ? DEFAULT_TICKET_CATEGORY : input.category, description: input.description ?? '',
    puid: given(input.puid), ruid: given(input.ruid), date: given(input.date),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_REQUEST', issue.message, { [String(issue.path[0] ?? 'form')]: issue.message });
  }
  const fields = parsed.data;
  const needsDate = TICKET_CATEGORIES_WITH_DATE.includes(fields.category);
  if (needsDate && !fields.date) throw new AppError('BAD_REQUEST', M.dateRequired, { date: M.dateRequired });
  const files = input.files ?? [];
  const kinds = await checkTicketFiles(files);
  await checkTicketReferences(deps.database, author, fields.puid ?? null, fields.ruid ?? null);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('ticket-hour', author), ...CREATE_TICKET_RATE_LIMITS.perHour },
    { key: rateKey('ticket-day', author), ...CREATE_TICKET_RATE_LIMITS.perDay },
  ]);
  const tuid = newTicketId('t_');
  const attachments = await putTicketFiles(deps, tuid, files, kinds);
  const keys = attachments.map((a) => a.key);
  try {
    const { row, appended } = await deps.database.db.transaction().execute(async (trx) => {
      const row = await ticketsRepository.insert(trx, {
        tuid, author_cuid: author, title: fields.title, category: fields.category, description: fields.description,
        puid: fields.puid ?? null, ruid: fields.ruid ?? null, event_date: needsDate ? fields.date! : null, report_ruid: input.reportRuid ?? null,
      });
      const appended = [];
      for (const attachment of attachments) {
        appended.push(await appendTicketMessage(deps, { tuid, fromCuid: author, fromStaff: false, cat: 'attachment', text: attachment.name, attachment }, trx));
      }
      if (keys.length > 0) await settlePendingKeys(trx, keys);
      return { row, appended };
    });
    for (const a of appended) a.publish();
    return { ticket: ticketToWire(row, await ticketsRepository.listingTitle(deps.database, row.puid)), messages: appended.map((a) => a.message) };
  } catch (error) {
    if (keys.length > 0) await discardMediaKeys(deps, keys);
    throw error;
  }
}
