import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, REFERENCES_MESSAGES as M, ZReference, ZReferenceConfirmation } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

let database: Database;
let app: FastifyInstance;
let csrf: string;
type Who = { token: string } | null;
type Client = { cuid: string; token: string };
const cookies = (who: Who) => ({ [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) });
const list = (who: Who) => app.inject({ method: 'GET', url: '/api/v1/client/references', cookies: cookies(who) });
const save = (who: Who, payload: unknown) => app.inject({
  method: 'POST', url: '/api/v1/client/references', cookies: cookies(who),
  headers: { 'x-csrf-token': csrfFor(app, who?.token), 'content-type': 'application/json' }, payload: JSON.stringify(payload),
});
const del = (who: Who, phone: string) => app.inject({
  method: 'DELETE', url: `/api/v1/client/references?phone_number=${encodeURIComponent(phone)}`, cookies: cookies(who),
  headers: { 'x-csrf-token': csrfFor(app, who?.token) },
});
const remind = (who: Who, phone: string) => app.inject({
  method: 'POST', url: `/api/v1/client/references/remind?phone_number=${encodeURIComponent(phone)}`, cookies: cookies(who),
  headers: { 'x-csrf-token': csrfFor(app, who?.token) },
});
const load = (token: string) => app.inject({ method: 'GET', url: `/api/v1/client/reference?token=${encodeURIComponent(token)}` });
const confirm = (who: Who, token: string) => app.inject({
  method: 'POST', url: `/api/v1/client/reference/confirm?token=${encodeURIComponent(token)}`, cookies: cookies(who),
  headers: { 'x-csrf-token': csrfFor(app, who?.token) },
});

