import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RENTS_API_MESSAGES, RENTS_MESSAGES as M } from '@nj/contracts';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-validate-identity-api-' });
const url = (ruid: string, cuid: string) => `/api/v1/messages/${ruid}/validate-identity/${cuid}`;

describe('asking the other party to verify their identity (spec 03 §7 POST /v1/messages/{ruid}/validate-identity/{cuid})', () => {
  it('the owner asks the renter: a message for the renter in the conversation, once a day, not to someone verified', async () => {
    const { app, database } = t;
    const { owner, renter, ruid } = await insertTestRent(database, 'hello', { lat: 18.4, lng: -114.6 });
    await sql`UPDATE clients SET nickname = 'Dueño Pérez' WHERE cuid = ${owner.cuid}`.execute(database.db);
    const asked = await callAs(app, owner, 'POST', url(ruid, renter.cuid), {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().msg).toBe(RENTS_API_MESSAGES.identityRequested);
    expect(asked.json().data).toMatchObject({ from_cuid: owner.cuid, to_cuid: renter.cuid, cat: 'system', text: M.identityRequestText('Dueño Pérez'), dynamic_content: { tag: 'identity_request' } });
    // Both read it in the conversation.
    const theirs = (await callAs(app, renter, 'GET', `/api/v1/messages/${ruid}`)).json().data.messages as { text: string }[];
    expect(theirs.some((m) => m.text === M.identityRequestText('Dueño Pérez'))).toBe(true);
    // Once a day.
    const again = await callAs(app, owner, 'POST', url(ruid, renter.cuid), {});
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe(M.identityRequestRecent);
    // The renter may ask the owner too; a verified person is not asked.
    await sql`UPDATE clients SET is_identity_verified = true WHERE cuid = ${owner.cuid}`.execute(database.db);
    const verified = await callAs(app, renter, 'POST', url(ruid, owner.cuid), {});
    expect(verified.statusCode).toBe(409);
    expect(verified.json().msg).toBe(M.identityAlreadyVerified);
  });

  it('refuses oneself, someone outside the rent, strangers, visitors and a blocked conversation, writing nothing', async () => {
    const { app, database } = t;
    const { owner, renter, stranger, ruid } = await insertTestRent(database, 'hello', { lat: 18.41, lng: -114.61 });
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rent_messages WHERE ruid = ${ruid}`.execute(database.db)).rows[0]!.n);
    const before = await count();
    const self = await callAs(app, renter, 'POST', url(ruid, renter.cuid), {});
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(M.identityRequestSelf);
    const outsider = await callAs(app, renter, 'POST', url(ruid, stranger.cuid), {});
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().msg).toBe(M.identityRequestNotParty);
    expect((await callAs(app, stranger, 'POST', url(ruid, renter.cuid), {})).statusCode).toBe(404);
    expect((await callAs(app, null, 'POST', url(ruid, renter.cuid), {})).statusCode).toBe(401);
    expect((await callAs(app, owner, 'POST', url(ruid, 'x'), {})).statusCode).toBe(400);
    await sql`UPDATE rents SET blocked_by = ${owner.cuid} WHERE ruid = ${ruid}`.execute(database.db);
    expect((await callAs(app, owner, 'POST', url(ruid, renter.cuid), {})).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});
