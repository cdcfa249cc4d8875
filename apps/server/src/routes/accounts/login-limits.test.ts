import { describe, expect, it } from 'vitest';
import { findOrCreateClientByEmail, hashPassword, rateKey } from '@nj/core';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { useTestApp } from '../../testing/test-app.ts';

const t = useTestApp({ DEV_OUTBOX: '1' });

let seq = 0;
async function account(password = 'buena-clave-2026'): Promise<{ email: string; password: string; cuid: string }> {
  const email = `dueno${++seq}.${Date.now()}@example.mx`;
  const { cuid } = await findOrCreateClientByEmail({ database: t.database, email, nickname: 'Dueña' });
  await t.database.db.updateTable('clients').set({ password_hash: await hashPassword(password) }).where('cuid', '=', cuid).execute();
  return { email, password, cuid };
}

const login = (b: TestBrowser, email: string, password: string, headers: Record<string, string> = {}) =>
  b.call('POST', '/api/v1/login', { email, password }, headers);

async function outboxFor(email: string): Promise<{ subject: string | null }[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().data;
}

describe('client IP (issue 7 finding 4)', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY: rotating it does not escape per-IP limits', async () => {
    const b = new TestBrowser(t.app, '10.71');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Unknown addresses: each answer is_new, which an IP may get 20 times an hour.
      const res = await login(b, `nadie${i}.${Date.now()}@example.mx`, 'cualquier-cosa', { 'x-forwarded-for': `198.51.100.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const limiter = t.app.services.limiter;
    expect((await limiter.peek(rateKey('login-ip', b.ip))).count).toBe(21);
    expect((await limiter.peek(rateKey('login-ip', '198.51.100.3'))).count).toBe(0);
  });

  it('ignores X-Forwarded-For on forgot-password too', async () => {
    const b = new TestBrowser(t.app, '10.72');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await b.call('GET', `/api/v1/auth/forgot-password?email=${encodeURIComponent(`x${i}@example.mx`)}`, undefined, {
        'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[10]).toBe(429);
  });

  it('uses the forwarded address only from a proxy TRUST_PROXY names', async () => {
    const proxied = await buildApp({ database: t.database, config: readServerConfig({ SESSION_SECRET: 'l'.repeat(40), TRUST_PROXY: '10.73.0.1' }) });
    try {
      for (const remoteAddress of ['10.73.0.1', '10.73.0.2']) {
        const b = new TestBrowser(proxied);
        Object.defineProperty(b, 'ip', { value: remoteAddress });
        const res = await b.call('POST', '/api/v1/login', { email: `p.${remoteAddress}@example.mx`, password: 'x-12345678' }, {
          'x-forwarded-for': '198.51.100.77',
        });
        expect(res.statusCode).toBe(200);
      }
      // The named proxy's forwarded address counted; the other peer's header was ignored.
      expect((await proxied.services.limiter.peek(rateKey('login-ip', '198.51.100.77'))).count).toBe(1);
      expect((await proxied.services.limiter.peek(rateKey('login-ip', '10.73.0.2'))).count).toBe(1);
      expect((await proxied.services.limiter.peek(rateKey('login-ip', '10.73.0.1'))).count).toBe(0);
    } finally {
      await proxied.close();
    }
  });
});

describe('an attacked account slows down instead of locking its owner out (issue 7 finding 5)', () => {
  it('lets the owner sign in from their browser during an attack from many addresses, and e-mails them once', async () => {
    const owner = await account();
    const ownerBrowser = new TestBrowser(t.app, '10.74');
    expect((await login(ownerBrowser, owner.email, owner.password)).statusCode).toBe(200);
    expect(ownerBrowser.cookies[DEVICE_COOKIE]).toBeDefined();
    await ownerBrowser.call('POST', '/api/v1/logout');

    // 24 wrong passwords from 24 addresses (no address reaches its own limit).
    const answers: number[] = [];
    for (let i = 0; i < 24; i++) {
      const attacker = new TestBrowser(t.app, '10.75');
      answers.push((await login(attacker, owner.email, `adivina-${i}`)).statusCode);
    }
    expect(answers.slice(0, 6).every((s) => s === 401)).toBe(true);
    // From then on the account is slowed down for devices that never signed in to it.
    expect(answers).toContain(429);

    // The owner's own browser is never slowed: signs in at once.
    const back = await login(ownerBrowser, owner.email, owner.password);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.client.cuid).toBe(owner.cuid);

    const alerts = (await outboxFor(owner.email)).filter((m) => /Intentos fallidos/.test(m.subject ?? ''));
    expect(alerts.length).toBeLessThanOrEqual(1);
  });

  it('never makes a new device wait more than 5 minutes, and per (account, IP) limits do not cross addresses', async () => {
    const owner = await account();
    const attacker = new TestBrowser(t.app, '10.76');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      await t.database.db.deleteFrom('rate_limits').where('key', '=', rateKey('login-gate', owner.email)).execute();
      statuses.push((await login(attacker, owner.email, `mala-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429); // this address, this account: 10 per 15 min
    // Another address is not held by that counter; its wrong password counts and slows the account down.
    expect((await login(new TestBrowser(t.app, '10.76'), owner.email, 'otra-mala')).statusCode).toBe(401);

    const newDevice = new TestBrowser(t.app, '10.77');
    const slowed = await login(newDevice, owner.email, owner.password);
    expect(slowed.statusCode).toBe(429);
    const minutes = Number(/espera (\d+) minutos/.exec(slowed.json().msg)?.[1] ?? 1);
    expect(minutes).toBeLessThanOrEqual(5);
    // When the wait ends (moved forward here instead of sleeping), the owner signs in from the new device.
    await t.database.db.deleteFrom('rate_limits').where('key', '=', rateKey('login-gate', owner.email)).execute();
    expect((await login(newDevice, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('e-mails the owner when the account sees many failures', async () => {
    const owner = await account();
    for (let i = 0; i < 20; i++) {
      await t.database.db.deleteFrom('rate_limits').where('key', '=', rateKey('login-gate', owner.email)).execute();
      const res = await login(new TestBrowser(t.app, '10.78'), owner.email, `nope-${i}`);
      expect(res.statusCode).toBe(401);
    }
    const alerts = (await outboxFor(owner.email)).filter((m) => /Intentos fallidos/.test(m.subject ?? ''));
    expect(alerts).toHaveLength(1);
  });

  it('answers an unknown address like a known one would cost (a dummy hash), as is_new', async () => {
    const b = new TestBrowser(t.app, '10.79');
    const res = await login(b, `nueva.${Date.now()}@example.mx`, 'lo-que-sea-123');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ is_new: true, client: null, settings: null });
  });

  it('ends the slow-down when the owner resets the password, trusts that browser, and retires old device cookies', async () => {
    const owner = await account();
    const oldBrowser = new TestBrowser(t.app, '10.82');
    expect((await login(oldBrowser, owner.email, owner.password)).statusCode).toBe(200);
    for (let i = 0; i < 7; i++) await login(new TestBrowser(t.app, '10.83'), owner.email, `mal-${i}`);
    const phone = new TestBrowser(t.app, '10.84');
    expect((await login(phone, owner.email, owner.password)).statusCode).toBe(429);

    // The owner asks for a link from the new phone and sets a new password there.
    await phone.call('GET', `/api/v1/auth/forgot-password?email=${encodeURIComponent(owner.email)}`);
    const mail = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(owner.email)}` })).json().data
      .find((m: { links: string[] }) => m.links.some((l) => l.includes('restablecer-contrasena')));
    const token = new URL(mail.links[0]).searchParams.get('token')!;
    const reset = await phone.call('POST', '/api/v1/auth/update-password', { token, password: 'otra-clave-nueva-77' });
    expect(reset.statusCode).toBe(200);
    expect(phone.cookies[DEVICE_COOKIE]).toBeDefined();
    expect((await login(phone, owner.email, 'otra-clave-nueva-77')).statusCode).toBe(200);

    // The device cookie of the old password no longer spares a browser the slow-down.
    for (let i = 0; i < 7; i++) await login(new TestBrowser(t.app, '10.85'), owner.email, `otra-mal-${i}`);
    expect((await login(oldBrowser, owner.email, 'otra-clave-nueva-77')).statusCode).toBe(429);
  });

  it('counts sign-up attempts per IP before telling whether an address has an account', async () => {
    const owner = await account();
    const prober = new TestBrowser(t.app, '10.86');
    await prober.call('POST', '/api/v1/client/anonymous');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await prober.call('POST', '/api/v1/signup', { email: owner.email, nickname: 'X', password: 'secreta-123' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 409)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
