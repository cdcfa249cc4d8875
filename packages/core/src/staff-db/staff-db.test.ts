import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES, STAFF_DB_COLUMNS, STAFF_DB_MESSAGES as M } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { createDatabaseRateLimiter, rateKey, type RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import { anonymousActor, registeredActor, VISITOR, type Actor } from '../policies/actor.ts';
import { createTestClientWithEmail } from '../likes/testing/registered-session.ts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { browseStaffDb } from './browse-staff-db.ts';
import { convertStaffValue } from './convert-staff-value.ts';
import { editStaffRecord } from './edit-staff-record.ts';
import { hoverStaffRecord } from './hover-staff-record.ts';
import { listStaffAudit } from './list-staff-audit.ts';
import { STAFF_RATE_LIMITS } from './staff-rate-limits.ts';

let database: Database;
let limiter: RateLimiter;
let staff: Actor;
let client: { cuid: string };
let other: Actor;
let puid: string;
let njUid: string;
let tuidPending: string;
let tuidDone: string;
let ticket: string;

const deps = () => ({ database, limiter });
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};
const REASON = 'El cliente pidió corregir su apodo por teléfono';
const edit = (patch: Partial<Parameters<typeof editStaffRecord>[1]> = {}) =>
  editStaffRecord(deps(), { actor: staff, rtable: 'clients', rkey: client.cuid, rcolumn: 'nickname', newval: 'Nuevo apodo', comment: REASON, ...patch });
const column = (table: 'clients' | 'properties' | 'transactions', key: string) => STAFF_DB_COLUMNS[table].find((c) => c.key === key)!;

beforeAll(async () => {
  database = await openTestDatabase();
  limiter = createDatabaseRateLimiter(database);
  const s = await createTestClientWithEmail(database, 'soporte-db@example.com');
  staff = registeredActor(s.cuid, { privileges: ['support'] });
  client = await createTestClientWithEmail(database, 'cliente-db@example.com');
  await database.db.updateTable('clients').set({ nickname: 'Apodo viejo', password_hash: '$argon2id$secret-hash', phone_country_code: '+52', phone_number: '3312345678' })
    .where('cuid', '=', client.cuid).execute();
  other = registeredActor((await createTestClientWithEmail(database, 'otro-db@example.com')).cuid);
  const [p] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.37, owner_cuid: client.cuid, title: 'Casa azul en Chapalita', neighborhood: 'Chapalita' }]);
  puid = p!.puid;
  njUid = p!.nj_uid;
  tuidPending = `tx_pending_${njUid}`;
  tuidDone = `tx_done_${njUid}`;
  await sql`INSERT INTO transactions (tuid, cuid, ttype, tstatus, amount_cents, duedate, description)
    VALUES (${tuidPending}, ${client.cuid}, 'rent', 'pending', 2000000, '2026-12-01T06:00:00Z', 'Renta de diciembre'),
           (${tuidDone}, ${client.cuid}, 'rent', 'completed', 2000000, '2026-11-01T06:00:00Z', 'Renta de noviembre')`.execute(database.db);
  ticket = `t_${njUid}`;
  await sql`INSERT INTO tickets (tuid, author_cuid, title, description) VALUES (${ticket}, ${client.cuid}, 'Mi apodo', 'Quiero cambiar mi apodo')`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('staff database view: who may use it (staffPolicy)', () => {
  it('refuses visitors (401), anonymous and signed-in clients without support (403) on every verb', async () => {
    for (const [actor, code] of [[VISITOR, 'UNAUTHORIZED'], [anonymousActor(client.cuid), 'UNAUTHORIZED'], [other, 'FORBIDDEN']] as const) {
      for (const call of [
        browseStaffDb(deps(), { actor, rtable: 'clients', page: 1, search: '' }),
        hoverStaffRecord(deps(), { actor, rtable: 'clients', uid: client.cuid }),
        edit({ actor }),
        listStaffAudit(deps(), { actor, page: 1 }),
      ]) {
        const e = await refusal(call);
        expect(e.code).toBe(code);
        expect(e.msg).toBe(code === 'FORBIDDEN' ? COMMON_MESSAGES.forbidden : COMMON_MESSAGES.loginRequired);
      }
    }
    const row = await database.db.selectFrom('clients').select('nickname').where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
    expect(row.nickname).toBe('Apodo viejo');
  });
});

