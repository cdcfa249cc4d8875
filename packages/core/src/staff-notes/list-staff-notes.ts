import type { TStaffNoteTable, TStaffNotes } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { requireStaffTicketNotLimited } from '../tickets/staff-ticket-access.ts';
import { presentNote } from './add-staff-note.ts';
import { staffNotesRepository } from './staff-notes-repository.ts';

/**
 * A record's internal notes, newest first, at most 200 (GET /v1/notes?rtable&rkey; issue 14: shown on the staff
 * ticket page for the ticket, its author, its listing and its rent). Support only; an unknown record has none.
 * @returns TStaffNotes `{ notes }`
 * @throws AppError UNAUTHORIZED / FORBIDDEN (staffPolicy 'note'); RATE_LIMITED (staff reads per cuid)
 */
export async function listStaffNotes(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; rtable: TStaffNoteTable; rkey: string },
): Promise<TStaffNotes> {
  authorize(input.actor, staffPolicy, 'note');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'reads');
  const rows = await staffNotesRepository.list(deps.database, input.rtable, input.rkey);
  return { notes: rows.map(presentNote) };
}
