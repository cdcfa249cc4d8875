import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STAFF_PANEL_MESSAGES as M, ZStaffNote, ZStaffNotes, ZStaffQueuePage, ZStaffTicket } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();

async function supportUser() {
  const who = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({ privileges: ['support'], nickname: 'Soporte Ana' }).where('cuid', '=', who.cuid).execute();
  return who;
}

async function insertTicket(author: string, category: string, refs: { puid?: string } = {}) {
  const tuid = `t_${randomBytes(8).toString('hex')}`;
  await sql`INSERT INTO tickets (tuid, author_cuid, title, category, description, puid)
    VALUES (${tuid}, ${author}, 'Mi anuncio', ${category}, 'Soy el dueño legítimo', ${refs.puid ?? null})`.execute(t.database.db);
  return tuid;
}

const spanish = (msg: unknown) => expect(String(msg)).toMatch(/[a-záéíóúñ]{3}/i);

describe('the support panel calls (issue 14; spec 02 §7 Tickets, spec 03 §7 Tickets and staff)', () => {
  it('support only; the queue, grab, complete LP with a folio, the ticket as support reads it; bad input is a Spanish 4xx', async () => {
    const { app } = t;
    const staff = await supportUser();
    const { owner, stranger, puid } = await insertTestRent(t.database);
    const tuid = await insertTicket(owner.cuid, 'LP', { puid });

    // Visitors 401, clients 403 with a Spanish msg, on every staff call.
    for (const [method, url, body] of [
      ['GET', '/api/v1/tickets/assigned'], ['GET', `/api/v1/tickets/assigned/${tuid}`], ['PUT', `/api/v1/tickets/${tuid}/grab`],
      ['PUT', `/api/v1/tickets/${tuid}/close`], ['POST', `/api/v1/tickets/${tuid}/complete`, { folio_gob_mx: 'X' }],
      ['POST', '/api/v1/notes', { rtable: 'tickets', rkey: tuid, body: 'hola' }], ['GET', `/api/v1/notes?rtable=tickets&rkey=${tuid}`],
    ] as const) {
      expect((await callAs(app, null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [owner, stranger]) {
        const res = await callAs(app, who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        spanish(res.json().msg);
      }
    }

    // Bad input: 'El id del ticket es inválido' for a malformed or unknown id; Spanish 400s for bad filters and bodies.
    const malformed = await callAs(app, staff, 'PUT', '/api/v1/tickets/no%20v%C3%A1lido/grab');
    expect([malformed.statusCode, malformed.json().msg]).toEqual([400, M.invalidTuid]);
    const unknown = await callAs(app, staff, 'PUT', '/api/v1/tickets/t_inexistente/grab');
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, M.invalidTuid]);
    for (const q of ['view=otra', 'page=0', 'page=x', 'category=ZZ', 'status=abierto']) {
      const res = await callAs(app, staff, 'GET', `/api/v1/tickets/assigned?${q}`);
      expect(res.statusCode, q).toBe(400);
      spanish(res.json().msg);
    }
    for (const body of [{ folio_gob_mx: '' }, { folio_gob_mx: 'x'.repeat(61) }, { is_approved: 'sí' }, { renter_credit_score: 100 }, 'x', []]) {
      const res = await callAs(app, staff, 'POST', `/api/v1/tickets/${tuid}/complete`, body);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      spanish(res.json().msg);
    }
    const noFolio = await callAs(app, staff, 'POST', `/api/v1/tickets/${tuid}/complete`, {});
    expect([noFolio.statusCode, noFolio.json().msg]).toEqual([400, M.folioRequired]);

    // The queue: the ticket is unassigned, with its author's nickname and the listing's title.
    const queue = await callAs(app, staff, 'GET', '/api/v1/tickets/assigned?view=unassigned&category=LP');
    expect(queue.statusCode).toBe(200);
    const page = ZStaffQueuePage.parse(queue.json().data);
    expect(page.tickets.find((x) => x.tuid === tuid)).toMatchObject({ category: 'LP', status: 'sent', puid, assigned_cuid: null });

    const grabbed = await callAs(app, staff, 'PUT', `/api/v1/tickets/${tuid}/grab`);
    expect([grabbed.statusCode, grabbed.json().msg]).toEqual([200, M.grabbed]);
    expect(ZStaffTicket.parse(grabbed.json().data)).toMatchObject({ status: 'in_process', mine: true, assigned_nickname: 'Soporte Ana' });
    const mine = ZStaffQueuePage.parse((await callAs(app, staff, 'GET', '/api/v1/tickets/assigned?view=mine')).json().data);
    expect(mine.tickets.map((x) => x.tuid)).toEqual([tuid]);

    const done = await callAs(app, staff, 'POST', `/api/v1/tickets/${tuid}/complete`, { folio_gob_mx: 'FR-2026-0001' });
    expect([done.statusCode, done.json().msg]).toEqual([200, M.completedOk]);
    const after = ZStaffTicket.parse(done.json().data);
    expect(after).toMatchObject({ status: 'closed', outcome: 'completed', listing_folio_gob_mx: 'FR-2026-0001' });
    expect(after.listing_last_verified).not.toBeNull();
    // The listing's detail carries the verification (the 'Propietario verificado' badge).
    const detail = await callAs(app, stranger, 'GET', `/api/v1/properties/${puid}`);
    expect(JSON.stringify(detail.json())).toContain('last_verified');

    // Closed: grab, close and complete answer 409 in Spanish.
    for (const [method, url] of [['PUT', `/api/v1/tickets/${tuid}/grab`], ['PUT', `/api/v1/tickets/${tuid}/close`], ['POST', `/api/v1/tickets/${tuid}/complete`]] as const) {
      const res = await callAs(app, staff, method, url, method === 'POST' ? { folio_gob_mx: 'otro' } : undefined);
      expect([res.statusCode, res.json().msg]).toEqual([409, M.ticketClosed]);
    }

    // Every change is in the audit log with the ticket's id.
    const log = await sql<{ action: string; rtable: string }>`SELECT action, rtable FROM staff_audit_log WHERE tuid = ${tuid} ORDER BY id`.execute(t.database.db);
    expect(log.rows.map((r) => `${r.action}:${r.rtable}`)).toEqual(['grab:tickets', 'complete:tickets', 'complete:properties', 'complete:properties']);
  });

  it('internal notes on a ticket, its author and its listing; unknown records 404; bad input 400', async () => {
    const { app } = t;
    const staff = await supportUser();
    const { owner, puid } = await insertTestRent(t.database);
    const tuid = await insertTicket(owner.cuid, 'AY');
    for (const [rtable, rkey] of [['tickets', tuid], ['clients', owner.cuid], ['properties', puid]] as const) {
      const res = await callAs(app, staff, 'POST', '/api/v1/notes', { rtable, rkey, body: `Nota sobre ${rtable}` });
      expect([res.statusCode, res.json().msg]).toEqual([200, M.noteAdded]);
      expect(ZStaffNote.parse(res.json().data)).toMatchObject({ rtable, rkey, author_nickname: 'Soporte Ana' });
      const list = await callAs(app, staff, 'GET', `/api/v1/notes?rtable=${rtable}&rkey=${rkey}`);
      expect(ZStaffNotes.parse(list.json().data).notes.map((n) => n.body)).toEqual([`Nota sobre ${rtable}`]);
    }
    const missing = await callAs(app, staff, 'POST', '/api/v1/notes', { rtable: 'rents', rkey: 'r_inexistente', body: 'x' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, M.recordNotFound]);
    for (const body of [{}, { rtable: 'sessions', rkey: 'x', body: 'x' }, { rtable: 'clients', rkey: owner.cuid, body: '' }, { rtable: 'clients', rkey: owner.cuid, body: 'x'.repeat(5001) }]) {
      const res = await callAs(app, staff, 'POST', '/api/v1/notes', body);
      expect(res.statusCode).toBe(400);
      spanish(res.json().msg);
    }
  });

  it('staff actions are rate-limited per staff member (429 in Spanish), another staff member is not', async () => {
    const { app } = t;
    const staff = await supportUser();
    const other = await supportUser();
    const { owner } = await insertTestRent(t.database);
    const tuid = await insertTicket(owner.cuid, 'AY');
    let limited: { statusCode: number; json: () => { msg: string } } | undefined;
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await callAs(app, staff, 'POST', '/api/v1/notes', { rtable: 'tickets', rkey: tuid, body: `Nota ${i}` });
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.statusCode).toBe(429);
    spanish(limited!.json().msg);
    expect((await callAs(app, other, 'PUT', `/api/v1/tickets/${tuid}/grab`)).statusCode).toBe(200);
  });
});