describe('browseStaffDb', () => {
  it('pages each table with exactly its documented columns, never a password hash', async () => {
    const clients = await browseStaffDb(deps(), { actor: staff, rtable: 'clients', page: 1, search: 'cliente-db' });
    expect(clients.total).toBe(1);
    expect(Object.keys(clients.rows[0]!).sort()).toEqual(STAFF_DB_COLUMNS.clients.map((c) => c.key).sort());
    expect(clients.rows[0]).toMatchObject({ cuid: client.cuid, email: 'cliente-db@example.com', nickname: 'Apodo viejo', phone: '+52 3312345678' });
    expect(JSON.stringify(clients)).not.toContain('argon2');
    const props = await browseStaffDb(deps(), { actor: staff, rtable: 'properties', page: 1, search: 'chapalita' });
    expect(props.rows.map((r) => r.puid)).toContain(puid);
    expect(Object.keys(props.rows[0]!).sort()).toEqual(STAFF_DB_COLUMNS.properties.map((c) => c.key).sort());
    const txs = await browseStaffDb(deps(), { actor: staff, rtable: 'transactions', page: 1, search: client.cuid });
    expect(txs.rows.map((r) => r.tuid).sort()).toEqual([tuidDone, tuidPending].sort());
    expect(txs.rows.find((r) => r.tuid === tuidPending)).toMatchObject({ amount_cents: 2000000, duedate: '2026-12-01', tstatus: 'pending' });
  });

  it('searches clients by id, e-mail, nickname and phone digits; properties by id, code, title, colonia; transactions by ids', async () => {
    const find = async (rtable: 'clients' | 'properties' | 'transactions', search: string) =>
      (await browseStaffDb(deps(), { actor: staff, rtable, page: 1, search })).rows.map((r) => r[rtable === 'clients' ? 'cuid' : rtable === 'properties' ? 'puid' : 'tuid']);
    expect(await find('clients', client.cuid)).toEqual([client.cuid]);
    expect(await find('clients', 'APODO VIEJO')).toEqual([client.cuid]);
    expect(await find('clients', '331234')).toEqual([client.cuid]);
    expect(await find('clients', '%')).not.toContain(client.cuid);
    expect(await find('properties', puid)).toEqual([puid]);
    expect(await find('properties', `NJ-${njUid.toUpperCase()}`)).toEqual([puid]);
    expect(await find('properties', 'casa azul')).toEqual([puid]);
    expect(await find('transactions', tuidPending)).toEqual([tuidPending]);
    expect(await find('transactions', 'tx_done_')).toContain(tuidDone);
    const anon = await database.db.insertInto('clients').values({ cuid: `anon_${njUid}`, is_anonymous: true }).returning('cuid').executeTakeFirstOrThrow();
    expect(await find('clients', '')).not.toContain(anon.cuid);
    expect(await find('clients', anon.cuid)).toEqual([anon.cuid]);
  });

  it('answers an empty page past the end', async () => {
    const page = await browseStaffDb(deps(), { actor: staff, rtable: 'transactions', page: 9999, search: '' });
    expect(page.rows).toEqual([]);
    expect(page.page).toBe(9999);
  });
});

describe('hoverStaffRecord', () => {
  it('summarises a client, a listing and a transaction; an unknown id is 404', async () => {
    const c = await hoverStaffRecord(deps(), { actor: staff, rtable: 'clients', uid: client.cuid });
    expect(c.title).toBe('Apodo viejo');
    expect(c.lines).toContainEqual({ label: 'Correo', value: 'cliente-db@example.com' });
    expect(c.lines).toContainEqual({ label: 'Propiedades', value: '1' });
    const p = await hoverStaffRecord(deps(), { actor: staff, rtable: 'properties', uid: puid });
    expect(p.title).toBe('Casa azul en Chapalita');
    expect(p.lines).toContainEqual({ label: 'Código', value: `NJ-${njUid.toUpperCase()}` });
    const t = await hoverStaffRecord(deps(), { actor: staff, rtable: 'transactions', uid: tuidPending });
    expect(t.title).toBe('Renta mensual · Pendiente');
    expect(t.lines.find((l) => l.label === 'Monto')?.value).toMatch(/20,000\.00/);
    const missing = await refusal(hoverStaffRecord(deps(), { actor: staff, rtable: 'clients', uid: 'no-existe' }));
    expect([missing.code, missing.msg]).toEqual(['NOT_FOUND', M.recordNotFound]);
  });
});

