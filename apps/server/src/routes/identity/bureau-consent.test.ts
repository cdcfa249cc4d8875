import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BUREAU_CONSENT_MESSAGES as M, ZBureauConsent } from '@nj/contracts';
import { runCreditInvestigation } from '@nj/core';
import { outboxRepository } from '@nj/core/messaging/outbox-repository';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-bureau-consent-api-' });
const SEND = '/api/v1/client/multiburopinresend';
const PIN = '/api/v1/client/multiburopin';

/** A registered client with an e-mail address (where the NIP goes without a verified phone). */
async function clientWithEmail() {
  const client = await createTestClientSession(t.database);
  const email = `nip.${client.cuid.toLowerCase()}@example.mx`;
  await sql`UPDATE clients SET email = ${email}, nickname = 'Ana' WHERE cuid = ${client.cuid}`.execute(t.database.db);
  return { ...client, email };
}
/** The NIP of the newest message to `email`. */
const lastPin = async (email: string) => (await outboxRepository.list(t.database, { to: email, limit: 1 }))[0]?.codes[0];

describe('the authorization of the credit bureau query with a NIP (spec 03 §7 multiburopin; decision 020)', () => {
  it('sends a NIP by e-mail, refuses a wrong one, authorizes with the right one for 30 days', async () => {
    const { app } = t;
    const client = await clientWithEmail();
    expect(ZBureauConsent.parse((await callAs(app, client, 'GET', PIN)).json().data)).toEqual({ authorized_at: null, valid_until: null, pin_sent_to: null, resend_in_s: 0 });
    const sent = await callAs(app, client, 'POST', SEND, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const data = ZBureauConsent.parse(sent.json().data);
    expect(data.pin_sent_to).toBe('n•••@example.mx');
    expect(sent.json().msg).toBe(M.pinSentEmail('n•••@example.mx'));
    const pin = await lastPin(client.email);
    expect(pin).toMatch(/^\d{6}$/);
    // The NIP is stored hashed, never in clear.
    expect(JSON.stringify((await sql`SELECT * FROM bureau_consents WHERE cuid = ${client.cuid}`.execute(t.database.db)).rows)).not.toContain(pin!);
    // Another only after 30 s.
    const again = await callAs(app, client, 'POST', SEND, {});
    expect(again.statusCode).toBe(429);
    const wrong = await callAs(app, client, 'POST', PIN, { pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ msg: M.pinInvalid, data: { fields: { pin: M.pinInvalid } } });
    for (const bad of ['12345', 'abcdef', '', '1234567']) {
      const res = await callAs(app, client, 'POST', PIN, { pin: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(M.pinFormat);
    }
    const ok = await callAs(app, client, 'POST', PIN, { pin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().msg).toBe(M.authorized);
    const consent = ZBureauConsent.parse(ok.json().data);
    expect(Date.parse(consent.valid_until!) - Date.parse(consent.authorized_at!)).toBe(30 * 86_400_000);
    // The NIP is spent.
    expect((await callAs(app, client, 'POST', PIN, { pin })).json().msg).toBe(M.noPin);
  });

  it('five wrong NIPs spend it; an expired one is refused; visitors 401; without e-mail or phone a clear 409', async () => {
    const { app } = t;
    const client = await clientWithEmail();
    await callAs(app, client, 'POST', SEND, {});
    const pin = (await lastPin(client.email))!;
    const other = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await callAs(app, client, 'POST', PIN, { pin: other })).json().msg).toBe(M.pinInvalid);
    expect((await callAs(app, client, 'POST', PIN, { pin: other })).json().msg).toBe(M.tooManyAttempts);
    expect((await callAs(app, client, 'POST', PIN, { pin })).json().msg).toBe(M.tooManyAttempts);

    const late = await clientWithEmail();
    await callAs(app, late, 'POST', SEND, {});
    await sql`UPDATE bureau_consents SET pin_expires_at = now() - interval '1 second' WHERE cuid = ${late.cuid}`.execute(t.database.db);
    expect((await callAs(app, late, 'POST', PIN, { pin: (await lastPin(late.email))! })).json().msg).toBe(M.pinExpired);

    for (const [method, url] of [['GET', PIN], ['POST', PIN], ['POST', SEND]] as const) {
      expect((await callAs(app, null, method, url, method === 'POST' ? { pin: '123456' } : undefined)).statusCode).toBe(401);
    }
    const bare = await createTestClientSession(t.database);
    const nowhere = await callAs(app, bare, 'POST', SEND, {});
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().msg).toBe(M.noContact);
  });

  it('the investigation is refused without an authorization, and so after 30 days', async () => {
    const { app, database } = t;
    const { renter, ruid } = await insertTestRent(database);
    const actor = { kind: 'registered', cuid: renter.cuid, privileges: [], isAgent: false } as const;
    const fields = { renter_type: 'renter', birthdate: '1990-03-15', first_name: 'Laura', first_last_name: 'Méndez', other_last_names: 'Ortiz', rfc: 'MEOL900315AB1', total_income: '33,000', address: 'Av. Juárez 120', neighborhood: 'Centro', municipality: 'Guadalajara', city: 'Guadalajara', state: 'Jalisco', cp: '44100', nationality: 'MX' };
    await expect(runCreditInvestigation(app.services as never, { actor, ruid, fields, files: [] })).rejects.toMatchObject({ code: 'CONFLICT', msg: M.consentRequired });
    await sql`INSERT INTO bureau_consents (cuid, authorized_at, consent_version) VALUES (${renter.cuid}, now() - interval '31 days', '2026-11')`.execute(database.db);
    await expect(runCreditInvestigation(app.services as never, { actor, ruid, fields, files: [] })).rejects.toMatchObject({ code: 'CONFLICT', msg: M.consentRequired });
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM credit_investigations WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!.n)).toBe(0);
  });
});
