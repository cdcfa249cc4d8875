import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, VERIFICATION_MESSAGES as M } from '@nj/contracts';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

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
    super(app, '10.3');
  }
}

async function outbox(to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data as { channel: string; subject: string | null; text: string; links: string[]; codes: string[] }[];
}

/**
 * A registered client made through the real sign-up with PIN, whose e-mail is then marked unverified again (sign-up
 * by PIN verifies it, issue 9 §6; accounts made before that, or by a provider that did not vouch for the address,
 * are unverified), so the verification flows have something to verify.
 */
async function signUp(email: string): Promise<{ b: Browser; cuid: string }> {
  const b = new Browser();
  const anon = await b.call('POST', '/api/v1/client/anonymous');
  const cuid = anon.json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Ana', password: 'secreta-123' });
  const pin = (await outbox(email))[0]!.codes[0]!;
  const done = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Ana', password: 'secreta-123', pin });
  expect(done.statusCode).toBe(200);
  expect(done.json().data.client.is_email_verified).toBe(true);
  await database.db.updateTable('clients').set({ is_email_verified: false }).where('cuid', '=', cuid).execute();
  return { b, cuid };
}

/** Moves the last e-mail link / phone code 31 s into the past (the 30 s resend rule without waiting). */
async function age(cuid: string): Promise<void> {
  await database.db.updateTable('email_verification_tokens').set({ created_at: sql`created_at - interval '31 seconds'` }).where('cuid', '=', cuid).execute();
  await database.db.updateTable('phone_verifications').set({ last_sent_at: sql`last_sent_at - interval '31 seconds'` }).where('cuid', '=', cuid).execute();
}

