import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@nj/core';
import { changePrivilege } from '@nj/core/accounts/change-privilege';
import { isSupportEmail } from '@nj/core/accounts/grant-support-by-email';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { readServerConfig } from '../../config.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp({ SUPPORT_EMAILS: '@soporte.test, Ana@Empresa.mx' });

async function account(email: string, verified: boolean) {
  const who = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({ email, nickname: 'Ana', is_email_verified: verified, password_hash: await hashPassword('clave-larga-de-prueba-1') })
    .where('cuid', '=', who.cuid).execute();
  return who;
}
const login = (email: string) => callAs(t.app, null, 'POST', '/api/v1/login', { email, password: 'clave-larga-de-prueba-1' });

describe('SUPPORT_EMAILS (issue 14: naming the first support user without the privileges command)', () => {
  it('reads addresses and @domain entries; refuses a malformed entry', () => {
    expect(readServerConfig({ SESSION_SECRET: 't'.repeat(40), SUPPORT_EMAILS: ' @Soporte.test ,ana@empresa.mx' }).supportEmails).toEqual(['@soporte.test', 'ana@empresa.mx']);
    expect(readServerConfig({ SESSION_SECRET: 't'.repeat(40) }).supportEmails).toEqual([]);
    expect(() => readServerConfig({ SESSION_SECRET: 't'.repeat(40), SUPPORT_EMAILS: 'no es correo' })).toThrow(/SUPPORT_EMAILS/);
    const entries = ['@soporte.test', 'ana@empresa.mx'];
    expect(isSupportEmail(entries, 'Luis@SOPORTE.test')).toBe(true);
    expect(isSupportEmail(entries, 'ana@empresa.mx')).toBe(true);
    expect(isSupportEmail(entries, 'otra@empresa.mx')).toBe(false);
    expect(isSupportEmail(entries, 'x@falso-soporte.test.mx')).toBe(false);
    expect(isSupportEmail(entries, '@soporte.test')).toBe(false);
  });

  it('a listed, verified address signs in as support (recorded once); an unverified or unlisted one does not', async () => {
    const email = `luis-${randomBytes(3).toString('hex')}@soporte.test`;
    const listed = await account(email, true);
    const unverified = await account(`eva-${randomBytes(3).toString('hex')}@soporte.test`, false);
    const other = await account(`ana-${randomBytes(3).toString('hex')}@empresa.mx`, true);
    expect((await callAs(t.app, listed, 'GET', '/api/v1/tickets/assigned')).statusCode).toBe(403);
    const res = await login(email);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.cookies.find((c) => c.name === 'nj_sid')!.value;
    expect((await callAs(t.app, { token }, 'GET', '/api/v1/tickets/assigned')).statusCode).toBe(200);
    await login(email);
    const grants = await sql<{ granted_by: string; n: string }>`SELECT granted_by, count(*) OVER () AS n FROM privilege_grants WHERE cuid = ${listed.cuid}`.execute(t.database.db);
    expect(grants.rows.map((r) => [r.granted_by, Number(r.n)])).toEqual([['SUPPORT_EMAILS', 1]]);
    // Revoked by the privileges command: the next sign-in does not grant it back.
    await changePrivilege(t.database, { email, privilege: 'support', action: 'revoke', by: 'operadora' });
    await login(email);
    const after = await t.database.db.selectFrom('clients').select('privileges').where('cuid', '=', listed.cuid).executeTakeFirstOrThrow();
    expect(after.privileges ?? []).not.toContain('support');
    for (const who of [unverified, other]) {
      const row = await t.database.db.selectFrom('clients').select('email').where('cuid', '=', who.cuid).executeTakeFirstOrThrow();
      await login(row.email!);
      const privileges = await t.database.db.selectFrom('clients').select('privileges').where('cuid', '=', who.cuid).executeTakeFirstOrThrow();
      expect(privileges.privileges ?? []).not.toContain('support');
    }
  });
});
