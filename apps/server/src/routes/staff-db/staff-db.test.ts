import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STAFF_DB_COLUMNS, STAFF_DB_MESSAGES as M, ZStaffAuditPage, ZStaffDbEdit, ZStaffDbHover, ZStaffDbPage } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();

async function supportUser(nickname = 'Soporte Base') {
  const who = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({ privileges: ['support'], nickname }).where('cuid', '=', who.cuid).execute();
  return who;
}

const spanish = (msg: unknown) => expect(String(msg)).toMatch(/[a-záéíóúñ]{3}/i);
const REASON = 'Corrección pedida por el cliente en su ticket';

describe('the staff database view calls (issue 14; spec 03 §3 Staff edit request, §5, §7, §8)', () => {
  it('support only: visitors 401, clients 403 with a Spanish msg, nothing changed', async () => {
    const { app } = t;
    const { owner, stranger, puid } = await insertTestRent(t.database);
    for (const [method, url, body] of [
      ['POST', '/api/v1/tickets/db', { rtable: 'clients' }],
      ['GET', `/api/v1/tickets/db/hover?uid=${owner.cuid}&rtable=clients`],
      ['POST', '/api/v1/tickets/db/edit', { action: 'write', rtable: 'properties', rkey: puid, rcolumn: 'title', newval: 'Robado', comment: REASON }],
      ['GET', '/api/v1/tickets/db/audit'],
    ] as const) {
      const visitor = await callAs(app, null, method, url, body);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      spanish(visitor.json().msg);
      for (const who of [owner, stranger]) {
        const res = await callAs(app, who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        spanish(res.json().msg);
      }
    }
    const row = await t.database.db.selectFrom('properties').select('title').where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(row.title).not.toBe('Robado');
  });

  it('browses, hovers, edits a nickname with a reason and a ticket, and the audit log shows it per record and on its page', async () => {
    const { app } = t;
    const staff = await supportUser();
    const client = await createTestClientSession(t.database);
    const email = `cliente-${randomBytes(4).toString('hex')}@example.com`;
    await t.database.db.updateTable('clients').set({ email, nickname: 'Juanito', password_hash: '$argon2id$v=19$secreto' }).where('cuid', '=', client.cuid).execute();
    const tuid = `t_${randomBytes(8).toString('hex')}`;
    await sql`INSERT INTO tickets (tuid, author_cuid, title, description) VALUES (${tuid}, ${client.cuid}, 'Mi apodo', 'Cámbienlo por favor')`.execute(t.database.db);

    const browse = await callAs(app, staff, 'POST', '/api/v1/tickets/db', { rtable: 'clients', search: email });
    expect(browse.statusCode).toBe(200);
    expect(browse.body).not.toContain('argon2');
    const page = ZStaffDbPage.parse(browse.json().data);
    expect(page.rows).toHaveLength(1);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(STAFF_DB_COLUMNS.clients.map((c) => c.key).sort());
    for (const rtable of ['properties', 'transactions']) {
      const res = await callAs(app, staff, 'POST', '/api/v1/tickets/db', { rtable, page: 1 });
      expect(res.statusCode, rtable).toBe(200);
      expect(ZStaffDbPage.parse(res.json().data).rtable).toBe(rtable);
    }

    const hover = await callAs(app, staff, 'GET', `/api/v1/tickets/db/hover?uid=${client.cuid}&rtable=clients`);
    expect(hover.statusCode).toBe(200);
    expect(ZStaffDbHover.parse(hover.json().data).title).toBe('Juanito');
    const missing = await callAs(app, staff, 'GET', '/api/v1/tickets/db/hover?uid=nadie&rtable=clients');
    expect([missing.statusCode, missing.json().msg]).toEqual([404, M.recordNotFound]);

    const edit = await callAs(app, staff, 'POST', '/api/v1/tickets/db/edit', {
      action: 'write', rtable: 'clients', rkey: client.cuid, rcolumn: 'nickname', newval: 'Juan Pérez', comment: REASON, tuid,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().msg).toBe('Campo actualizado con éxito');
    const done = ZStaffDbEdit.parse(edit.json().data);
    expect(done).toMatchObject({ old_value: 'Juanito', new_value: 'Juan Pérez', audit: { actor_cuid: staff.cuid, actor_name: 'Soporte Base', reason: REASON, tuid, rcolumn: 'nickname' } });

    const history = ZStaffAuditPage.parse((await callAs(app, staff, 'GET', `/api/v1/tickets/db/audit?rtable=clients&rkey=${client.cuid}`)).json().data);
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]).toEqual(done.audit);
    const all = ZStaffAuditPage.parse((await callAs(app, staff, 'GET', '/api/v1/tickets/db/audit?page=1')).json().data);
    expect(all.entries[0]!.id).toBe(done.audit.id);
  });

  it('bad input is a Spanish 4xx, never a 500, and changes nothing', async () => {
    const { app } = t;
    const staff = await supportUser('Soporte Dos');
    const { owner, puid } = await insertTestRent(t.database);
    const base = { action: 'write', rtable: 'properties', rkey: puid, rcolumn: 'rooms', newval: '3', comment: REASON };
    const cases: [unknown, number, string | null][] = [
      [{ ...base, comment: 'muy corto' }, 400, 'El mensaje es demasiado corto'],
      [{ ...base, comment: 'x'.repeat(16) }, 400, 'El mensaje es demasiado corto'],
      [{ ...base, comment: undefined }, 400, 'El mensaje es demasiado corto'],
      [{ ...base, tuid: 't_no_existe' }, 400, 'El id del ticket es inválido'],
      [{ ...base, action: 'delete' }, 400, M.actionInvalid],
      [{ ...base, rtable: 'staff_audit_log' }, 400, M.tableInvalid],
      [{ ...base, rtable: 'clients', rkey: owner.cuid, rcolumn: 'password_hash', newval: 'x' }, 400, M.columnNotEditable],
      [{ ...base, rtable: 'clients', rkey: owner.cuid, rcolumn: 'privileges', newval: 'support' }, 400, M.columnNotEditable],
      [{ ...base, rtable: 'transactions', rcolumn: 'amount_cents', newval: 1 }, 400, M.columnNotEditable],
      [{ ...base, rcolumn: 'puid' }, 400, M.columnNotEditable],
      [{ ...base, newval: '3.5' }, 400, M.notInteger('Recámaras')],
      [{ ...base, newval: 'tres' }, 400, M.notInteger('Recámaras')],
      [{ ...base, rcolumn: 'rent_price', newval: 'mucho' }, 400, M.notNumber('Renta mensual')],
      [{ ...base, rcolumn: 'is_active', newval: 'tal vez' }, 400, M.notBoolean('Activa')],
      [{ ...base, newval: { a: 1 } }, 400, null],
      [{ ...base, rkey: 'p_no_existe' }, 404, M.recordNotFound],
      ['texto', 400, null],
      [[], 400, null],
    ];
    for (const [body, status, msg] of cases) {
      const res = await callAs(app, staff, 'POST', '/api/v1/tickets/db/edit', body);
      expect([400, 404, 415], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.statusCode, JSON.stringify(body)).toBe(status === 400 && res.statusCode === 415 ? 415 : status);
      spanish(res.json().msg);
      if (msg) expect(res.json().msg, JSON.stringify(body)).toBe(msg);
    }
    for (const [method, url, body] of [
      ['POST', '/api/v1/tickets/db', { rtable: 'sessions' }], ['POST', '/api/v1/tickets/db', { rtable: 'clients', page: 0 }],
      ['POST', '/api/v1/tickets/db', { rtable: 'clients', search: 'x'.repeat(101) }], ['GET', '/api/v1/tickets/db/hover?rtable=clients'],
      ['GET', '/api/v1/tickets/db/hover?uid=x&rtable=rents'], ['GET', '/api/v1/tickets/db/audit?page=-1'],
      ['GET', '/api/v1/tickets/db/audit?rtable=DROP%20TABLE'],
    ] as const) {
      const res = await callAs(app, staff, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      spanish(res.json().msg);
    }
    const row = await t.database.db.selectFrom('properties').select('rooms').where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(row.rooms).toBeNull();
  });

  it('the audit log has no call that changes it: PUT, PATCH and DELETE are refused', async () => {
    const { app } = t;
    const staff = await supportUser('Soporte Tres');
    for (const method of ['PUT', 'DELETE'] as const) {
      for (const url of ['/api/v1/tickets/db/audit', '/api/v1/tickets/db/audit/1']) {
        const res = await callAs(app, staff, method, url, {});
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/audit[^\n]*\((PUT|PATCH|DELETE)/);
  });

  it('switching a listing off from the view ends its open conversations as the owner would', async () => {
    const { app } = t;
    const staff = await supportUser('Soporte Cuatro');
    const { puid, ruid } = await insertTestRent(t.database, 'hello');
    const res = await callAs(app, staff, 'POST', '/api/v1/tickets/db/edit', {
      action: 'write', rtable: 'properties', rkey: puid, rcolumn: 'is_active', newval: false, comment: 'Anuncio fraudulento reportado por varios clientes',
    });
    expect(res.statusCode).toBe(200);
    const rent = await sql<{ step: string }>`SELECT step FROM rents WHERE ruid = ${ruid}`.execute(t.database.db);
    expect(rent.rows[0]!.step).toBe('property_invalid');
  });
});