describe('e-mail verification (spec 02 §4 "E-mail step", §7)', () => {
  it('sends a single-use link; opening it verifies and redirects to /cuenta; the poll sees it', async () => {
    const { b, cuid } = await signUp('verifica@example.com');
    const before = await b.call('GET', '/api/v1/client/is_email_verified');
    expect(before.json()).toMatchObject({ data: { is_email_verified: false, resend_in_s: 0 } });

    const sent = await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ msg: M.emailSent, data: { is_email_verified: false, resend_in_s: 30 } });
    const mail = (await outbox('verifica@example.com'))[0]!;
    expect(mail.subject).toContain('NJ Inmuebles');
    const link = mail.links[0]!;
    expect(link).toMatch(/^https:\/\/nj\.example\.mx\/api\/v1\/client\/verify-email\?token=[\w-]{40,}$/);
    expect(mail.text).toContain(link);
    const token = new URL(link).searchParams.get('token')!;
    const stored = await database.db.selectFrom('email_verification_tokens').select('token_hash').where('cuid', '=', cuid).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token); // only the hash is kept

    const poll = await b.call('GET', '/api/v1/client/is_email_verified');
    expect(poll.json().data.resend_in_s).toBeGreaterThan(25);

    // the link works from any device, no session needed
    const open = await app.inject({ method: 'GET', url: `/api/v1/client/verify-email?token=${token}` });
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe('/cuenta?correo_verificado=1');
    const after = await b.call('GET', '/api/v1/client/is_email_verified');
    expect(after.json()).toEqual({ msg: M.emailVerified, data: { is_email_verified: true, resend_in_s: 0 } });

    const again = await app.inject({ method: 'GET', url: `/api/v1/client/verify-email?token=${token}` });
    expect(again.headers.location).toBe('/cuenta?correo_verificado=0');
    // already verified: nothing is sent
    const none = await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`);
    expect(none.json()).toMatchObject({ msg: M.emailAlreadyVerified, data: { is_email_verified: true } });
  });

  it('allows a resend only after 30 s, and a new link voids the old one; bad and expired tokens redirect with 0', async () => {
    const { b, cuid } = await signUp('reenvia@example.com');
    expect((await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`)).statusCode).toBe(200);
    const early = await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`);
    expect(early.statusCode).toBe(429);
    expect(early.json().msg).toMatch(/^Espera \d+ segundos para volver a enviar$/);
    const first = new URL((await outbox('reenvia@example.com'))[0]!.links[0]!).searchParams.get('token')!;
    await age(cuid);
    expect((await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`)).statusCode).toBe(200);
    const second = new URL((await outbox('reenvia@example.com'))[0]!.links[0]!).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: `/api/v1/client/verify-email?token=${first}` })).headers.location).toBe('/cuenta?correo_verificado=0');
    for (const bad of ['', 'abc', 'x'.repeat(300), '../../etc']) {
      const r = await app.inject({ method: 'GET', url: `/api/v1/client/verify-email?token=${encodeURIComponent(bad)}` });
      expect(r.statusCode).toBeLessThan(500);
    }
    await database.db.updateTable('email_verification_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('cuid', '=', cuid).execute();
    expect((await app.inject({ method: 'GET', url: `/api/v1/client/verify-email?token=${second}` })).headers.location).toBe('/cuenta?correo_verificado=0');
    expect((await b.call('GET', '/api/v1/client/is_email_verified')).json().data.is_email_verified).toBe(false);
  });

  it('is only for the signed-in owner: anonymous 401, another id 403', async () => {
    const { cuid } = await signUp('duena@example.com');
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    for (const url of [`/api/v1/client/${cuid}/send-contact-confirmation/email`, '/api/v1/client/is_email_verified']) {
      const r = await anon.call('GET', url);
      expect(r.statusCode).toBe(401);
      expect(r.json().msg).toBe(COMMON_MESSAGES.loginRequired);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const { b: other } = await signUp('otra@example.com');
    const r = await other.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/email`);
    expect(r.statusCode).toBe(403);
    expect(await outbox('duena@example.com')).toHaveLength(1); // only the sign-up PIN
  });
});

describe('phone verification (spec 02 §4, §5, §7 POST /v1/client/phone_auth)', () => {
  it('sends a 6-digit code by WhatsApp to the normalised number (+521 accepted) and verifies it', async () => {
    const { b, cuid } = await signUp('tel@example.com');
    const sent = await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/phone?phone_number=${encodeURIComponent('+521 (55) 1234-5678')}&phone_country_code=%2B52`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      msg: M.codeSent,
      data: { status: 'sent', phone_number: '5512345678', phone_country_code: '+52', channel: 'whatsapp', resend_in_s: 30, attempts_left: 5 },
    });
    const msg = (await outbox('+525512345678'))[0]!;
    expect(msg.channel).toBe('whatsapp');
    const code = msg.codes[0]!;
    expect(code).toMatch(/^\d{6}$/);
    expect(msg.text).toContain(code);
    const row = await database.db.selectFrom('phone_verifications').selectAll().where('cuid', '=', cuid).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);

    const ok = await b.call('POST', '/api/v1/client/phone_auth', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ msg: M.codeValidated, data: { status: 'verified' } });
    const client = (await b.call('GET', '/api/v1/client')).json().data.client;
    expect(client).toMatchObject({ phone_number: '5512345678', phone_country_code: '+52', is_phone_verified: true });
    // used once
    const reuse = await b.call('POST', '/api/v1/client/phone_auth', { code });
    expect(reuse.json()).toMatchObject({ msg: M.codeValidated, data: { status: 'verified' } });
    // the same number again: already verified, nothing sent
    const same = await b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/phone?phone_number=5512345678`);
    expect(same.json()).toMatchObject({ msg: M.phoneAlreadyVerified, data: { status: 'verified' } });
    expect(await outbox('+525512345678')).toHaveLength(1);
  });

  it('refuses bad numbers and codes with Spanish messages (never 500)', async () => {
    const { b, cuid } = await signUp('telmal@example.com');
    const base = `/api/v1/client/${cuid}/send-contact-confirmation/phone`;
    const empty = await b.call('GET', `${base}?phone_number=%20`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('Debes de escribir un número de teléfono');
    const missing = await b.call('GET', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Debes de escribir un número de teléfono');
    for (const bad of ['123', 'abcdefghij', '55 1234 567890123', '+999 5512345678']) {
      const r = await b.call('GET', `${base}?phone_number=${encodeURIComponent(bad)}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('El número de teléfono no es válido');
    }
    const badChannel = await b.call('GET', `${base}?phone_number=5512345678&channel=paloma`);
    expect(badChannel.statusCode).toBe(400);
    for (const code of ['12345', '1234567', 'abcdef', '12 456', 123456, null]) {
      const r = await b.call('POST', '/api/v1/client/phone_auth', { code });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(M.codeFormat);
    }
    const noBody = await b.call('POST', '/api/v1/client/phone_auth');
    expect(noBody.statusCode).toBe(400);
    const noCode = await b.call('POST', '/api/v1/client/phone_auth', { code: '123456' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ msg: M.codeExpired, data: { status: 'expired' } });
  });

  it('enforces the 30 s resend, sends SMS on request, expires codes, and limits attempts up to contact-us', async () => {
    const { b, cuid } = await signUp('intentos@example.com');
    const send = (q = '') => b.call('GET', `/api/v1/client/${cuid}/send-contact-confirmation/phone?phone_number=3312345678${q}`);
    expect((await send()).statusCode).toBe(200);
    const early = await send('&channel=sms');
    expect(early.statusCode).toBe(429);
    expect(early.json().msg).toMatch(/^Espera \d+ segundos/);
    await age(cuid);
    const sms = await send('&channel=sms');
    expect(sms.json()).toMatchObject({ msg: M.resent, data: { status: 'sent', channel: 'sms' } });
    expect((await outbox('+523312345678'))[0]!.channel).toBe('sms');
    const code = (await outbox('+523312345678'))[0]!.codes[0]!;
    const wrong = code === '000000' ? '111111' : '000000';

    // 5 wrong tries void the code
    for (let i = 1; i <= 4; i++) {
      const r = await b.call('POST', '/api/v1/client/phone_auth', { code: wrong });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ msg: M.codeWrong, data: { status: 'invalid', attempts_left: 5 - i } });
    }
    const fifth = await b.call('POST', '/api/v1/client/phone_auth', { code: wrong });
    expect(fifth.json()).toMatchObject({ msg: M.codeExpired, data: { status: 'expired', attempts_left: 0 } });
    expect((await b.call('POST', '/api/v1/client/phone_auth', { code })).json().data.status).toBe('expired');

    // an expired code is refused
    await age(cuid);
    await send();
    const fresh = (await outbox('+523312345678'))[0]!.codes[0]!;
    await database.db.updateTable('phone_verifications').set({ code_expires_at: new Date(Date.now() - 1000) }).where('cuid', '=', cuid).execute();
    expect((await b.call('POST', '/api/v1/client/phone_auth', { code: fresh })).json()).toMatchObject({ msg: M.codeExpired, data: { status: 'expired' } });

    // 10 wrong in total → contact-us, which blocks checks and sends
    await age(cuid);
    await send();
    const last = (await outbox('+523312345678'))[0]!.codes[0]!;
    const wrong2 = last === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await b.call('POST', '/api/v1/client/phone_auth', { code: wrong2 });
    const blocked = await b.call('POST', '/api/v1/client/phone_auth', { code: wrong2 });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ msg: M.tooManyAttempts, data: { status: 'contact-us' } });
    const right = await b.call('POST', '/api/v1/client/phone_auth', { code: last });
    expect(right.json().data.status).toBe('contact-us');
    await age(cuid);
    const resend = await send();
    expect(resend.statusCode).toBe(403);
    expect(resend.json().data.status).toBe('contact-us');
    expect((await b.call('GET', '/api/v1/client')).json().data.client.is_phone_verified).toBe(false);
  });

  it('is only for the signed-in owner, and one client cannot use another’s code', async () => {
    const { b: owner, cuid } = await signUp('telduena@example.com');
    const { b: other, cuid: otherCuid } = await signUp('telotra@example.com');
    const anon = new Browser();
    await anon.call('POST', '/api/v1/client/anonymous');
    const url = `/api/v1/client/${cuid}/send-contact-confirmation/phone?phone_number=8112345678`;
    expect((await anon.call('GET', url)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await other.call('GET', url)).statusCode).toBe(403);
    const anonCheck = await anon.call('POST', '/api/v1/client/phone_auth', { code: '123456' });
    expect(anonCheck.statusCode).toBe(401);
    expect(anonCheck.json().msg).toBe(COMMON_MESSAGES.loginRequired);

    expect((await owner.call('GET', url)).statusCode).toBe(200);
    const code = (await outbox('+528112345678'))[0]!.codes[0]!;
    // the other client has no pending code: the owner's code does nothing for them
    const stolen = await other.call('POST', '/api/v1/client/phone_auth', { code });
    expect(stolen.json().data.status).toBe('expired');
    const otherClient = await database.db.selectFrom('clients').select(['is_phone_verified', 'phone_number']).where('cuid', '=', otherCuid).executeTakeFirstOrThrow();
    expect(otherClient).toEqual({ is_phone_verified: false, phone_number: null });
    expect((await owner.call('POST', '/api/v1/client/phone_auth', { code })).json().data.status).toBe('verified');
  });
});
