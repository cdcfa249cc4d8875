import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { ACCOUNT_MESSAGES as M, COMMON_MESSAGES } from '@nj/contracts';
import { findOrCreateClientByEmail, hashPassword } from '@nj/core';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor, TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DEV_OUTBOX: '1', PUBLIC_URL: 'https://nj.example.mx' }) });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A browser (see testing/test-browser.ts) with its own IP range for this file. */
class Browser extends TestBrowser {
  constructor() {
    super(app, '10.0');
  }
}

async function lastOutbox(to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { subject: string; text: string; html: string; links: string[]; codes: string[] };
}

/** Signs a new account up through the PIN flow; returns the browser and its cuid. */
async function signUp(email: string, password = 'secreta-123', likeFirst?: (b: Browser, cuid: string) => Promise<void>) {
  const b = new Browser();
  const anon = await b.call('POST', '/api/v1/client/anonymous');
  const cuid = anon.json().data.client.cuid as string;
  if (likeFirst) await likeFirst(b, cuid);
  const first = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Ana', password });
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ msg: M.pinSent, data: { pin_required: true, email } });
  const pin = (await lastOutbox(email)).codes[0]!;
  const second = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Ana', password, pin: pin.toLowerCase() });
  expect(second.statusCode).toBe(200);
  return { b, cuid, res: second };
}

