import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PANEL_MESSAGES as M, type TTicketCategory } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { createDatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import { registeredActor } from '../policies/actor.ts';
import { insertTestRent } from '../rent-documents/testing/document-fixtures.ts';
import { ChatEvents, type TicketMessageEvent } from '../rents/chat-events.ts';
import { addStaffNote } from '../staff-notes/add-staff-note.ts';
import { listStaffNotes } from '../staff-notes/list-staff-notes.ts';
import { closeTicket } from './staff-close-ticket.ts';
import { completeTicket } from './staff-complete-ticket.ts';
import { getStaffTicket } from './staff-get-ticket.ts';
import { grabTicket } from './staff-grab-ticket.ts';
import { listStaffQueue } from './staff-list-queue.ts';
import type { StaffDeps } from './staff-ticket-access.ts';

let database: Database;
let deps: StaffDeps;
const heard: TicketMessageEvent[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const chatEvents = new ChatEvents();
  chatEvents.onTicketMessage((e) => heard.push(e));
  deps = { database, limiter: createDatabaseRateLimiter(database), chatEvents };
});
afterAll(async () => {
  await database?.close();
});

/** A support user of its own (so the rate limits of one test do not touch another's). */
async function newStaff() {
  const { cuid } = await insertTestRent(database).then((r) => r.stranger);
  await database.db.updateTable('clients').set({ privileges: ['support'] }).where('cuid', '=', cuid).execute();
  return registeredActor(cuid, { privileges: ['support'] });
}

/** A ticket of `category` by `author` about `puid` / `ruid`. */
async function insertTicket(author: string, category: TTicketCategory, refs: { puid?: string; ruid?: string } = {}) {
  const tuid = `t_${randomBytes(8).toString('hex')}`;
  await sql`INSERT INTO tickets (tuid, author_cuid, title, category, description, puid, ruid)
    VALUES (${tuid}, ${author}, ${`Ticket ${category}`}, ${category}, 'Necesito ayuda', ${refs.puid ?? null}, ${refs.ruid ?? null})`.execute(database.db);
  return tuid;
}

const ticketRow = async (tuid: string) => (await sql<{ status: string; outcome: string | null; assigned_cuid: string | null; completion: Record<string, unknown> | null }>`
  SELECT status, outcome, assigned_cuid, completion FROM tickets WHERE tuid = ${tuid}`.execute(database.db)).rows[0]!;
const audits = async (tuid: string) => (await sql<{ action: string; rtable: string; rkey: string; rcolumn: string | null; old_value: unknown; new_value: unknown }>`
  SELECT action, rtable, rkey, rcolumn, old_value, new_value FROM staff_audit_log WHERE tuid = ${tuid} ORDER BY id`.execute(database.db)).rows;