describe('convertStaffValue (spec 03 §5: integer and float conversions)', () => {
  it('converts integers, floats, booleans, dates and texts, and refuses what does not fit', () => {
    expect(convertStaffValue(column('properties', 'rooms'), '3')).toBe(3);
    expect(convertStaffValue(column('properties', 'rooms'), 4)).toBe(4);
    expect(convertStaffValue(column('properties', 'parking_spots'), '1,000')).toBe(1000);
    expect(convertStaffValue(column('properties', 'rent_price'), '$12,500.50')).toBe(12500.5);
    expect(convertStaffValue(column('properties', 'rent_price'), 9000)).toBe(9000);
    expect(convertStaffValue(column('clients', 'is_agent'), 'sí')).toBe(true);
    expect(convertStaffValue(column('clients', 'is_agent'), false)).toBe(false);
    expect(convertStaffValue(column('transactions', 'duedate'), '2027-01-31')).toBe('2027-01-31');
    expect(convertStaffValue(column('properties', 'folio_gob_mx'), '  ')).toBeNull();
    expect(convertStaffValue(column('clients', 'nickname'), '  Ana  ')).toBe('Ana');
    const refuse = (key: [Parameters<typeof column>[0], string], v: unknown) => {
      try {
        convertStaffValue(column(...key), v);
      } catch (e) {
        return (e as AppError).msg;
      }
      return null;
    };
    expect(refuse(['properties', 'rooms'], '3.5')).toBe(M.notInteger('Recámaras'));
    expect(refuse(['properties', 'rooms'], 3.5)).toBe(M.notInteger('Recámaras'));
    expect(refuse(['properties', 'rooms'], '101')).toBe(M.outOfRange('Recámaras', 0, 100));
    expect(refuse(['properties', 'rooms'], -1)).toBe(M.outOfRange('Recámaras', 0, 100));
    expect(refuse(['properties', 'rent_price'], 'doce mil')).toBe(M.notNumber('Renta mensual'));
    expect(refuse(['properties', 'rent_price'], '')).toBe(M.valueInvalid);
    expect(refuse(['properties', 'rent_price'], true)).toBe(M.notNumber('Renta mensual'));
    expect(refuse(['clients', 'is_agent'], 'quizá')).toBe(M.notBoolean('Agente'));
    expect(refuse(['transactions', 'duedate'], '2027-02-30')).toBe(M.notDate('Vencimiento'));
    expect(refuse(['clients', 'nickname'], '')).toBe(M.textLength('Apodo', 1, 60));
    expect(refuse(['clients', 'nickname'], 'x'.repeat(61))).toBe(M.textLength('Apodo', 1, 60));
    expect(refuse(['clients', 'nickname'], 'dos\nlíneas')).toBe(M.valueInvalid);
  });
});

