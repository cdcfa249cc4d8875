import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { createAnonymousSession } from '../sessions/create-anonymous-session.ts';
import { listOutbox } from '../messaging/list-outbox.ts';
import { findOrCreateClientByEmail } from './find-or-create-client-by-email.ts';
import { getClientView } from './get-client-view.ts';
import { createDatabaseRateLimiter } from './rate-limiter.ts';
import { signUp } from './sign-up.ts';
import type { AccountDeps } from './account-deps.ts';

let database: Database;
let deps: AccountDeps;
beforeAll(async () => {
  database = await openTestDatabase();
  deps = { database, messaging: { database, isProduction: false }, limiter: createDatabaseRateLimiter(database), publicUrl: 'http://localhost:3000' };
});
afterAll(async () => {
  await database?.close();
});

describe('findOrCreateClientByEmail', () => {
  it('takes over an anonymous client in place, then finds the account case-insensitively', async () => {
    const { cuid } = await createAnonymousSession({ database });
    const created = await findOrCreateClientByEmail({ database, email: 'OAuth@Example.com', emailVerified: true, anonymousCuid: cuid });
    expect(created).toEqual({ cuid, created: true });
    const view = await getClientView({ database, cuid });
    expect(view!.client).toMatchObject({ is_anonymous: false, email: 'OAuth@Example.com', nickname: 'OAuth', is_email_verified: true });
    expect(view!.client.ucode).toMatch(/^[A-Z0-9]{8}$/);
    expect(await findOrCreateClientByEmail({ database, email: 'oauth@example.com ' })).toEqual({ cuid, created: false });
  });

  it('creates a new client when there is no anonymous one to take over', async () => {
    const r = await findOrCreateClientByEmail({ database, email: 'nuevo-oauth@example.com', nickname: 'Nuevo' });
    expect(r.created).toBe(true);
    expect((await getClientView({ database, cuid: r.cuid }))!.client).toMatchObject({ nickname: 'Nuevo', is_email_verified: false });
  });
});

describe('signUp PIN attempts', () => {
  it('refuses after 5 wrong PINs even with the right one', async () => {
    const { cuid } = await createAnonymousSession({ database });
    const input = { sessionCuid: cuid, email: 'intentos@example.com', nickname: 'I', password: 'secreta-123', ip: '1.2.3.4' };
    expect(await signUp(deps, input)).toEqual({ kind: 'pin_sent', email: 'intentos@example.com' });
    const pin = (await listOutbox({ database, to: 'intentos@example.com' }))[0]!.codes[0]!;
    for (let i = 0; i < 5; i++) await expect(signUp(deps, { ...input, pin: 'WRONG1' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(signUp(deps, { ...input, pin })).rejects.toMatchObject({ msg: M.pinTooManyAttempts });
  });

  it('binds the PIN to the anonymous client it was sent for', async () => {
    const a = await createAnonymousSession({ database });
    const b = await createAnonymousSession({ database });
    const input = { email: 'ligado@example.com', nickname: 'L', password: 'secreta-123', ip: '1.2.3.5' };
    await signUp(deps, { ...input, sessionCuid: a.cuid });
    const pin = (await listOutbox({ database, to: 'ligado@example.com' }))[0]!.codes[0]!;
    await expect(signUp(deps, { ...input, sessionCuid: b.cuid, pin })).rejects.toMatchObject({ msg: M.pinExpired });
    expect(await signUp(deps, { ...input, sessionCuid: a.cuid, pin })).toEqual({ kind: 'created', cuid: a.cuid });
  });
});
