import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_MESSAGES as M, waitText } from '@nj/contracts';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

/**
 * Issue 9 §6 "accounts without friction": sign-up by PIN verifies the e-mail; a login with an unknown address is
 * answered without mailing anyone, and the PIN goes out only when the person confirms the sign-up; every 429 says in
 * Spanish when to try again.
 */
const t = useTestApp({ DEV_OUTBOX: '1' });

async function outbox(to: string): Promise<{ codes: string[] }[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data;
}

/** A 429's msg names a wait: 'espera 45 segundos', 'espera un minuto', 'espera 15 minutos', 'espera una hora'… */
const SAYS_WHEN = /[Ee]spera (un segundo|un minuto|una hora|\d+ (segundos?|minutos|horas))/;

describe('sign-up and login without friction (issue 9 §6)', () => {
  it('sign-up by PIN marks the e-mail verified', async () => {
    const b = new TestBrowser(t.app, '10.11');
    const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
    const email = 'verificada@example.com';
    await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Vero', password: 'secreta-123' });
    const pin = (await outbox(email))[0]!.codes[0]!;
    const done = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Vero', password: 'secreta-123', pin });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.client).toMatchObject({ cuid, email, is_email_verified: true });
    const row = await t.database.db.selectFrom('clients').select('is_email_verified').where('cuid', '=', cuid).executeTakeFirstOrThrow();
    expect(row.is_email_verified).toBe(true);
    expect((await b.call('GET', '/api/v1/client/is_email_verified')).json().data.is_email_verified).toBe(true);
  });

  it('a login with an unknown e-mail answers is_new and mails nobody; the PIN is sent when the person confirms the sign-up', async () => {
    const b = new TestBrowser(t.app, '10.11');
    const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
    const email = 'desconocida@example.com';
    const login = await b.call('POST', '/api/v1/login', { email, password: 'secreta-456', existing_id: cuid });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toEqual({ is_new: true, client: null, settings: null });
    expect(await outbox(email)).toEqual([]);
    // The create-account modal opens prefilled; nothing is sent until 'Crear Cuenta'.
    const confirm = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'desconocida', password: 'secreta-456' });
    expect(confirm.json()).toMatchObject({ msg: M.pinSent, data: { pin_required: true, email } });
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    const done = await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'desconocida', password: 'secreta-456', pin: mails[0]!.codes[0]! });
    expect(done.json().data).toMatchObject({ is_new: false, client: { cuid, is_email_verified: true } });
  });

  it('every 429 carries a Spanish msg saying when to retry', async () => {
    const seen: string[] = [];
    const expect429 = (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(429);
      const msg = res.json().msg as string;
      expect(msg).toMatch(SAYS_WHEN);
      seen.push(msg);
    };
    // The PIN resend rule: the seconds left.
    const a = new TestBrowser(t.app, '10.12');
    await a.call('POST', '/api/v1/client/anonymous');
    await a.call('POST', '/api/v1/signup', { email: 'espera@example.com', nickname: 'E', password: 'secreta-123' });
    const resend = await a.call('POST', '/api/v1/signup/resend-pin', { email: 'espera@example.com' });
    expect429(resend);
    expect(resend.json().msg).toMatch(/^Espera (2\d|30) segundos antes de pedir un nuevo PIN$/);
    // Login attempts on one account from one IP (15-minute window).
    const b = new TestBrowser(t.app, '10.13');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) last = await b.call('POST', '/api/v1/login', { email: 'nadie-aqui@example.com', password: 'incorrecta' });
    expect429(last!);
    expect(last!.json().msg).toMatch(/^Hiciste demasiados intentos; espera 1[45] minutos e inténtalo de nuevo$/);
    // Forgot-password per address (1-hour window).
    for (let i = 0; i < 6; i++) last = await new TestBrowser(t.app, '10.14').call('GET', '/api/v1/auth/forgot-password?email=olvidos@example.com');
    expect429(last!);
    expect(seen).toHaveLength(3);
  });

  it('the wait is said in the unit a person reads: seconds, minutes or hours, rounded up', () => {
    expect(waitText(400)).toBe('un segundo');
    expect(waitText(29_100)).toBe('30 segundos');
    expect(waitText(60_000)).toBe('un minuto');
    expect(waitText(61_000)).toBe('2 minutos');
    expect(waitText(15 * 60_000)).toBe('15 minutos');
    expect(waitText(59 * 60_000 + 1)).toBe('una hora');
    expect(waitText(90 * 60_000)).toBe('2 horas');
    expect(M.rateLimited(14 * 60_000)).toBe('Hiciste demasiados intentos; espera 14 minutos e inténtalo de nuevo');
    expect(M.pinWait(12)).toBe('Espera 12 segundos antes de pedir un nuevo PIN');
  });
});
