import type { Kysely } from 'kysely';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { rateKey, requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { ownCuid } from '../policies/policy.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { staffTicketsRepository, type StaffTicketRow } from './staff-tickets-repository.ts';

/** What the staff verbs need: the database, the shared rate limiter, and this process's events (the ticket chat). */
export type StaffDeps = { database: Database; limiter: RateLimiter; chatEvents: ChatEvents };

/**
 * Staff rate limits (issue 14 'Rules': staff actions are rate-limited), per staff member's cuid, fixed one-minute
 * windows: `actions` for grab, close, complete and notes; `reads` for the queue, a ticket and the notes.
 */
export const STAFF_TICKET_RATE_LIMITS = {
  actions: { limit: 60, windowMs: 60_000 },
  reads: { limit: 600, windowMs: 60_000 },
} as const;

/**
 * Counts one staff call of `kind` for the actor's cuid (never a header) and refuses past the limit.
 * @throws AppError RATE_LIMITED (429) 'Hiciste demasiados intentos; espera …'
 */
export async function requireStaffTicketNotLimited(limiter: RateLimiter, actor: Actor, kind: keyof typeof STAFF_TICKET_RATE_LIMITS): Promise<void> {
  await requireNotLimited(limiter, [{ key: rateKey(`staff-${kind}`, ownCuid(actor)), ...STAFF_TICKET_RATE_LIMITS[kind] }]);
}

/** A ticket id as the staff calls accept it (letters, digits, '_' and '-', up to 64). */
const TUID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The ticket `tuid` locked in `trx` for a staff change by `staffCuid`, refused when closed or held by another support
 * user (two support users grabbing at once: the lock orders them and the second is refused instead of silently
 * taking the ticket over; close and complete belong to whoever holds it, or to anyone while nobody does).
 * @throws AppError BAD_REQUEST 'El id del ticket es inválido' for a malformed id, NOT_FOUND with the same text for an
 *   unknown one (spec 03 §5, §8); CONFLICT 'Este ticket ya está cerrado…' when it is closed; CONFLICT 'Otra persona
 *   del equipo de soporte ya tomó este ticket…' when another support user holds it
 */
export async function lockStaffTicket(trx: Kysely<any>, tuid: string, staffCuid: string): Promise<StaffTicketRow> {
  if (!TUID.test(tuid)) throw new AppError('BAD_REQUEST', M.invalidTuid, { tuid: M.invalidTuid });
  const row = await staffTicketsRepository.lock(trx, tuid);
  if (!row) throw new AppError('NOT_FOUND', M.invalidTuid);
  if (row.status === 'closed') throw new AppError('CONFLICT', M.ticketClosed);
  if (row.assigned_cuid !== null && row.assigned_cuid !== staffCuid) throw new AppError('CONFLICT', M.ticketHeldByOther);
  return row;
}

/** Checks a ticket id's form before any read. @throws AppError BAD_REQUEST 'El id del ticket es inválido' */
export function assertTuid(tuid: string): void {
  if (!TUID.test(tuid)) throw new AppError('BAD_REQUEST', M.invalidTuid, { tuid: M.invalidTuid });
}