const systemTexts = async (tuid: string) => (await sql<{ text: string }>`
  SELECT text FROM ticket_messages WHERE tuid = ${tuid} AND cat = 'system' ORDER BY seq`.execute(database.db)).rows.map((r) => r.text);

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('the support panel (issue 14 "The staff panel"; spec 03 §3 Ticket (support))', () => {
  it('grab → in process with a system message; close; a closed ticket cannot be grabbed or completed; clients are refused', async () => {
    const staff = await newStaff();
    const { renter } = await insertTestRent(database);
    const tuid = await insertTicket(renter.cuid, 'AY');
    expect((await refusal(grabTicket(deps, { actor: registeredActor(renter.cuid), tuid }))).code).toBe('FORBIDDEN');
    expect((await refusal(grabTicket(deps, { actor: staff, tuid: 'no válido' }))).msg).toBe(M.invalidTuid);
    expect((await refusal(grabTicket(deps, { actor: staff, tuid: 't_inexistente' }))).code).toBe('NOT_FOUND');

    const queue = await listStaffQueue(deps, { actor: staff, view: 'unassigned', page: 1 });
    expect(queue.tickets.some((t) => t.tuid === tuid)).toBe(true);
    expect(await grabTicket(deps, { actor: staff, tuid })).toEqual({ changed: true });
    expect(await grabTicket(deps, { actor: staff, tuid })).toEqual({ changed: false });
    expect(await ticketRow(tuid)).toMatchObject({ status: 'in_process', assigned_cuid: staff.cuid });
    expect(await systemTexts(tuid)).toEqual([M.systemGrabbed]);
    expect(heard.some((e) => e.tuid === tuid && e.authorCuid === renter.cuid)).toBe(true);
    const mine = await listStaffQueue(deps, { actor: staff, view: 'mine', page: 1 });
    expect(mine.tickets.map((t) => t.tuid)).toEqual([tuid]);
    expect((await listStaffQueue(deps, { actor: staff, view: 'unassigned', page: 1 })).tickets.some((t) => t.tuid === tuid)).toBe(false);
    expect((await getStaffTicket(deps, { actor: staff, tuid })).mine).toBe(true);

    await closeTicket(deps, { actor: staff, tuid });
    expect(await ticketRow(tuid)).toMatchObject({ status: 'closed', outcome: 'closed' });
    expect((await refusal(grabTicket(deps, { actor: staff, tuid }))).msg).toBe(M.ticketClosed);
    expect((await refusal(completeTicket(deps, { actor: staff, tuid, body: { comment: 'Listo' } }))).code).toBe('CONFLICT');
    expect((await audits(tuid)).map((a) => a.action)).toEqual(['grab', 'close']);
    const closed = await listStaffQueue(deps, { actor: staff, view: 'all', status: 'closed', category: 'AY', page: 1 });
    expect(closed.tickets.every((t) => t.status === 'closed' && t.category === 'AY')).toBe(true);
  });

  it('LP sets the listing\'s folio and last verification; a missing folio changes nothing', async () => {
    const staff = await newStaff();
    const { owner, puid } = await insertTestRent(database);
    const tuid = await insertTicket(owner.cuid, 'LP', { puid });
    const missing = await refusal(completeTicket(deps, { actor: staff, tuid, body: {} }));
    expect([missing.code, missing.msg]).toEqual(['BAD_REQUEST', M.folioRequired]);
    expect(await ticketRow(tuid)).toMatchObject({ status: 'sent' });
    await completeTicket(deps, { actor: staff, tuid, body: { folio_gob_mx: 'FR-12345-GDL' } });
    const p = await database.db.selectFrom('properties').select(['folio_gob_mx', 'last_verified']).where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(p.folio_gob_mx).toBe('FR-12345-GDL');
    expect(p.last_verified).toBeInstanceOf(Date);
    expect(await ticketRow(tuid)).toMatchObject({ status: 'closed', outcome: 'completed', assigned_cuid: staff.cuid, completion: { category: 'LP', puid, folio_gob_mx: 'FR-12345-GDL' } });
    expect((await audits(tuid)).map((a) => [a.action, a.rtable, a.rcolumn])).toEqual([
      ['complete', 'tickets', 'status'], ['complete', 'properties', 'folio_gob_mx'], ['complete', 'properties', 'last_verified'],
    ]);
    expect((await systemTexts(tuid))[0]).toBe(M.systemCompleted(''));
    const noListing = await insertTicket(owner.cuid, 'LP');
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: noListing, body: { folio_gob_mx: 'X1' } }))).msg).toBe(M.listingRequired);
  });

  it("LP never verifies a listing its author does not publish (a report is the reporter's LP ticket), nor another listing than the ticket's", async () => {
    const staff = await newStaff();
    const { owner, renter, puid } = await insertTestRent(database);
    const reported = await insertTicket(renter.cuid, 'LP', { puid });
    const e = await refusal(completeTicket(deps, { actor: staff, tuid: reported, body: { folio_gob_mx: 'FR-1' } }));
    expect([e.code, e.msg]).toEqual(['CONFLICT', M.authorNotOwner]);
    const other = await insertTestRent(database);
    const own = await insertTicket(owner.cuid, 'LP', { puid });
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: own, body: { puid: other.puid, folio_gob_mx: 'FR-2' } }))).msg).toBe(M.listingOtherThanTicket);
    const p = await database.db.selectFrom('properties').select(['folio_gob_mx', 'last_verified']).where('puid', 'in', [puid, other.puid]).execute();
    expect(p).toEqual([{ folio_gob_mx: null, last_verified: null }, { folio_gob_mx: null, last_verified: null }]);
    expect(await ticketRow(reported)).toMatchObject({ status: 'sent' });
  });

  it('two support users grabbing at once: one holds the ticket, the other is refused and cannot close or complete it', async () => {
    const [ana, beto] = [await newStaff(), await newStaff()];
    const { renter } = await insertTestRent(database);
    const tuid = await insertTicket(renter.cuid, 'AY');
    const results = await Promise.allSettled([grabTicket(deps, { actor: ana, tuid }), grabTicket(deps, { actor: beto, tuid })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as AppError;
    expect([refused.code, refused.msg]).toEqual(['CONFLICT', M.ticketHeldByOther]);
    const holder = (await ticketRow(tuid)).assigned_cuid;
    const other = holder === ana.cuid ? beto : ana;
    expect((await refusal(closeTicket(deps, { actor: other, tuid }))).msg).toBe(M.ticketHeldByOther);
    expect((await refusal(completeTicket(deps, { actor: other, tuid, body: { comment: 'Resuelto por otra persona' } }))).msg).toBe(M.ticketHeldByOther);
    expect(await systemTexts(tuid)).toEqual([M.systemGrabbed]);
  });

  it('ID approves or rejects the client\'s newest identity process', async () => {
    const staff = await newStaff();
    const { renter } = await insertTestRent(database);
    const none = await insertTicket(renter.cuid, 'ID');
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: none, body: { is_approved: true } }))).msg).toBe(M.noIdentityProcess);
    const pid = `ip_${randomBytes(6).toString('hex')}`;
    await sql`INSERT INTO identity_processes (process_id, cuid, provider, status, request_fields, failure_reason)
      VALUES (${pid}, ${renter.cuid}, 'sandbox', 'failure', 'cic', 'No coincide')`.execute(database.db);
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: none, body: {} }))).msg).toBe(M.approveRequired);
    await completeTicket(deps, { actor: staff, tuid: none, body: { is_approved: true } });
    const proc = await sql<{ status: string }>`SELECT status FROM identity_processes WHERE process_id = ${pid}`.execute(database.db);
    expect(proc.rows[0]!.status).toBe('success');
    const c = await database.db.selectFrom('clients').select('is_identity_verified').where('cuid', '=', renter.cuid).executeTakeFirstOrThrow();
    expect(c.is_identity_verified).toBe(true);

    const other = await insertTestRent(database);
    const pid2 = `ip_${randomBytes(6).toString('hex')}`;
    await sql`INSERT INTO identity_processes (process_id, cuid, provider, status, request_fields) VALUES (${pid2}, ${other.renter.cuid}, 'sandbox', 'pending', 'cic')`.execute(database.db);
    const reject = await insertTicket(other.renter.cuid, 'ID');
    await completeTicket(deps, { actor: staff, tuid: reject, body: { is_approved: false, comment: 'La foto del INE no se lee' } });
    const rejected = await sql<{ status: string; failure_reason: string }>`SELECT status, failure_reason FROM identity_processes WHERE process_id = ${pid2}`.execute(database.db);
    expect(rejected.rows[0]).toEqual({ status: 'failure', failure_reason: M.identityRejectedReason });
    expect((await database.db.selectFrom('clients').select('is_identity_verified').where('cuid', '=', other.renter.cuid).executeTakeFirstOrThrow()).is_identity_verified).toBe(false);
    expect((await systemTexts(reject)).at(-1)).toBe(M.systemCompleted('La foto del INE no se lee'));
  });

  it('CR records the investigation decision on the rent', async () => {
    const staff = await newStaff();
    const { renter, ruid } = await insertTestRent(database, 'on_offer');
    const tuid = await insertTicket(renter.cuid, 'CR', { ruid });
    expect((await refusal(completeTicket(deps, { actor: staff, tuid, body: { is_cr_passed: true } }))).msg).toBe(M.decisionRequired);
    expect((await refusal(completeTicket(deps, { actor: staff, tuid, body: { decision: 'Aprobado' } }))).msg).toBe(M.crPassedRequired);
    await completeTicket(deps, { actor: staff, tuid, body: { is_cr_passed: true, decision: 'Ingresos comprobados con recibos de nómina', renter_credit_score: 700, renter_blacklist_matches: 0 } });
    const rent = await sql<{ is_cr_passed: boolean; renter_credit_score: number }>`SELECT is_cr_passed, renter_credit_score FROM rents WHERE ruid = ${ruid}`.execute(database.db);
    expect(rent.rows[0]).toEqual({ is_cr_passed: true, renter_credit_score: 700 });
    expect((await ticketRow(tuid)).completion).toMatchObject({ ruid, is_cr_passed: true, renter_blacklist_matches: 0 });
    const noRent = await insertTicket(renter.cuid, 'CR');
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: noRent, body: { is_cr_passed: false, decision: 'No' } }))).msg).toBe(M.rentRequired);
  });

  it('OS approves the rent\'s joint guarantor (obligado solidario)', async () => {
    const staff = await newStaff();
    const { renter, ruid } = await insertTestRent(database, 'on_offer');
    const tuid = await insertTicket(renter.cuid, 'OS', { ruid });
    expect((await refusal(completeTicket(deps, { actor: staff, tuid, body: { is_approved: true } }))).msg).toBe(M.noGuarantor);
    const guarantor = await insertTestRent(database);
    const iuid = `iv_${randomBytes(6).toString('hex')}`;
    await database.db.insertInto('rent_invitations').values({ iuid, ruid, role: 'aval', atype: 'obligado', email: 'aval@example.com', cuid: guarantor.stranger.cuid, status: 'accepted' } as never).execute();
    await completeTicket(deps, { actor: staff, tuid, body: { is_approved: true } });
    const inv = await sql<{ is_approved: boolean; is_os_confirmed: boolean; is_os_approved: boolean }>`SELECT is_approved, is_os_confirmed, is_os_approved FROM rent_invitations WHERE iuid = ${iuid}`.execute(database.db);
    expect(inv.rows[0]).toEqual({ is_approved: true, is_os_confirmed: true, is_os_approved: true });
    expect((await audits(tuid)).some((a) => a.rtable === 'rent_invitations' && a.rkey === iuid)).toBe(true);
  });

  it('AG approves an agent; AY needs a resolution', async () => {
    const staff = await newStaff();
    const { renter } = await insertTestRent(database);
    const tuid = await insertTicket(renter.cuid, 'AG');
    await completeTicket(deps, { actor: staff, tuid, body: { is_approved: true } });
    expect((await database.db.selectFrom('clients').select('is_agent').where('cuid', '=', renter.cuid).executeTakeFirstOrThrow()).is_agent).toBe(true);
    const help = await insertTicket(renter.cuid, 'PG');
    await sql`UPDATE tickets SET event_date = '2026-03-05' WHERE tuid = ${help}`.execute(database.db);
    expect((await getStaffTicket(deps, { actor: staff, tuid: help })).event_date).toBe('2026-03-05');
    expect((await refusal(completeTicket(deps, { actor: staff, tuid: help, body: {} }))).msg).toBe(M.resolutionRequired);
    await completeTicket(deps, { actor: staff, tuid: help, body: { comment: 'El pago se acreditó el lunes' } });
    expect((await ticketRow(help)).completion).toEqual({ category: 'PG', comment: 'El pago se acreditó el lunes' });
  });

  it('internal notes: support only, on existing records, audited, newest first', async () => {
    const staff = await newStaff();
    const { renter, puid } = await insertTestRent(database);
    expect((await refusal(addStaffNote(deps, { actor: registeredActor(renter.cuid), rtable: 'properties', rkey: puid, body: 'x' }))).code).toBe('FORBIDDEN');
    expect((await refusal(addStaffNote(deps, { actor: staff, rtable: 'properties', rkey: 'p_inexistente', body: 'x' }))).msg).toBe(M.recordNotFound);
    await addStaffNote(deps, { actor: staff, rtable: 'properties', rkey: puid, body: 'Primera nota' });
    const second = await addStaffNote(deps, { actor: staff, rtable: 'properties', rkey: puid, body: 'Segunda nota' });
    expect(second).toMatchObject({ rtable: 'properties', rkey: puid, body: 'Segunda nota', author_cuid: staff.cuid });
    const listed = await listStaffNotes(deps, { actor: staff, rtable: 'properties', rkey: puid });
    expect(listed.notes.map((n) => n.body)).toEqual(['Segunda nota', 'Primera nota']);
    const logged = await sql<{ n: string }>`SELECT count(*) AS n FROM staff_audit_log WHERE action = 'note' AND rtable = 'properties' AND rkey = ${puid}`.execute(database.db);
    expect(Number(logged.rows[0]!.n)).toBe(2);
  });
});
