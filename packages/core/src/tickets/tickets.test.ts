import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { ChatEvents, type TicketMessageEvent } from '../rents/chat-events.ts';
import { createLocalMediaStorage } from '../media/storage/local-media-storage.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { createTestClientSession } from '../likes/testing/registered-session.ts';
import { createDatabaseRateLimiter, type RateLimiter } from '../accounts/rate-limiter.ts';
import { registeredActor, VISITOR, anonymousActor } from '../policies/actor.ts';
import { insertTestRent, pixelBombPng, testJpeg, testPdf, testPng } from '../rent-documents/testing/document-fixtures.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { createTicket } from './create-ticket.ts';
import { getTicket, getTicketMessages } from './get-ticket.ts';
import { getTicketAttachment } from './get-ticket-attachment.ts';
import { listTicketChats, listTickets } from './list-tickets.ts';
import { postTicketMessage } from './post-ticket-message.ts';
import { ticketsRepository } from './tickets-repository.ts';
import { checkTicketFiles } from './store-ticket-files.ts';
import { CREATE_TICKET_RATE_LIMITS } from './create-ticket.ts';
import { reportListing } from '../reports/report-listing.ts';
import { TICKET_MESSAGES as M, CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import { sql } from 'kysely';

let database: Database;
let storage: MediaStorage;
let root: string;
let limiter: RateLimiter;
const events = new ChatEvents((e) => { throw e; });
const heard: TicketMessageEvent[] = [];
events.onTicketMessage((e) => heard.push(e));
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'nj-tickets-'));
  storage = createLocalMediaStorage({ root });
  limiter = createDatabaseRateLimiter(database);
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

async function bareTicket(authorCuid: string) {
  return ticketsRepository.insert(database, {
    tuid: `t_${Math.random().toString(16).slice(2)}`, author_cuid: authorCuid, title: 'Ayuda', category: 'AY', description: 'Algo',
    puid: null, ruid: null, event_date: null,
  });
}