let phoneSeq = 0;
/** A fresh valid Guadalajara number as typed ('33 1000 0001'); E.164 is '+52' + the digits. */
function phone(): { typed: string; e164: string } {
  phoneSeq += 1;
  const digits = `331${String(1000000 + phoneSeq).slice(-7)}`;
  return { typed: `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`, e164: `+52${digits}` };
}
async function client(nickname: string): Promise<Client> {
  const s = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ nickname, profile_photo_name: `${s.cuid}.webp` }).where('cuid', '=', s.cuid).execute();
  return s;
}
/** The newest text message to a number in the dev outbox, and the confirmation token in its link. */
async function lastMessageTo(e164: string): Promise<{ text: string; token: string } | undefined> {
  const row = await database.db.selectFrom('outbox').select(['text']).where('to', '=', e164).orderBy('id', 'desc').executeTakeFirst();
  if (!row) return undefined;
  const token = decodeURIComponent(/\/referencia\?token=([^\s]+)/.exec(row.text)?.[1] ?? '');
  return { text: row.text, token };
}
async function messagesTo(e164: string): Promise<number> {
  return (await database.db.selectFrom('outbox').select('id').where('to', '=', e164).execute()).length;
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://nj.example.mx' }) });
  const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
  csrf = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('saving references (spec 02 §5, §7)', () => {
  it('saves rows with normalised phones and sends each its confirmation link', async () => {
    const ana = await client('Ana');
    const work = phone();
    const friend = phone();
    const res = await save(ana, [
      { name: '  Luis   Pérez ', phone_number: work.typed, reftype: 'work' },
      { name: 'María', phone_number: `+521${friend.e164.slice(3)}`, reftype: 'friend' }, // legacy +521 mobile prefix
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(M.saved);
    const refs = res.json().data.map((r: unknown) => ZReference.parse(r));
    expect(refs.map((r: { name: string; phone_number: string; reftype: string; is_confirmed: boolean }) =>
      [r.name, r.phone_number, r.reftype, r.is_confirmed])).toEqual([
      ['Luis Pérez', work.e164, 'work', false],
      ['María', friend.e164, 'friend', false],
    ]);
    expect(refs[0].last_sent_at).not.toBeNull();
    expect(refs[0].can_remind_at).not.toBeNull();

    const msg = await lastMessageTo(work.e164);
    expect(msg?.text).toContain('Ana te agregó como su referencia personal en NJ Inmuebles');
    expect(msg?.text).toContain('https://nj.example.mx/referencia?token=');
    // Only the token's hash is stored.
    const stored = await database.db.selectFrom('reference_tokens').select('token_hash').where('cuid', '=', ana.cuid).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(msg!.token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);

    // A single object (the spec's body) works too; reftype defaults to work — but Ana already has her work one.
    const single = await save(ana, { name: 'Pedro', phone_number: phone().typed });
    expect(single.statusCode).toBe(400);
    expect(single.json().msg).toBe(M.tooManyWork);
    expect((await save(ana, { name: 'Pedro', phone_number: phone().typed, reftype: 'family' })).statusCode).toBe(200);
    expect((await list(ana)).json().data).toHaveLength(3);
  });

  it('allows 6 friends or family and 1 work reference, with the spec wording beyond that', async () => {
    const beto = await client('Beto');
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `Amigo ${i}`, phone_number: phone().typed, reftype: i % 2 ? 'family' : 'friend' }));
    expect((await save(beto, six)).statusCode).toBe(200);
    const seventh = await save(beto, { name: 'Otro', phone_number: phone().typed, reftype: 'friend' });
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().msg).toBe('Solo puedes tener 6 referencias de amigos o familia. Se requieren 7 referencias: 6 de amigos o familia y 1 de trabajo.');
    expect((await save(beto, { name: 'Jefa', phone_number: phone().typed, reftype: 'work' })).statusCode).toBe(200);
    const eight = await save(beto, { name: 'Jefe 2', phone_number: phone().typed, reftype: 'work' });
    expect(eight.json().msg).toBe(M.tooManyWork);
    expect((await list(beto)).json().data).toHaveLength(7);
    // All or none: a batch with one row too many saves nothing.
    const carla = await client('Carla');
    const batch = await save(carla, [{ name: 'A', phone_number: phone().typed, reftype: 'work' }, { name: 'B', phone_number: phone().typed, reftype: 'work' }]);
    expect(batch.statusCode).toBe(400);
    expect((await list(carla)).json().data).toEqual([]);
  });

  it('answers bad rows with a Spanish message and a 400, never a 500', async () => {
    const dani = await client('Dani');
    const p = phone();
    await database.db.updateTable('clients').set({ phone_number: p.e164.slice(3), phone_country_code: '+52' }).where('cuid', '=', dani.cuid).execute();
    const cases: [unknown, string][] = [
      [{ name: '', phone_number: phone().typed, reftype: 'work' }, M.nameRequired],
      [{ name: '   ', phone_number: phone().typed, reftype: 'work' }, M.nameRequired],
      [{ phone_number: phone().typed, reftype: 'work' }, M.nameRequired],
      [{ name: 'x'.repeat(121), phone_number: phone().typed }, M.nameTooLong],
      [{ name: 'Ana', phone_number: '', reftype: 'work' }, M.phoneRequired],
      [{ name: 'Ana', reftype: 'work' }, M.phoneRequired],
      [{ name: 'Ana', phone_number: 3312345678, reftype: 'work' }, M.phoneRequired],
      [{ name: 'Ana', phone_number: '12', reftype: 'work' }, M.phoneInvalid],
      [{ name: 'Ana', phone_number: 'abc', reftype: 'work' }, M.phoneInvalid],
      [{ name: 'Ana', phone_number: '+1 202 555 01', reftype: 'work' }, M.phoneInvalid],
      [{ name: 'Ana', phone_number: phone().typed, reftype: 'boss' }, M.reftypeInvalid],
      [{ name: 'Ana', phone_number: p.typed, reftype: 'work' }, M.ownPhone],
      [[], M.noReferences],
      [Array.from({ length: 8 }, () => ({ name: 'A', phone_number: phone().typed, reftype: 'friend' })), M.required],
      [null, M.createError],
      ['texto', M.createError],
    ];
    for (const [body, msg] of cases) {
      const res = await save(dani, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toBe(msg);
    }
    const twice = phone();
    const dup = await save(dani, [{ name: 'A', phone_number: twice.typed, reftype: 'friend' }, { name: 'B', phone_number: twice.e164, reftype: 'family' }]);
    expect(dup.json().msg).toBe(M.duplicatePhone);
    expect((await save(dani, { name: 'A', phone_number: twice.typed, reftype: 'friend' })).statusCode).toBe(200);
    const again = await save(dani, { name: 'A otra vez', phone_number: twice.e164, reftype: 'family' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(M.duplicatePhone);
  });
});

describe('reminding and deleting', () => {
  it('reminds once a day per reference, with a fresh working link; the old link keeps working', async () => {
    const eli = await client('Eli');
    const ref = phone();
    await save(eli, { name: 'Tía Rosa', phone_number: ref.typed, reftype: 'family' });
    const first = await lastMessageTo(ref.e164);
    const tooSoon = await remind(eli, ref.e164);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().msg).toBe(M.remindTooSoon);
    expect(await messagesTo(ref.e164)).toBe(1);

    // A day later (moved back in the database) the reminder goes out.
    await database.db.updateTable('client_references').set({ last_sent_at: new Date(Date.now() - 25 * 3600_000) })
      .where('cuid', '=', eli.cuid).execute();
    const ok = await remind(eli, ref.typed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe('Se ha mandado un recordatorio a la referencia');
    expect(ZReference.parse(ok.json().data).can_remind_at).not.toBeNull();
    expect(await messagesTo(ref.e164)).toBe(2);
    const second = await lastMessageTo(ref.e164);
    expect(second!.token).not.toBe(first!.token);
    expect((await load(first!.token)).statusCode).toBe(200);
    expect((await load(second!.token)).statusCode).toBe(200);

    // Concurrent reminders a day later still send one message.
    await database.db.updateTable('client_references').set({ last_sent_at: new Date(Date.now() - 25 * 3600_000) })
      .where('cuid', '=', eli.cuid).execute();
    const results = await Promise.all([remind(eli, ref.e164), remind(eli, ref.e164), remind(eli, ref.e164)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await messagesTo(ref.e164)).toBe(3);
  });

  it('caps the confirmation messages of a client per day', async () => {
    const fer = await client('Fer');
    for (let round = 0; round < 4; round++) {
      const rows = Array.from({ length: 6 }, () => ({ name: 'Amigo', phone_number: phone().typed, reftype: 'friend' }));
      expect((await save(fer, rows)).statusCode).toBe(200);
      for (const r of rows) expect((await del(fer, r.phone_number)).statusCode).toBe(200);
    }
    // 24 saved, 20 messages sent (the daily cap); deleting and re-adding did not reset it.
    expect(await database.db.selectFrom('reference_tokens').select('token_hash').where('cuid', '=', fer.cuid).execute()).toHaveLength(20);
    const last = phone();
    await save(fer, { name: 'Tardío', phone_number: last.typed, reftype: 'friend' });
    expect(await messagesTo(last.e164)).toBe(0);
    const res = await remind(fer, last.e164);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(M.remindDailyLimit);
  });

  it('deletes by phone, and its links stop working', async () => {
    const gabi = await client('Gabi');
    const ref = phone();
    await save(gabi, { name: 'Vecino', phone_number: ref.typed, reftype: 'friend' });
    const { token } = (await lastMessageTo(ref.e164))!;
    // An unencoded '+' (read as a space) is understood.
    const res = await app.inject({
      method: 'DELETE', url: `/api/v1/client/references?phone_number=${ref.e164}`, cookies: cookies(gabi), headers: { 'x-csrf-token': csrfFor(app, gabi.token) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: M.deleted, data: [] });
    expect((await load(token)).statusCode).toBe(404);
    const again = await del(gabi, ref.e164);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(M.findError);
    for (const bad of ['', 'abc', '12']) expect((await del(gabi, bad)).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/client/references', cookies: cookies(gabi), headers: { 'x-csrf-token': csrfFor(app, gabi.token) } })).json().msg)
      .toBe(M.phoneRequired);
  });
});

describe('authorization: one client never reads or changes another client’s references', () => {
  it('keeps lists, deletes and reminders to the owner, and answers 401 to visitors', async () => {
    const owner = await client('Hugo');
    const intruder = await client('Iris');
    const ref = phone();
    await save(owner, { name: 'Compadre', phone_number: ref.typed, reftype: 'friend' });
    expect((await list(intruder)).json().data).toEqual([]);
    const d = await del(intruder, ref.e164);
    expect(d.statusCode).toBe(404);
    await database.db.updateTable('client_references').set({ last_sent_at: null }).where('cuid', '=', owner.cuid).execute();
    expect((await remind(intruder, ref.e164)).statusCode).toBe(404);
    expect((await list(owner)).json().data).toHaveLength(1);
    expect(await messagesTo(ref.e164)).toBe(1);
    // The intruder may add the same person as their own reference: a separate row.
    expect((await save(intruder, { name: 'Compadre', phone_number: ref.typed, reftype: 'friend' })).statusCode).toBe(200);
    expect((await list(owner)).json().data).toHaveLength(1);

    const anon = await createTestClientSession(database, { anonymous: true });
    for (const who of [null, anon]) {
      for (const res of [await list(who), await save(who, { name: 'X', phone_number: phone().typed }), await del(who, ref.e164), await remind(who, ref.e164)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: COMMON_MESSAGES.loginRequired, data: null });
      }
    }
  });
});

describe('external confirmation by token (modal 8)', () => {
  it('loads the owner and accepts without an account; the owner cannot confirm their own reference', async () => {
    const juan = await client('Juan');
    const ref = phone();
    await save(juan, { name: 'Karla', phone_number: ref.typed, reftype: 'work' });
    const { token } = (await lastMessageTo(ref.e164))!;

    const loaded = await load(token);
    expect(loaded.statusCode).toBe(200);
    expect(ZReferenceConfirmation.strict().parse(loaded.json().data)).toEqual({
      token, uid: juan.cuid, nickname: 'Juan', profile_photo_name: `${juan.cuid}.webp`, phone_number: ref.e164, name: 'Karla', is_confirmed: false,
    });
    expect(M.confirmQuestion(loaded.json().data.nickname)).toBe('¿Aceptas ser la referencia personal de Juan?');

    const own = await confirm(juan, token);
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('No puedes confirmar tu propia referencia');
    expect((await load(token)).json().data.is_confirmed).toBe(false);

    const accepted = await confirm(null, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().msg).toBe('Todo listo!');
    expect(accepted.json().data.is_confirmed).toBe(true);
    expect((await confirm(null, token)).statusCode).toBe(200);

    const after = ZReference.parse((await list(juan)).json().data[0]);
    expect(after).toMatchObject({ is_confirmed: true, can_remind_at: null });
    expect(after.confirmed_at).not.toBeNull();
    const r = await remind(juan, ref.e164);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(M.alreadyConfirmed);
  });

  it('a signed-in third person may confirm; bad or expired tokens get a Spanish 4xx', async () => {
    const leo = await client('Leo');
    const third = await client('Mara');
    const ref = phone();
    await save(leo, { name: 'Mara', phone_number: ref.typed, reftype: 'friend' });
    const { token } = (await lastMessageTo(ref.e164))!;
    expect((await confirm(third, token)).statusCode).toBe(200);
    const row = await database.db.selectFrom('client_references').select('confirmed_by_cuid').where('cuid', '=', leo.cuid).executeTakeFirstOrThrow();
    expect(row.confirmed_by_cuid).toBe(third.cuid);

    for (const bad of ['', 'corto', 'x'.repeat(43), 'x'.repeat(500)]) {
      const a = await load(bad);
      const b = await confirm(null, bad);
      for (const res of [a, b]) {
        expect([400, 404]).toContain(res.statusCode);
        expect(res.json().msg).toBe(M.tokenInvalid);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/client/reference' })).json().msg).toBe(M.tokenInvalid);

    const other = phone();
    await save(third, { name: 'Nico', phone_number: other.typed, reftype: 'friend' });
    const expiring = (await lastMessageTo(other.e164))!.token;
    await database.db.updateTable('reference_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('cuid', '=', third.cuid).execute();
    expect((await load(expiring)).statusCode).toBe(404);
    expect((await confirm(null, expiring)).statusCode).toBe(404);
  });
});
