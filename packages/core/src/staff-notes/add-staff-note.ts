import { randomBytes } from 'node:crypto';
import { STAFF_PANEL_MESSAGES as M, type TStaffNote, type TStaffNoteTable } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { writeStaffAudit } from '../staff-db/write-staff-audit.ts';
import { requireStaffTicketNotLimited } from '../tickets/staff-ticket-access.ts';
import { staffNotesRepository } from './staff-notes-repository.ts';

/**
 * A support user writes an internal note on a record (POST /v1/notes `{ rtable, rkey, body }`; spec 03 §7; issue 14
 * 'Internal notes on any record, visible to staff only'): `rtable` one of clients, properties, transactions, tickets,
 * rents; `rkey` the record's id (it must exist); `body` 1–5,000 characters. The note and its audit row ('note', the
 * body as new value) are written in one transaction.
 * @returns the stored note (TStaffNote, created_at ISO 8601)
 * @throws AppError UNAUTHORIZED / FORBIDDEN (staffPolicy 'note'); NOT_FOUND 'No encontramos ese registro';
 *   RATE_LIMITED (staff actions per cuid)
 */
export async function addStaffNote(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; rtable: TStaffNoteTable; rkey: string; body: string },
): Promise<TStaffNote> {
  authorize(input.actor, staffPolicy, 'note');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'actions');
  const me = ownCuid(input.actor);
  const nuid = `n_${randomBytes(10).toString('hex')}`;
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await staffNotesRepository.recordExists(trx, input.rtable, input.rkey))) throw new AppError('NOT_FOUND', M.recordNotFound, { rkey: M.recordNotFound });
    await staffNotesRepository.insert(trx, { nuid, rtable: input.rtable, rkey: input.rkey, author_cuid: me, body: input.body });
    await writeStaffAudit(trx, {
      actorCuid: me, action: 'note', rtable: input.rtable, rkey: input.rkey, newValue: input.body,
      tuid: input.rtable === 'tickets' ? input.rkey : null,
    });
  });
  const [note] = (await staffNotesRepository.list(deps.database, input.rtable, input.rkey)).filter((n) => n.nuid === nuid);
  return presentNote(note!);
}

/** The wire form of a note (created_at ISO 8601). */
export function presentNote(n: Awaited<ReturnType<typeof staffNotesRepository.list>>[number]): TStaffNote {
  return { nuid: n.nuid, rtable: n.rtable, rkey: n.rkey, body: n.body, author_cuid: n.author_cuid, author_nickname: n.author_nickname, created_at: new Date(n.created_at).toISOString() };
}