describe('appendTicketMessage (the verb the staff panel also uses)', () => {
  it('stores a message, publishes it once, and a resend with the same client id stores nothing', async () => {
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    heard.length = 0;
    const first = await appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: ' hola ', clientMessageId: 'c1' });
    expect(first.message).toMatchObject({ tuid: t.tuid, from_cuid: author.cuid, from_staff: false, cat: 'msg', text: 'hola', attachment: null });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ tuid: t.tuid, authorCuid: author.cuid });
    const again = await appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: 'hola', clientMessageId: 'c1' });
    expect(again.duplicate).toBe(true);
    expect(again.message.muid).toBe(first.message.muid);
    expect(heard).toHaveLength(1);
    // The same client id on another ticket is another message (the id is the sender's, per ticket).
    const other = await bareTicket(author.cuid);
    const elsewhere = await appendTicketMessage({ database, events }, { tuid: other.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: 'hola', clientMessageId: 'c1' });
    expect(elsewhere).toMatchObject({ duplicate: false, message: { tuid: other.tuid } });
  });

  it('a system message has no sender; inside a transaction it is published only when asked (after commit)', async () => {
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    heard.length = 0;
    const result = await database.db.transaction().execute((trx) =>
      appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: null, fromStaff: true, cat: 'system', text: 'Tu ticket está en proceso' }, trx));
    expect(heard).toHaveLength(0);
    result.publish();
    result.publish();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.message).toMatchObject({ from_cuid: null, from_staff: true, cat: 'system' });
  });

  it('refuses an unknown ticket and an empty text', async () => {
    await expect(appendTicketMessage({ database, events }, { tuid: 't_nope', fromCuid: null, fromStaff: true, cat: 'system', text: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const author = await createTestClientSession(database);
    const t = await bareTicket(author.cuid);
    await expect(appendTicketMessage({ database, events }, { tuid: t.tuid, fromCuid: author.cuid, fromStaff: false, cat: 'msg', text: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

const deps = () => ({ database, limiter, storage, events });
const form = { title: 'No puedo pagar', category: 'AY', description: 'Me sale un error al pagar' };

describe('createTicket (spec 02 §5 Ticket)', () => {
  it('validates the fields with the spec messages, the date where the category needs one, and refuses visitors', async () => {
    const me = registeredActor((await createTestClientSession(database)).cuid);
    const refused = (input: Record<string, unknown>) => createTicket(deps(), { actor: me, ...form, ...input }).then(() => null, (e: { msg: string; code: string }) => e);
    expect(await refused({ title: '   ' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.titleRequired });
    expect(await refused({ description: '' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.descriptionRequired });
    expect(await refused({ category: 'XX' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.categoryRequired });
    expect(await refused({ category: '' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.categoryRequired });
    expect(await refused({ category: 'PG' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.dateRequired });
    expect(await refused({ category: 'PG', date: '2026-02-30' })).toMatchObject({ code: 'BAD_REQUEST', msg: M.dateInvalid });
    await expect(createTicket(deps(), { actor: VISITOR, ...form })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const anon = await createTestClientSession(database, { anonymous: true });
    await expect(createTicket(deps(), { actor: anonymousActor(anon.cuid), ...form })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const pg = await createTicket(deps(), { actor: me, ...form, category: 'PG', date: '2026-03-05' });
    expect(pg.ticket).toMatchObject({ category: 'PG', categoryName: 'Pagos y cobranza', date: '2026-03-05', status: 'sent', statusLabel: 'Enviado' });
    const ay = await createTicket(deps(), { actor: me, ...form, date: '2026-03-05' });
    expect(ay.ticket.date).toBeNull();
  });

  it('stores up to 10 files checked by content as the first messages; refuses 11, other content, empty and pixel bombs', async () => {
    const me = registeredActor((await createTestClientSession(database)).cuid);
    const png = await testPng();
    const created = await createTicket(deps(), { actor: me, ...form, files: [{ body: png, name: 'captura.png' }, { body: await testPdf(), name: 'recibo.pdf' }, { body: await testJpeg(), name: 'foto.exe' }] });
    expect(created.messages.map((m) => [m.cat, m.text, m.attachment?.type])).toEqual([
      ['attachment', 'captura.png', 'image/png'], ['attachment', 'recibo.pdf', 'application/pdf'], ['attachment', 'foto.exe', 'image/jpeg'],
    ]);
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM media_pending WHERE key LIKE ${`tickets/${created.ticket.tuid}/%`}`.execute(database.db);
    expect(pending.rows[0]!.n).toBe(0);
    const file = await getTicketAttachment({ database, storage }, { actor: me, tuid: created.ticket.tuid, muid: created.messages[0]!.muid });
    expect(file.body.equals(png)).toBe(true);
    const eleven = Array.from({ length: 11 }, () => ({ body: png, name: 'a.png' }));
    await expect(createTicket(deps(), { actor: me, ...form, files: eleven })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: M.tooManyFiles });
    await expect(createTicket(deps(), { actor: me, ...form, files: [{ body: Buffer.from('MZ not an image'), name: 'a.png' }] })).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA', msg: N.attachmentType });
    await expect(createTicket(deps(), { actor: me, ...form, files: [{ body: Buffer.alloc(0), name: 'a.png' }] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(createTicket(deps(), { actor: me, ...form, files: [{ body: await pixelBombPng(), name: 'a.png' }] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('takes a listing anyone can see and a rent the author is a party of, nothing else', async () => {
    const { renter, stranger, puid, ruid } = await insertTestRent(database);
    const renterActor = registeredActor(renter.cuid);
    const ok = await createTicket(deps(), { actor: renterActor, ...form, category: 'LP', puid, ruid });
    expect(ok.ticket).toMatchObject({ puid, ruid, category: 'LP' });
    expect(ok.ticket.listingTitle).toEqual(expect.any(String));
    await expect(createTicket(deps(), { actor: registeredActor(stranger.cuid), ...form, ruid })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: M.rentInvalid });
    await expect(createTicket(deps(), { actor: renterActor, ...form, puid: 'p_nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: M.listingInvalid });
    await database.db.updateTable('properties').set({ is_active: false }).where('puid', '=', puid).execute();
    await expect(createTicket(deps(), { actor: renterActor, ...form, puid })).rejects.toMatchObject({ msg: M.listingInvalid });
  });
});

describe('the conversation: lists, reading, writing, authorization', () => {
  it('the author lists own tickets newest first; another client gets 404; support reads and writes as staff (audited)', async () => {
    const author = registeredActor((await createTestClientSession(database)).cuid);
    const other = registeredActor((await createTestClientSession(database)).cuid);
    const support = registeredActor((await createTestClientSession(database)).cuid, { privileges: ['support'] });
    const a = await createTicket(deps(), { actor: author, ...form, title: 'Primero' });
    const b = await createTicket(deps(), { actor: author, ...form, title: 'Segundo' });
    const list = await listTickets(database, { actor: author, page: 1 });
    expect(list.tickets.map((t) => t.title)).toEqual(['Segundo', 'Primero']);
    expect((await listTickets(database, { actor: other, page: 1 })).tickets).toEqual([]);
    await expect(getTicket(database, { actor: other, tuid: a.ticket.tuid })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getTicketMessages({ database }, { actor: other, tuid: a.ticket.tuid })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(postTicketMessage(deps(), { actor: other, tuid: a.ticket.tuid, text: 'hola' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getTicket(database, { actor: VISITOR, tuid: a.ticket.tuid })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await getTicket(database, { actor: support, tuid: a.ticket.tuid })).title).toBe('Primero');

    heard.length = 0;
    const reply = await postTicketMessage(deps(), { actor: support, tuid: a.ticket.tuid, text: 'Te ayudamos', clientMessageId: 's1' });
    expect(reply.messages[0]).toMatchObject({ from_staff: true, from_cuid: null, text: 'Te ayudamos' });
    expect(heard.map((h) => h.authorCuid)).toEqual([author.cuid]);
    const audit = await sql<{ action: string; rkey: string }>`SELECT action, rkey FROM staff_audit_log WHERE actor_cuid = ${support.cuid}`.execute(database.db);
    expect(audit.rows).toEqual([{ action: 'message', rkey: a.ticket.tuid }]);

    const chats = await listTicketChats(database, { actor: author, page: 1 });
    const chatA = chats.chats.find((c) => c.ticket.tuid === a.ticket.tuid)!;
    expect(chatA.unread).toBe(1);
    expect(chatA.last?.text).toBe('Te ayudamos');
    expect(chats.chats[0]!.ticket.tuid).toBe(a.ticket.tuid);
    expect((await listTicketChats(database, { actor: author, page: 1, tuid: b.ticket.tuid })).chats.map((c) => c.ticket.tuid)).toEqual([b.ticket.tuid]);

    const read = await getTicketMessages({ database }, { actor: author, tuid: a.ticket.tuid });
    expect(read.messages.map((m) => m.text)).toEqual(['Te ayudamos']);
    expect((await listTicketChats(database, { actor: author, page: 1, tuid: a.ticket.tuid })).chats[0]!.unread).toBe(0);

    const mine = await postTicketMessage(deps(), { actor: author, tuid: a.ticket.tuid, text: 'Gracias', files: [{ body: await testPng(), name: 'x.png' }], clientMessageId: 'c9' });
    expect(mine.messages.map((m) => m.cat)).toEqual(['msg', 'attachment']);
    const resend = await postTicketMessage(deps(), { actor: author, tuid: a.ticket.tuid, text: 'Gracias', files: [{ body: await testPng(), name: 'x.png' }], clientMessageId: 'c9' });
    expect(resend.duplicate).toBe(true);
    expect(resend.messages.map((m) => m.muid)).toEqual(mine.messages.map((m) => m.muid));
    const after = await getTicketMessages({ database }, { actor: author, tuid: a.ticket.tuid, last: read.messages[0]!.muid });
    expect(after.messages.map((m) => m.muid)).toEqual(mine.messages.map((m) => m.muid));
    await expect(getTicketAttachment({ database, storage }, { actor: other, tuid: a.ticket.tuid, muid: mine.messages[1]!.muid })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getTicketAttachment({ database, storage }, { actor: author, tuid: b.ticket.tuid, muid: mine.messages[1]!.muid })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await expect(postTicketMessage(deps(), { actor: author, tuid: a.ticket.tuid, text: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: M.messageEmpty });
    await database.db.updateTable('tickets' as never).set({ status: 'closed' } as never).where('tuid' as never, '=', a.ticket.tuid as never).execute();
    await expect(postTicketMessage(deps(), { actor: author, tuid: a.ticket.tuid, text: 'otra' })).rejects.toMatchObject({ code: 'CONFLICT', msg: M.ticketClosed });
    expect((await listTicketChats(database, { actor: author, page: 1, onlyActive: true })).chats.map((c) => c.ticket.tuid)).toEqual([b.ticket.tuid]);
  });
});

describe('a listing report becomes an LP ticket (issue 14)', () => {
  it("a client's report (signed in or anonymous) opens an LP ticket about the listing; one without any session stays a report only", async () => {
    const { renter, puid } = await insertTestRent(database);
    const actor = registeredActor(renter.cuid);
    const { ruid } = await reportListing({ database, limiter }, { actor, idOrSlugOrCode: puid, clientCuid: renter.cuid, ip: '10.0.0.1', reason: 'fraud', details: 'Pide depósito por adelantado' });
    const [ticket] = (await listTickets(database, { actor, page: 1 })).tickets;
    expect(ticket).toMatchObject({ category: 'LP', puid, report_ruid: ruid, status: 'sent' });
    expect(ticket!.title).toMatch(/^Reporte de anuncio: /);
    expect(ticket!.description).toContain('Pide depósito por adelantado');
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const { ruid: anonymousReport } = await reportListing({ database, limiter }, { actor: anonymousActor(anonymous.cuid), idOrSlugOrCode: puid, clientCuid: anonymous.cuid, ip: '10.0.0.3', reason: 'duplicate', details: null });
    const fromAnonymous = await sql<{ author_cuid: string; category: string }>`SELECT author_cuid, category FROM tickets WHERE report_ruid = ${anonymousReport}`.execute(database.db);
    expect(fromAnonymous.rows).toEqual([{ author_cuid: anonymous.cuid, category: 'LP' }]);
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tickets`.execute(database.db);
    await reportListing({ database, limiter }, { actor: VISITOR, idOrSlugOrCode: puid, clientCuid: null, ip: '10.0.0.2', reason: 'other', details: null });
    const afterCount = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tickets`.execute(database.db);
    expect(afterCount.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('limits', () => {
  it('a file over 50 MB is 413 before its content is read', async () => {
    await expect(checkTicketFiles([{ body: Buffer.alloc(50 * 1024 * 1024 + 1), name: 'grande.pdf' }])).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', msg: M.fileTooLarge });
  });

  it('a client opens at most 10 tickets an hour (429 in Spanish), another client is not affected', async () => {
    const me = registeredActor((await createTestClientSession(database)).cuid);
    for (let i = 0; i < CREATE_TICKET_RATE_LIMITS.perHour.limit; i++) await createTicket(deps(), { actor: me, ...form, title: `Ticket ${i}` });
    const refused = await createTicket(deps(), { actor: me, ...form }).then(() => null, (e: { code: string; msg: string }) => e);
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.msg).toMatch(/[áéíóúñ]|espera|intenta/i);
    const other = registeredActor((await createTestClientSession(database)).cuid);
    await expect(createTicket(deps(), { actor: other, ...form })).resolves.toBeTruthy();
  });
});