describe('sign-up with PIN', () => {
  it('e-mails a PIN and turns the anonymous client into the account in place, with a new session id', async () => {
    const b = new Browser();
    const anon = await b.call('POST', '/api/v1/client/anonymous');
    const cuid = anon.json().data.client.cuid;
    expect(anon.json().data.client.is_anonymous).toBe(true);
    const anonToken = b.cookies[SESSION_COOKIE];
    const first = await b.call('POST', '/api/v1/signup', { client: cuid, email: 'Nueva@Example.com', nickname: 'Nueva', password: 'secreta-123' });
    expect(first.json().data.pin_required).toBe(true);
    const mail = await lastOutbox('nueva@example.com');
    expect(mail.subject).toContain('NJ Inmuebles');
    expect(mail.text).toContain(mail.codes[0]);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.codes[0]).toMatch(/^[A-Z0-9]{6}$/);

    const wrong = await b.call('POST', '/api/v1/signup', { client: cuid, email: 'Nueva@Example.com', nickname: 'Nueva', password: 'secreta-123', pin: 'ZZZZZZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(M.pinWrong);

    const ok = await b.call('POST', '/api/v1/signup', {
      client: cuid, email: 'Nueva@Example.com', nickname: 'Nueva', password: 'secreta-123', pin: mail.codes[0]!.toLowerCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ is_new: false, client: { cuid, email: 'Nueva@Example.com', nickname: 'Nueva', is_anonymous: false }, settings: { privileges: [], is_agent: false } });
    expect(ok.json().data.client.password_hash).toBeUndefined();
    expect(b.cookies[SESSION_COOKIE]).toBeDefined();
    expect(b.cookies[SESSION_COOKIE]).not.toBe(anonToken);
    const cookie = ok.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    // the old anonymous token no longer works
    const old = await app.inject({ method: 'POST', url: '/api/v1/client/session', cookies: { ...b.cookies, [SESSION_COOKIE]: anonToken!, [CSRF_COOKIE]: csrfFor(app, anonToken!) }, headers: { 'x-csrf-token': csrfFor(app, anonToken!) } });
    expect(old.json().data.client).toBeNull();
    const session = await b.call('POST', '/api/v1/client/session');
    expect(session.json().data.client.cuid).toBe(cuid);

    // the PIN is single use, and the address is taken now
    const again = await new Browser().call('POST', '/api/v1/signup', { email: 'nueva@example.com', nickname: 'Otra', password: 'secreta-123' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(M.emailTaken);
  });

  it('keeps the likes of the anonymous client (same cuid)', async () => {
    const puid = (await database.db.selectFrom('properties').select('puid').limit(1).executeTakeFirst())!.puid;
    const { cuid } = await signUp('likes@example.com', 'secreta-123', async (_b, anon) => {
      await database.db.insertInto('property_likes').values({ cuid: anon, puid }).execute();
    });
    const likes = await database.db.selectFrom('property_likes').select('cuid').where('puid', '=', puid).where('cuid', '=', cuid).execute();
    expect(likes).toHaveLength(1);
  });

  it('refuses a client id that is not the session’s own, and bad input in Spanish', async () => {
    const b = new Browser();
    await b.call('POST', '/api/v1/client/anonymous');
    const other = await b.call('POST', '/api/v1/signup', { client: 'c_someoneelse', email: 'x@example.com', nickname: 'X', password: 'secreta-123' });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe(M.clientMismatch);
    const short = await b.call('POST', '/api/v1/signup', { email: 'x@example.com', nickname: 'X', password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(M.passwordTooShort);
    // A common or breached password is refused before any PIN is sent (issue 7 §7).
    const common = await b.call('POST', '/api/v1/signup', { email: 'comun@example.com', nickname: 'X', password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ msg: M.passwordTooCommon, data: { fields: { password: M.passwordTooCommon } } });
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=comun@example.com' })).json().data).toEqual([]);
    const badEmail = await b.call('POST', '/api/v1/signup', { email: 'no-es-correo', nickname: 'X', password: 'secreta-123' });
    expect(badEmail.json().msg).toBe(M.emailInvalid);
    const noName = await b.call('POST', '/api/v1/signup', { email: 'x@example.com', nickname: '  ', password: 'secreta-123' });
    expect(noName.json().msg).toBe(M.nicknameRequired);
    const empty = await b.call('POST', '/api/v1/signup', {});
    expect(empty.statusCode).toBe(400);
    expect(typeof empty.json().msg).toBe('string');
  });

  it('enforces the 30 s resend rule on the server', async () => {
    const b = new Browser();
    await b.call('POST', '/api/v1/client/anonymous');
    const first = await b.call('POST', '/api/v1/signup', { email: 'reenvio@example.com', nickname: 'R', password: 'secreta-123' });
    expect(first.statusCode).toBe(200);
    const resend = await b.call('POST', '/api/v1/signup/resend-pin', { email: 'reenvio@example.com' });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().msg).toMatch(/^Espera (\d+ segundos|1 segundo) antes de pedir un nuevo PIN$/);
    // 31 s later it is accepted
    await database.db.updateTable('signup_pins').set({ sent_at: new Date(Date.now() - 31_000) }).where('email_norm', '=', 'reenvio@example.com').execute();
    const later = await b.call('POST', '/api/v1/signup/resend-pin', { email: 'reenvio@example.com' });
    expect(later.statusCode).toBe(200);
    expect(later.json().msg).toBe(M.pinResent);
  });
});

describe('login and logout', () => {
  it('answers is_new for an unknown address, logs in with a new session id and merges anonymous likes', async () => {
    const { b: owner, cuid } = await signUp('login@example.com');
    await owner.call('POST', '/api/v1/logout');

    const b = new Browser();
    const anon = await b.call('POST', '/api/v1/client/anonymous');
    const anonCuid = anon.json().data.client.cuid;
    const puid = (await database.db.selectFrom('properties').select('puid').offset(1).limit(1).executeTakeFirst())!.puid;
    await database.db.insertInto('property_likes').values({ cuid: anonCuid, puid }).execute();
    const anonToken = b.cookies[SESSION_COOKIE];

    const unknown = await b.call('POST', '/api/v1/login', { email: 'nadie@example.com', password: 'lo-que-sea' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ is_new: true, client: null, settings: null });

    const wrong = await b.call('POST', '/api/v1/login', { email: 'login@example.com', password: 'incorrecta' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(M.wrongCredentials);

    const ok = await b.call('POST', '/api/v1/login', { email: 'LOGIN@example.com', password: 'secreta-123', existing_id: anonCuid });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ is_new: false, client: { cuid }, settings: { privileges: [], is_agent: false } });
    expect(b.cookies[SESSION_COOKIE]).not.toBe(anonToken);
    const moved = await database.db.selectFrom('property_likes').select('cuid').where('puid', '=', puid).where('cuid', '=', cuid).execute();
    expect(moved).toHaveLength(1);

    // a second login rotates again
    const before = b.cookies[SESSION_COOKIE];
    await b.call('POST', '/api/v1/login', { email: 'login@example.com', password: 'secreta-123' });
    expect(b.cookies[SESSION_COOKIE]).not.toBe(before);
    const stale = await app.inject({ method: 'GET', url: '/api/v1/client', cookies: { [SESSION_COOKIE]: before! } });
    expect(stale.statusCode).toBe(401);

    const out = await b.call('POST', '/api/v1/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json().msg).toBe(M.loggedOut);
    const after = await b.call('POST', '/api/v1/client/session');
    expect(after.json()).toEqual({ msg: 'OK', data: { client: null, settings: null } });
  });

  it('client/session answers null without a session and never fails', async () => {
    const res = await new Browser().call('POST', '/api/v1/client/session');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ client: null, settings: null });
  });

  it('limits login attempts per account with a Spanish 429', async () => {
    await signUp('limite@example.com');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 12; i++) {
      last = await new Browser().call('POST', '/api/v1/login', { email: 'limite@example.com', password: 'incorrecta' });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().msg).toMatch(/demasiados intentos/);
    // even the right password waits now
    const right = await new Browser().call('POST', '/api/v1/login', { email: 'limite@example.com', password: 'secreta-123' });
    expect(right.statusCode).toBe(429);
  });
});

describe('forgot password', () => {
  it('answers the same for unknown addresses and sends a single-use link for known ones', async () => {
    await signUp('olvido@example.com');
    const b = new Browser();
    const unknown = await b.call('GET', '/api/v1/auth/forgot-password?email=nadie2@example.com');
    const known = await b.call('GET', '/api/v1/auth/forgot-password?email=olvido@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().msg).toBe(known.json().msg);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=nadie2@example.com' })).json().data).toEqual([]);

    const mail = await lastOutbox('olvido@example.com');
    const link = mail.links[0]!;
    expect(link.startsWith('https://nj.example.mx/restablecer-contrasena?token=')).toBe(true);
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get('token')!;

    const short = await b.call('POST', '/api/v1/auth/update-password', { token, password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(M.passwordTooShort);
    const ok = await b.call('POST', '/api/v1/auth/update-password', { token, password: 'nueva-clave-9' });
    expect(ok.statusCode).toBe(200);
    const reuse = await b.call('POST', '/api/v1/auth/update-password', { token, password: 'otra-clave-99' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toBe(M.resetLinkInvalid);
    const login = await b.call('POST', '/api/v1/login', { email: 'olvido@example.com', password: 'nueva-clave-9' });
    expect(login.json().data.is_new).toBe(false);
  });

  it('refuses an expired link and bad input', async () => {
    await signUp('expira@example.com');
    const b = new Browser();
    await b.call('GET', '/api/v1/auth/forgot-password?email=expira@example.com');
    const token = new URL((await lastOutbox('expira@example.com')).links[0]!).searchParams.get('token')!;
    await database.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await b.call('POST', '/api/v1/auth/update-password', { token, password: 'nueva-clave-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(M.resetLinkInvalid);
    const noEmail = await b.call('GET', '/api/v1/auth/forgot-password');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().msg).toMatch(/correo/);
  });

  it('limits forgot-password per address', async () => {
    const b = new Browser();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 7; i++) last = await new Browser().call('GET', '/api/v1/auth/forgot-password?email=spam@example.com');
    expect(last!.statusCode).toBe(429);
    expect(last!.json().msg).toMatch(/demasiados intentos/);
    void b;
  });
});

describe('profile by key and value', () => {
  it('reads and changes only the session’s own client', async () => {
    const { b: ana, cuid: anaCuid } = await signUp('ana@example.com');
    const { b: beto } = await signUp('beto@example.com');

    const mine = await ana.call('GET', '/api/v1/client');
    expect(mine.json().data.client).toMatchObject({ cuid: anaCuid, email: 'ana@example.com' });
    const betos = await beto.call('GET', '/api/v1/client');
    expect(betos.json().data.client.email).toBe('beto@example.com');

    const bio = await ana.call('PUT', '/api/v1/client', { key: 'bio', value: '  Me gusta Oaxaca  ' });
    expect(bio.statusCode).toBe(200);
    expect(bio.json()).toMatchObject({ msg: M.updated, data: { client: { bio: 'Me gusta Oaxaca' } } });
    const nick = await ana.call('POST', '/api/v1/client', { key: 'nickname', value: 'Ana María' });
    expect(nick.json().data.client.nickname).toBe('Ana María');

    // Beto cannot change Ana by naming her
    const hijack = await beto.call('PUT', '/api/v1/client', { key: 'bio', value: 'hackeado', cuid: anaCuid });
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json().msg).toBe(COMMON_MESSAGES.forbidden);
    expect((await ana.call('GET', '/api/v1/client')).json().data.client.bio).toBe('Me gusta Oaxaca');

    // visitors and anonymous clients
    const visitor = new Browser();
    expect((await visitor.call('GET', '/api/v1/client')).statusCode).toBe(401);
    await visitor.call('POST', '/api/v1/client/anonymous');
    const anonPut = await visitor.call('PUT', '/api/v1/client', { key: 'bio', value: 'x' });
    expect(anonPut.statusCode).toBe(401);
    expect(anonPut.json().msg).toBe(COMMON_MESSAGES.loginRequired);
  });

  it('validates keys and values in Spanish', async () => {
    const { b } = await signUp('valida@example.com');
    const cases: Array<[unknown, string]> = [
      [{ key: 'bio', value: '   ' }, M.bioRequired],
      [{ key: 'bio', value: 'x'.repeat(2001) }, M.bioTooLong],
      [{ key: 'nickname', value: '' }, M.nicknameRequired],
      [{ key: 'email', value: 'otro@example.com' }, M.keyNotAllowed],
      [{ key: 'is_agent', value: 'true' }, M.keyNotAllowed],
      [{ key: 'password', value: 'nueva-clave-9' }, M.oldPasswordRequired],
      [{ key: 'password', value: 'corta', old_password: 'secreta-123' }, M.passwordTooShort],
      [{ key: 'password', value: 'nueva-clave-9', old_password: 'incorrecta' }, M.oldPasswordWrong],
    ];
    for (const [payload, msg] of cases) {
      const res = await b.call('PUT', '/api/v1/client', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const noBody = await b.call('PUT', '/api/v1/client');
    expect(noBody.statusCode).toBe(400);
  });

  it('changes the password with old_password and ends the other sessions', async () => {
    const { b } = await signUp('cambio@example.com');
    const other = new Browser();
    await other.call('POST', '/api/v1/login', { email: 'cambio@example.com', password: 'secreta-123' });
    expect((await other.call('GET', '/api/v1/client')).statusCode).toBe(200);
    const res = await b.call('PUT', '/api/v1/client', { key: 'password', value: 'nueva-clave-9', old_password: 'secreta-123' });
    expect(res.statusCode).toBe(200);
    expect((await b.call('GET', '/api/v1/client')).statusCode).toBe(200);
    expect((await other.call('GET', '/api/v1/client')).statusCode).toBe(401);
    const login = await new Browser().call('POST', '/api/v1/login', { email: 'cambio@example.com', password: 'nueva-clave-9' });
    expect(login.json().data.is_new).toBe(false);
  });
});

describe('dev outbox', () => {
  it('lists newest first to this machine only, and is 404 without DEV_OUTBOX, from elsewhere and in production', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = res.json().data;
    expect(rows.length).toBeLessThanOrEqual(2);
    if (rows.length === 2) expect(rows[0].id).toBeGreaterThan(rows[1].id);
    // Another machine, or this one behind a proxy: 404 (issue 7 finding 3).
    for (const attempt of [
      { remoteAddress: '10.1.2.3' },
      { remoteAddress: '192.168.1.20', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'nj.example.mx' } },
    ]) {
      const away = await app.inject({ method: 'GET', url: '/api/dev/outbox', ...attempt });
      expect(away.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(away.json().msg).toBe('La ruta solicitada no existe');
    }
    const off = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
    try {
      expect((await off.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const prod = await buildApp({
      database, config: { ...readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DEV_OUTBOX: '1' }), isProduction: true, devOutbox: true },
    });
    try {
      const hidden = await prod.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(hidden.statusCode).toBe(404);
      // production session cookies are Secure
      const { cuid } = await findOrCreateClientByEmail({ database, email: 'prod@example.com', nickname: 'Prod' });
      await database.db.updateTable('clients').set({ password_hash: await hashPassword('secreta-123') }).where('cuid', '=', cuid).execute();
      const csrf = (await prod.inject({ method: 'GET', url: '/api/v1/health' })).cookies.find((c) => c.name === CSRF_COOKIE)!.value;
      const login = await prod.inject({
        method: 'POST', url: '/api/v1/login', cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf },
        payload: { email: 'prod@example.com', password: 'secreta-123' }, remoteAddress: '10.9.9.9',
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, secure: true });
    } finally {
      await prod.close();
    }
  });
});
