import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { changePrivilege, listPrivileges } from './change-privilege.ts';
import { resolveActor } from '../policies/resolve-actor.ts';
import { createAnonymousSession, hashSessionToken } from '../sessions/create-anonymous-session.ts';
import { hasPrivilege } from '../policies/actor.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insertInto('clients').values([
    { cuid: 'c_staff', is_anonymous: false, email: 'Soporte@Example.com' },
    { cuid: 'c_anon', is_anonymous: true, email: 'anonimo@example.com' },
  ]).execute();
});
afterAll(async () => {
  await database?.close();
});

describe('changePrivilege (npm run privileges)', () => {
  it('grants and revokes, recording who and when, and the next request of a session sees it', async () => {
    const { token } = await createAnonymousSession({ database });
    await database.db.updateTable('sessions').set({ cuid: 'c_staff' }).where('id_hash', '=', hashSessionToken(token)).execute();
    expect(hasPrivilege(await resolveActor({ database, token }), 'support')).toBe(false);

    expect(await changePrivilege(database, { email: 'soporte@example.com', privilege: 'support', action: 'grant', by: 'ana' }))
      .toEqual({ changed: true, privileges: ['support'] });
    expect(hasPrivilege(await resolveActor({ database, token }), 'support')).toBe(true);
    expect(await changePrivilege(database, { email: 'SOPORTE@example.com', privilege: 'support', action: 'grant', by: 'ana' }))
      .toEqual({ changed: false, privileges: ['support'] });
    await changePrivilege(database, { email: 'soporte@example.com', privilege: 'ija', action: 'grant', by: 'beto' });
    expect(await changePrivilege(database, { email: 'soporte@example.com', privilege: 'support', action: 'revoke', by: 'beto' }))
      .toEqual({ changed: true, privileges: ['ija'] });
    expect(hasPrivilege(await resolveActor({ database, token }), 'support')).toBe(false);

    const listed = await listPrivileges(database, 'soporte@example.com');
    expect(listed.privileges).toEqual(['ija']);
    expect(listed.history.map((h) => [h.action, h.privilege, h.granted_by])).toEqual([
      ['grant', 'support', 'ana'], ['grant', 'ija', 'beto'], ['revoke', 'support', 'beto'],
    ]);
    expect(Number.isNaN(Date.parse(listed.history[0]!.at))).toBe(false);
  });

  it('refuses an unknown privilege, an unknown or anonymous account and an empty operator, changing nothing', async () => {
    await expect(changePrivilege(database, { email: 'soporte@example.com', privilege: 'admin', action: 'grant', by: 'ana' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringContaining('Privilegio desconocido') });
    await expect(changePrivilege(database, { email: 'nadie@example.com', privilege: 'support', action: 'grant', by: 'ana' }))
      .rejects.toMatchObject({ code: 'NOT_FOUND', msg: 'No hay una cuenta registrada con el correo nadie@example.com.' });
    await expect(changePrivilege(database, { email: 'anonimo@example.com', privilege: 'support', action: 'grant', by: 'ana' }))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(changePrivilege(database, { email: 'soporte@example.com', privilege: 'support', action: 'grant', by: ' ' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const count = await database.db.selectFrom('privilege_grants').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });
});