describe('editStaffRecord', () => {
  it('changes an allow-listed value and writes the audit row (who, table, key, column, old, new, reason, ticket) with it', async () => {
    const result = await edit({ tuid: ticket });
    expect(result).toMatchObject({ rtable: 'clients', rkey: client.cuid, rcolumn: 'nickname', old_value: 'Apodo viejo', new_value: 'Nuevo apodo' });
    expect(result.audit).toMatchObject({
      actor_cuid: (staff as { cuid: string }).cuid, actor_name: 'soporte-db', action: 'write', rtable: 'clients', rkey: client.cuid,
      rcolumn: 'nickname', old_value: 'Apodo viejo', new_value: 'Nuevo apodo', reason: REASON, tuid: ticket,
    });
    const row = await database.db.selectFrom('clients').select('nickname').where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
    expect(row.nickname).toBe('Nuevo apodo');
    const history = await listStaffAudit(deps(), { actor: staff, page: 1, rtable: 'clients', rkey: client.cuid });
    expect(history.entries[0]).toEqual(result.audit);
  });

  it('refuses a reason of 16 characters or fewer, a bad ticket id, a column off the allow-list, the same value', async () => {
    const short = await refusal(edit({ comment: 'x'.repeat(16), newval: 'Otro apodo' }));
    expect([short.code, short.msg]).toEqual(['BAD_REQUEST', 'El mensaje es demasiado corto']);
    expect((await refusal(edit({ comment: `   ${'x'.repeat(15)}   `, newval: 'Otro apodo' }))).msg).toBe('El mensaje es demasiado corto');
    expect((await refusal(edit({ tuid: 't_no_existe', newval: 'Otro apodo' }))).msg).toBe('El id del ticket es inválido');
    for (const [rtable, rcolumn] of [
      ['clients', 'email'], ['clients', 'password_hash'], ['clients', 'privileges'], ['clients', 'cuid'], ['clients', 'is_identity_verified'],
      ['properties', 'puid'], ['properties', 'owner_cuid'], ['properties', 'nj_uid'], ['transactions', 'amount_cents'],
      ['transactions', 'emoney_used_cents'], ['transactions', 'cuid'], ['emoney_ledger', 'amount_mxn'], ['clients', 'nickname; DROP TABLE clients'],
    ]) {
      const e = await refusal(edit({ rtable: rtable!, rcolumn: rcolumn!, rkey: client.cuid, newval: 'x' }));
      expect(e.code).toBe('BAD_REQUEST');
      expect([M.columnNotEditable, M.tableInvalid]).toContain(e.msg);
    }
    expect((await refusal(edit({ newval: 'Nuevo apodo' }))).msg).toBe(M.sameValue);
    expect((await refusal(edit({ rkey: 'no-existe', newval: 'Otro apodo' }))).code).toBe('NOT_FOUND');
    const row = await database.db.selectFrom('clients').select(['nickname', 'email', 'password_hash']).where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
    expect(row).toEqual({ nickname: 'Nuevo apodo', email: 'cliente-db@example.com', password_hash: '$argon2id$secret-hash' });
  });

  it('converts numbers and checks the listing rules (price bounds, maintenance below the rent, rent only when in rent)', async () => {
    const rooms = await edit({ rtable: 'properties', rkey: puid, rcolumn: 'rooms', newval: '3' });
    expect([rooms.old_value, rooms.new_value]).toEqual([null, 3]);
    const price = await edit({ rtable: 'properties', rkey: puid, rcolumn: 'rent_price', newval: '$18,500.50' });
    expect([price.old_value, price.new_value]).toEqual([20000, 18500.5]);
    expect((await refusal(edit({ rtable: 'properties', rkey: puid, rcolumn: 'rent_price', newval: '12' }))).msg).toContain('La renta mensual debe estar entre');
    expect((await refusal(edit({ rtable: 'properties', rkey: puid, rcolumn: 'monthly_maintenance_fee', newval: 19000 }))).msg).toContain('debe ser menor que la renta mensual');
    expect((await refusal(edit({ rtable: 'properties', rkey: puid, rcolumn: 'sale_price', newval: 3000000 }))).msg).toBe(M.salePriceWithoutSale);
    const folio = await edit({ rtable: 'properties', rkey: puid, rcolumn: 'folio_gob_mx', newval: 'FR-123456' });
    expect(folio.new_value).toBe('FR-123456');
    const off = await edit({ rtable: 'properties', rkey: puid, rcolumn: 'is_active', newval: 'false' });
    expect([off.old_value, off.new_value]).toEqual([true, false]);
    const row = await database.db.selectFrom('properties').select(['rooms', 'rent_price', 'folio_gob_mx', 'is_active']).where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(row).toEqual({ rooms: 3, rent_price: 18500.5, folio_gob_mx: 'FR-123456', is_active: false });
  });

  it("moves a transaction's due day only while pending; never its status (it moves with the checkout and e-money) nor money", async () => {
    const due = await edit({ rtable: 'transactions', rkey: tuidPending, rcolumn: 'duedate', newval: '2027-01-05' });
    expect([due.old_value, due.new_value]).toEqual(['2026-12-01', '2027-01-05']);
    const stored = await sql<{ duedate: Date }>`SELECT duedate FROM transactions WHERE tuid = ${tuidPending}`.execute(database.db);
    expect(new Date(stored.rows[0]!.duedate).toISOString()).toBe('2027-01-05T06:00:00.000Z');
    for (const newval of ['expired', 'completed', 'failed']) {
      expect((await refusal(edit({ rtable: 'transactions', rkey: tuidPending, rcolumn: 'tstatus', newval }))).msg).toBe(M.columnNotEditable);
    }
    expect((await refusal(edit({ rtable: 'transactions', rkey: tuidDone, rcolumn: 'duedate', newval: '2027-01-05' }))).msg).toBe(M.transactionNotPending);
    const status = await sql<{ tstatus: string }>`SELECT tstatus FROM transactions WHERE tuid = ${tuidPending}`.execute(database.db);
    expect(status.rows[0]!.tstatus).toBe('pending');
  });

  it('is atomic: when the audit row cannot be written the record is left unchanged, with "Error al editar apartado"', async () => {
    await sql`CREATE OR REPLACE FUNCTION staff_audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for the test' USING ERRCODE = 'check_violation'; END $$`.execute(database.db);
    await sql`CREATE TRIGGER staff_audit_test_refuse BEFORE INSERT ON staff_audit_log FOR EACH ROW EXECUTE FUNCTION staff_audit_test_refuse()`.execute(database.db);
    try {
      const before = await listStaffAudit(deps(), { actor: staff, page: 1 });
      const e = await refusal(edit({ newval: 'Apodo que no queda' }));
      expect([e.code, e.msg]).toEqual(['BAD_REQUEST', 'Error al editar apartado']);
      const row = await database.db.selectFrom('clients').select('nickname').where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
      expect(row.nickname).toBe('Nuevo apodo');
      expect((await listStaffAudit(deps(), { actor: staff, page: 1 })).total).toBe(before.total);
    } finally {
      await sql`DROP TRIGGER staff_audit_test_refuse ON staff_audit_log`.execute(database.db);
    }
  });
});

