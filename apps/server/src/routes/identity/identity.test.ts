import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_MESSAGES as M, ZIdentityProcesses } from '@nj/contracts';
import { SANDBOX_INE, type IdentityCheckProvider } from '@nj/core';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp({ IDENTITY_PROVIDER: 'sandbox' });

const card = (cic: string) => ({ cic, citizen_id: SANDBOX_INE.citizenId });

describe('identity validation (issue 12 Identity; spec 03 §3 Identity validation, §4 status rule, §7, §8)', () => {
  it('a good INE is verified; the numbers are not stored in clear; a second start is refused', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    expect(ZIdentityProcesses.parse((await callAs(app, client, 'GET', '/api/v1/client/identity/processes')).json().data)).toEqual({ status: 'none', processes: [] });
    const ok = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic));
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ZIdentityProcesses.parse(ok.json().data);
    expect(data.status).toBe('success');
    expect(data.processes).toHaveLength(1);
    expect(data.processes[0]).toMatchObject({ status: 'success', document_type: 'ine', provider: 'sandbox', failure_reason: null });
    const rows = await database.db.selectFrom('identity_processes').selectAll().where('cuid', '=', client.cuid).execute();
    expect(JSON.stringify(rows)).not.toContain(SANDBOX_INE.approvedCic);
    expect(JSON.stringify(rows)).not.toContain(SANDBOX_INE.citizenId);
    expect(rows[0]?.request_fields).toBe('cic,citizenId');
    // The account shows it: owners see 'Identidad verificada' on the applicant.
    expect((await database.db.selectFrom('clients').select('is_identity_verified').where('cuid', '=', client.cuid).executeTakeFirstOrThrow()).is_identity_verified).toBe(true);
    const again = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(M.alreadyVerified);
  });

  it('five failures block further attempts with the spec message (try-again → contact-us)', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    for (let i = 1; i <= 5; i++) {
      const failed = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.declinedCic));
      expect(failed.statusCode, failed.body).toBe(200);
      expect(ZIdentityProcesses.parse(failed.json().data).status).toBe(i < 5 ? 'try-again' : 'contact-us');
    }
    const blocked = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Ya has tenido muchos intentos de verificación de identidad. Contáctanos para darle seguimiento.');
    const listed = ZIdentityProcesses.parse((await callAs(app, client, 'GET', '/api/v1/client/identity/processes')).json().data);
    expect(listed.status).toBe('contact-us');
    expect(listed.processes).toHaveLength(5);
    expect(listed.processes.every((p) => p.status === 'failure' && p.failure_reason === 'Declined')).toBe(true);
  });

  it('an attempt in review is pending; resend re-asks the provider and records its later answer', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    expect((await callAs(app, client, 'GET', '/api/v1/client/identity/resend')).json().msg).toBe(M.nothingPending);
    const pending = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.inReviewCic));
    expect(ZIdentityProcesses.parse(pending.json().data).status).toBe('in-process');
    const sealed = await database.db.selectFrom('identity_processes').select('request_sealed').where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
    expect(sealed.request_sealed).toMatch(/^v1\./);
    expect(sealed.request_sealed).not.toContain(SANDBOX_INE.inReviewCic);
    const second = await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic));
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(M.stillInProcess);

    // Still in review: the resend keeps it pending.
    const still = await callAs(app, client, 'GET', '/api/v1/client/identity/resend');
    expect(still.statusCode, still.body).toBe(200);
    expect(ZIdentityProcesses.parse(still.json().data).status).toBe('in-process');

    // The provider has since decided: it is asked with the same (sealed) request and its answer is stored.
    const services = app.services as { identityCheck: IdentityCheckProvider };
    const original = services.identityCheck;
    const asked: string[] = [];
    services.identityCheck = { name: 'sandbox', check: async (r) => { asked.push(r.cic ?? ''); return original.check({ ...r, cic: SANDBOX_INE.approvedCic }); } };
    try {
      const decided = await callAs(app, client, 'GET', '/api/v1/client/identity/resend');
      expect(decided.statusCode, decided.body).toBe(200);
      const data = ZIdentityProcesses.parse(decided.json().data);
      expect(data.status).toBe('success');
      expect(data.processes).toHaveLength(1);
    } finally {
      services.identityCheck = original;
    }
    expect(asked).toEqual([SANDBOX_INE.inReviewCic]);
    const settled = await database.db.selectFrom('identity_processes').select('request_sealed').where('cuid', '=', client.cuid).executeTakeFirstOrThrow();
    expect(settled.request_sealed).toBeNull();
    expect((await database.db.selectFrom('clients').select('is_identity_verified').where('cuid', '=', client.cuid).executeTakeFirstOrThrow()).is_identity_verified).toBe(true);
  });

  it('bad input answers a Spanish 400 and records nothing; visitors are refused; each client sees only their own', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    const other = await createTestClientSession(database);
    const short = await callAs(app, client, 'POST', '/api/v1/client/identity', { cic: '123', citizen_id: SANDBOX_INE.citizenId });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(M.invalidData);
    const missing = await callAs(app, client, 'POST', '/api/v1/client/identity', { cic: SANDBOX_INE.approvedCic });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(M.missingData);
    expect((await callAs(app, client, 'POST', '/api/v1/client/identity', { ...card(SANDBOX_INE.approvedCic), curp: 'X' })).statusCode).toBe(400);
    expect(await database.db.selectFrom('identity_processes').select('process_id').where('cuid', '=', client.cuid).execute()).toEqual([]);

    expect((await callAs(app, null, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic))).statusCode).toBe(401);
    expect((await callAs(app, null, 'GET', '/api/v1/client/identity/processes')).statusCode).toBe(401);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    expect((await callAs(app, anonymous, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic))).statusCode).toBe(401);

    expect((await callAs(app, other, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.inReviewCic))).statusCode).toBe(200);
    expect(ZIdentityProcesses.parse((await callAs(app, client, 'GET', '/api/v1/client/identity/processes')).json().data).processes).toEqual([]);
    expect((await callAs(app, client, 'GET', '/api/v1/client/identity/resend')).statusCode).toBe(409);
    expect(ZIdentityProcesses.parse((await callAs(app, other, 'GET', '/api/v1/client/identity/processes')).json().data).status).toBe('in-process');
    // Naming another client: 404 for a client, the attempts for support.
    const peek = await callAs(app, client, 'GET', `/api/v1/client/identity/processes?cuid=${other.cuid}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().msg).toBe(M.processNotFound);
    const support = await createTestClientSession(database);
    await database.db.updateTable('clients').set({ privileges: ['support'] } as never).where('cuid', '=', support.cuid).execute();
    const read = await callAs(app, support, 'GET', `/api/v1/client/identity/processes?cuid=${other.cuid}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(ZIdentityProcesses.parse(read.json().data).processes).toHaveLength(1);
  });

  it('provider calls are limited per client: 10 an hour, starts and resends together', async () => {
    const { app, database } = t;
    const client = await createTestClientSession(database);
    expect((await callAs(app, client, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.inReviewCic))).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await callAs(app, client, 'GET', '/api/v1/client/identity/resend')).statusCode).toBe(200);
    const limited = await callAs(app, client, 'GET', '/api/v1/client/identity/resend');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toMatch(/^Hiciste demasiados intentos/);
    // Another client is not affected.
    const other = await createTestClientSession(database);
    expect((await callAs(app, other, 'POST', '/api/v1/client/identity', card(SANDBOX_INE.approvedCic))).statusCode).toBe(200);
  });
});