describe('staff limits (per staff member, by cuid)', () => {
  it('refuses the edits of a staff member over the limit with 429 and a Spanish msg, not those of another', async () => {
    const busy = registeredActor((await createTestClientWithEmail(database, 'soporte-ocupado@example.com')).cuid, { privileges: ['support'] });
    const calm = registeredActor((await createTestClientWithEmail(database, 'soporte-tranquilo@example.com')).cuid, { privileges: ['support'] });
    for (let i = 0; i < STAFF_RATE_LIMITS.edit.limit; i++) await limiter.hit({ key: rateKey('staff-edit', busy.cuid), ...STAFF_RATE_LIMITS.edit });
    const e = await refusal(edit({ actor: busy, newval: 'Apodo de más' }));
    expect(e.code).toBe('RATE_LIMITED');
    expect(e.msg).toMatch(/^Hiciste demasiados intentos; espera/);
    const ok = await edit({ actor: calm, newval: 'Apodo tranquilo' });
    expect(ok.new_value).toBe('Apodo tranquilo');
    await edit({ actor: calm, newval: 'Nuevo apodo' });
  });
});

describe('listStaffAudit', () => {
  it('pages the log newest first, by table and by record', async () => {
    const all = await listStaffAudit(deps(), { actor: staff, page: 1 });
    const ids = all.entries.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const txs = await listStaffAudit(deps(), { actor: staff, page: 1, rtable: 'transactions' });
    expect(txs.entries.length).toBeGreaterThanOrEqual(1);
    expect(txs.entries.every((e) => e.rtable === 'transactions')).toBe(true);
    const one = await listStaffAudit(deps(), { actor: staff, page: 1, rtable: 'properties', rkey: puid });
    expect(one.entries.map((e) => e.rcolumn)).toEqual(['is_active', 'folio_gob_mx', 'rent_price', 'rooms']);
  });
});

describe('the audit log cannot be changed through the product', () => {
  /** Every non-test source file of the server, core and db packages. */
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sources(path);
      return /\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('has no UPDATE, DELETE or TRUNCATE of staff_audit_log anywhere, and one INSERT (writeStaffAudit)', () => {
    const root = resolve(import.meta.dirname, '../../../..');
    const files = ['apps/server/src', 'apps/web/app', 'packages/core/src', 'packages/db/src'].flatMap((d) => sources(join(root, d)));
    const changes: string[] = [];
    const inserts: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (/updateTable\(\s*['"]staff_audit_log|deleteFrom\(\s*['"]staff_audit_log|(UPDATE|DELETE\s+FROM|TRUNCATE)\s+(TABLE\s+)?staff_audit_log/i.test(text)) changes.push(relative(root, file));
      if (/insertInto\(\s*['"]staff_audit_log|INSERT\s+INTO\s+staff_audit_log/i.test(text)) inserts.push(relative(root, file));
    }
    expect(changes).toEqual([]);
    expect(inserts).toEqual(['packages/core/src/staff-db/write-staff-audit.ts']);
  });
});
